/**
 * The sender's reads and writes of `mail_outbox`. A row is claimed by moving its lease forward in
 * one short write transaction, so that of all the processes and machines sharing the database
 * only one delivers it at a time; every later write about the row is fenced by that lease.
 */
import { and, asc, eq, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import { writeTransaction, type Database, type Transaction } from '../../../db/client.ts';
import { mailOutbox } from '../../../db/schema.ts';

export type ClaimedMail = typeof mailOutbox.$inferSelect & { leaseUntil: Date; messageId: string };

/** Due: pending, its time has come, and nobody holds it (no lease, or one that ran out). */
function isDue(now: Date) {
  return and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now), or(isNull(mailOutbox.leaseUntil), lte(mailOutbox.leaseUntil, now)));
}

export interface ClaimOptions {
  now: Date;
  leaseMs: number;
  limit: number;
  /** Domain of the Message-IDs given to rows that have none yet. */
  messageIdDomain: string;
}

/**
 * Claims up to `limit` due rows for this process until `now + leaseMs` and counts the attempt.
 * `next_attempt_at` moves to the lease's end too: if this process dies mid-send, the row is due
 * again exactly when its lease runs out. A row gets its Message-ID on its first claim and keeps
 * it, so every delivery of one row carries the same id.
 */
export function claimDueMail(db: Database, options: ClaimOptions): Promise<ClaimedMail[]> {
  return writeTransaction(db, (tx) => claimDueMailIn(tx, options));
}

/** `claimDueMail` inside an open write transaction. */
export async function claimDueMailIn(tx: Transaction, { now, leaseMs, limit, messageIdDomain }: ClaimOptions): Promise<ClaimedMail[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const due = tx.select({ id: mailOutbox.id }).from(mailOutbox).where(isDue(now)).orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id)).limit(limit);
  const claimed = await tx
    .update(mailOutbox)
    .set({
      leaseUntil,
      nextAttemptAt: leaseUntil,
      attempts: sql`${mailOutbox.attempts} + 1`,
      messageId: sql`coalesce(${mailOutbox.messageId}, '<outbox.' || ${mailOutbox.id} || '.' || ${mailOutbox.createdAt} || '@' || ${messageIdDomain} || '>')`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return (claimed as ClaimedMail[]).sort((a, b) => a.id - b.id);
}

/** Whether anything may be due: a cheap read, so idle nodes poll without taking the write lock. */
export async function getNextAttemptAt(db: Database): Promise<Date | undefined> {
  const [row] = await db
    .select({ next: min(mailOutbox.nextAttemptAt) })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'));
  return row?.next ?? undefined;
}

const heldBy = (row: ClaimedMail) => and(eq(mailOutbox.id, row.id), eq(mailOutbox.leaseUntil, row.leaseUntil));

/**
 * The message was accepted. Not fenced by the lease: whoever delivered it, it is sent. A
 * sensitive body (a one-time link) is cleared unless `keepBody` (file mode keeps the `.eml`).
 */
export function markSent(db: Database, row: ClaimedMail, { now, keepBody }: { now: Date; keepBody: boolean }): Promise<unknown> {
  const clear = row.sensitive && !keepBody ? { text: '', html: '' } : {};
  return writeTransaction(db, (tx) =>
    tx
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, leaseUntil: null, lastError: null, ...clear })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending'))),
  );
}

/** The attempt failed: try again at `nextAttemptAt`, or give up (`failed`). */
export function markAttemptFailed(db: Database, row: ClaimedMail, outcome: { error: string; nextAttemptAt: Date | null }): Promise<unknown> {
  return writeTransaction(db, (tx) =>
    tx
      .update(mailOutbox)
      .set({
        leaseUntil: null,
        lastError: outcome.error.slice(0, 1000),
        ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : { status: 'failed' as const }),
      })
      .where(heldBy(row)),
  );
}

/** Gives back claims this process will not attempt (it is stopping): due again at once, attempt uncounted. */
export function releaseClaims(db: Database, rows: readonly ClaimedMail[], now: Date): Promise<unknown> {
  if (rows.length === 0) return Promise.resolve();
  return writeTransaction(db, async (tx) => {
    for (const row of rows) {
      await tx
        .update(mailOutbox)
        .set({ leaseUntil: null, nextAttemptAt: now, attempts: sql`max(${mailOutbox.attempts} - 1, 0)` })
        .where(heldBy(row));
    }
  });
}
