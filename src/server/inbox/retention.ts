/**
 * The privacy policy's promise, kept by the server itself: a contact message (with its replies
 * and their mail) is deleted 12 months after it was handled; an unhandled one is kept until
 * someone handles it. The job is one idempotent DELETE, so every node and every start-up may run
 * it without coordination: two runs at once delete the same rows once (decision 021).
 */
import { and, isNotNull, lt } from 'drizzle-orm';
import { writeTransaction, type Database } from '../../../db/client.ts';
import { contactMessages } from '../../../db/schema.ts';
import { removeMessages } from './removal.ts';

export const RETENTION_MONTHS = 12;
const DAY = 24 * 60 * 60_000;

/** The moment before which a handled message has expired: the same date, 12 months earlier. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION_MONTHS);
  return cutoff;
}

/** Deletes the messages handled before the cutoff; returns how many went. */
export function deleteExpiredMessages(db: Database, now = new Date()): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const expired = await tx
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(and(isNotNull(contactMessages.handledAt), lt(contactMessages.handledAt, retentionCutoff(now))));
    const removed = await removeMessages(
      tx,
      expired.map((row) => row.id),
    );
    return removed.messages;
  });
}

/**
 * Runs the job at once and then daily for the life of the process; failures are logged, never
 * thrown (the next day's run catches up). Returns a function that stops it.
 */
export function startInboxRetention(db: Database, everyMs = DAY): () => void {
  const run = () =>
    deleteExpiredMessages(db).then(
      (count) => {
        if (count > 0) console.log(`Deleted ${count} contact message(s) handled more than ${RETENTION_MONTHS} months ago.`);
      },
      (error: unknown) => console.warn(`Could not delete expired contact messages: ${String(error)}`),
    );
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
