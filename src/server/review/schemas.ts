/** The review API's request bodies (docs/decisions/064). */
import { z } from 'zod';
import { instantField } from '../../lib/admin-schemas/fields.ts';

/** The longest message or comment, counted on the stored text. */
export const REVIEW_TEXT_MAX = 2000;

/** Plain text, line breaks kept (CRLF normalised), trimmed. */
const reviewText = z
  .string()
  .max(REVIEW_TEXT_MAX * 2, { error: 'TOO_LONG' })
  .transform((value) => value.replace(/\r\n?/g, '\n').trim());

const version = z.number({ error: 'REQUIRED' }).int().min(1);

/** Submit: the item's version the form saved (and its working copy's), and an optional message. */
export const submitInput = z.strictObject({
  version,
  copyVersion: z.number().int().min(1).nullable().optional(),
  message: reviewText.pipe(z.string().max(REVIEW_TEXT_MAX, { error: 'TOO_LONG' })).optional(),
});

/**
 * Approve: the versions the publisher saw (a stale one is a 409) and, to schedule instead of
 * publishing now, the instant to publish at (ahead of now, else 422 `publishAt: NOT_IN_FUTURE`).
 */
export const approveInput = z.strictObject({ version, copyVersion: z.number().int().min(1).nullable().optional(), publishAt: instantField.optional() });

/** Request changes: what to change, required. */
export const requestChangesInput = z.strictObject({
  comment: z
    .string({ error: 'REQUIRED' })
    .pipe(reviewText)
    .pipe(z.string().min(1, { error: 'REQUIRED' }).max(REVIEW_TEXT_MAX, { error: 'TOO_LONG' })),
});

/** Withdraw: nothing to say. */
export const withdrawInput = z.strictObject({});

export type SubmitInput = z.output<typeof submitInput>;
export type ApproveInput = z.output<typeof approveInput>;
