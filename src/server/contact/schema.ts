/**
 * The contact form's fields and limits, shared by the Astro Action (server) and the page that
 * renders the form (maxlength attributes). Messages are stable codes the page translates
 * (`hub.contact.error.<code>`), never English sentences.
 */
import { z } from 'zod';
import { SINGLE_LINE_PATTERN } from '../../lib/admin-schemas/fields.ts';

export const contactLimits = {
  name: 100,
  email: 254,
  subject: 150,
  messageMin: 10,
  message: 5_000,
} as const;

/** Error codes a field can carry. */
export type ContactErrorCode = 'REQUIRED' | 'TOO_LONG' | 'TOO_SHORT' | 'MULTI_LINE' | 'INVALID_EMAIL' | 'CONSENT_REQUIRED';

const text = (max: number) => z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(max, { error: 'TOO_LONG' });
/** A name or a subject: one line (a line break would also start a new header in the mail). */
const line = (max: number) => text(max).regex(SINGLE_LINE_PATTERN, { error: 'MULTI_LINE' });

export const contactSchema = z.object({
  name: line(contactLimits.name),
  email: text(contactLimits.email).pipe(z.email({ error: 'INVALID_EMAIL' })),
  subject: line(contactLimits.subject),
  message: text(contactLimits.message).refine((value) => value.length >= contactLimits.messageMin, { error: 'TOO_SHORT' }),
  consent: z.boolean().refine((value) => value, { error: 'CONSENT_REQUIRED' }),
  /** Honeypot: hidden from people, filled in by bots. Any value is accepted and then ignored. */
  website: z.string().max(2_000).optional(),
});

export type ContactInput = z.output<typeof contactSchema>;

/** Field names in form order (for error summaries and focus). */
export const contactFields = ['name', 'email', 'subject', 'message', 'consent'] as const;
export type ContactField = (typeof contactFields)[number];
