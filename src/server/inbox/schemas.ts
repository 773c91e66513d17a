/**
 * The inbox's inputs, shared by the admin pages (HTML forms) and the JSON API. Error messages are
 * stable codes the pages translate (`admin.inbox.error.<code>`).
 */
import { z } from 'zod';
import { contactLimits } from '../contact/schema.ts';

export const INBOX_PAGE_SIZE = 25;

export const inboxFilters = ['all', 'unread', 'unhandled', 'handled'] as const;
export type InboxFilter = (typeof inboxFilters)[number];

/** The list's query string: `?q=&filter=&page=`; anything unusable falls back to the default. */
export const inboxQuerySchema = z.object({
  q: z.string().trim().max(200).catch('').default(''),
  filter: z.enum(inboxFilters).catch('all').default('all'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

export const replyLimits = { body: 10_000 } as const;

export const replySchema = z.object({
  body: z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(replyLimits.body, { error: 'TOO_LONG' }),
});

/**
 * A reply's idempotency key: the form's hidden `key` (made when the page is rendered) or the API's
 * `Idempotency-Key` header. Anything else is ignored rather than refused: the reply is then new.
 */
export const replyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/);

/** The key from a form field or header value, or undefined when absent or unusable. */
export function readReplyKey(value: unknown): string | undefined {
  const parsed = replyKeySchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** PATCH /api/admin/inbox/{id}: either flag, or both. */
export const messagePatchSchema = z
  .object({ read: z.boolean().optional(), handled: z.boolean().optional() })
  .strict()
  .refine((body) => body.read !== undefined || body.handled !== undefined, { error: 'EMPTY_PATCH' });

const email = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, { error: 'REQUIRED' })
  .max(contactLimits.email, { error: 'TOO_LONG' })
  .pipe(z.email({ error: 'INVALID_EMAIL' }));

export const personSchema = z.object({ email });

/** Erasure asks for the address a second time, typed by hand: the confirmation step. */
export const eraseSchema = z
  .object({ email, confirm: z.string({ error: 'REQUIRED' }).trim() })
  .refine((body) => body.confirm.toLowerCase() === body.email.toLowerCase(), { error: 'CONFIRMATION_MISMATCH', path: ['confirm'] });

/** A message id from a route parameter; null when it is not one. */
export function parseMessageId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && String(id) === value ? id : null;
}
