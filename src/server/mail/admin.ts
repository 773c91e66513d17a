/**
 * The admin's "Sent mail" view: the outbox newest first, one message, and "Retry now"
 * (docs/decisions/017). Reads go straight to the database; a retry is one guarded update.
 */
import { and, count, desc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import { writeTransaction, type Database } from '../../../db/client.ts';
import { mailOutbox, mailStatuses } from '../../../db/schema.ts';
import type { Translate } from '../../i18n/index.ts';
import { mailEvents, mailKinds, type MailKind } from './outbox.ts';

export const MAIL_PAGE_SIZE = 25;

/** A message's kind in the reader's language (a kind no longer sent reads as itself). */
export function mailKindLabel(t: Translate, kind: string): string {
  return mailKinds.includes(kind as MailKind) ? t(`admin.mail.kind.${kind as MailKind}`) : kind;
}

/** The list's query string: `?status=failed&page=2`; anything else is a 400. */
export const mailListQuery = z.object({
  status: z.enum(mailStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type MailListQuery = z.output<typeof mailListQuery>;

/** Reads the list's query from a URL; `undefined` when it is not valid. */
export function parseMailListQuery(search: URLSearchParams): MailListQuery | undefined {
  const raw = Object.fromEntries([...search].filter(([name, value]) => (name === 'status' || name === 'page') && value !== ''));
  const parsed = mailListQuery.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

const listColumns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  recipient: mailOutbox.recipient,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  leaseUntil: mailOutbox.leaseUntil,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

export type MailListItem = { [K in keyof typeof listColumns]: (typeof mailOutbox.$inferSelect)[K] };
export type MailMessage = typeof mailOutbox.$inferSelect;

/** One page of messages, newest first, and how many pages the filter has. */
export async function listMail(db: Database, { status, page }: MailListQuery): Promise<{ items: MailListItem[]; total: number; pages: number }> {
  const where = status ? eq(mailOutbox.status, status) : undefined;
  const [items, [totals]] = await Promise.all([
    db
      .select(listColumns)
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(MAIL_PAGE_SIZE)
      .offset((page - 1) * MAIL_PAGE_SIZE),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  const total = totals?.total ?? 0;
  return { items, total, pages: Math.max(1, Math.ceil(total / MAIL_PAGE_SIZE)) };
}

/** A positive row id from a route parameter, or undefined. */
export function parseMailId(value: string | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

export async function getMail(db: Database, id: number): Promise<MailMessage | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}

/** True while some process holds the row (a delivery may be in progress). */
export function isBeingSent(row: Pick<MailMessage, 'status' | 'leaseUntil'>, now = new Date()): boolean {
  return row.status === 'pending' && row.leaseUntil !== null && row.leaseUntil > now;
}

/** Whether "Retry now" applies: failed, or waiting for its next attempt (not in flight). */
export function canRetry(row: Pick<MailMessage, 'status' | 'leaseUntil'>, now = new Date()): boolean {
  return row.status === 'failed' || (row.status === 'pending' && !isBeingSent(row, now));
}

export type RetryOutcome = 'retried' | 'not-found' | 'not-retryable';

/**
 * Makes a failed or waiting message due now and wakes this process's sender. A message being
 * sent is left alone (its lease must hold), and a sent one is never sent again from here.
 */
export async function retryMail(db: Database, id: number, now = new Date()): Promise<RetryOutcome> {
  const outcome = await writeTransaction(db, async (tx): Promise<RetryOutcome> => {
    const updated = await tx
      .update(mailOutbox)
      .set({ status: 'pending', nextAttemptAt: now, leaseUntil: null })
      .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['pending', 'failed']), or(isNull(mailOutbox.leaseUntil), lte(mailOutbox.leaseUntil, now))))
      .returning({ id: mailOutbox.id });
    if (updated.length > 0) return 'retried';
    const [exists] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    return exists ? 'not-retryable' : 'not-found';
  });
  if (outcome === 'retried') mailEvents.emit('enqueued');
  return outcome;
}
