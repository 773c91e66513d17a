/**
 * The delivery cursors of the shared cache purges (docs/decisions/050): per target and pass, the
 * last `cache_purges` id sent. The log is the outbox (its rows are written in each write's
 * transaction); a cursor is claimed under a lease in one short write transaction, so of all the
 * processes and machines sharing the database one sends a target's purges at a time, in order.
 * The outcome is written only while that claim still holds the cursor.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { writeTransaction, type Database } from '../../../db/client.ts';
import { cachePurges, edgePurgeCursors } from '../../../db/schema.ts';
import { getLatestPurgeId } from '../page-cache/purge-log.ts';

export type EdgePurgeCursor = typeof edgePurgeCursors.$inferSelect;
export type PurgePass = EdgePurgeCursor['pass'];
export type ClaimedCursor = EdgePurgeCursor & { leaseUntil: Date };

export const PURGE_PASSES: readonly PurgePass[] = ['first', 'again'];

/** Gives each target its cursors, starting after the newest purge (its cache starts as it is). */
export async function ensureCursors(db: Database, targetIds: readonly string[]): Promise<void> {
  if (targetIds.length === 0) return;
  await writeTransaction(db, async (tx) => {
    const latest = await getLatestPurgeId(tx);
    await tx
      .insert(edgePurgeCursors)
      .values(targetIds.flatMap((target) => PURGE_PASSES.map((pass) => ({ target, pass, lastId: latest }))))
      .onConflictDoNothing();
  });
}

export function readCursors(db: Database): Promise<EdgePurgeCursor[]> {
  return db.select().from(edgePurgeCursors);
}

const sameCursor = (cursor: Pick<EdgePurgeCursor, 'target' | 'pass'>) =>
  and(eq(edgePurgeCursors.target, cursor.target), eq(edgePurgeCursors.pass, cursor.pass));

/** Claims `cursor` until `now + leaseMs` if it is due and nobody holds it; undefined otherwise. */
export async function claimCursor(
  db: Database,
  cursor: Pick<EdgePurgeCursor, 'target' | 'pass'>,
  now: Date,
  leaseMs: number,
): Promise<ClaimedCursor | undefined> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const [claimed] = await writeTransaction(db, (tx) =>
    tx
      .update(edgePurgeCursors)
      .set({ leaseUntil })
      .where(
        and(
          sameCursor(cursor),
          or(isNull(edgePurgeCursors.leaseUntil), lte(edgePurgeCursors.leaseUntil, now)),
          or(isNull(edgePurgeCursors.nextAttemptAt), lte(edgePurgeCursors.nextAttemptAt, now)),
        ),
      )
      .returning(),
  );
  return claimed ? { ...claimed, leaseUntil } : undefined;
}

const heldBy = (cursor: ClaimedCursor) => and(sameCursor(cursor), eq(edgePurgeCursors.leaseUntil, cursor.leaseUntil));

/** The purges up to `lastId` reached the target: the cursor moves on and its failures are forgotten. */
export function recordSent(db: Database, cursor: ClaimedCursor, lastId: number, at: Date): Promise<unknown> {
  return writeTransaction(db, (tx) =>
    tx.update(edgePurgeCursors).set({ lastId, failures: 0, nextAttemptAt: null, leaseUntil: null, lastSentAt: at }).where(heldBy(cursor)),
  );
}

/** An attempt failed: the same purges are due again at `nextAttemptAt`. */
export function recordFailure(db: Database, cursor: ClaimedCursor, error: string, at: Date, nextAttemptAt: Date): Promise<unknown> {
  return writeTransaction(db, (tx) =>
    tx
      .update(edgePurgeCursors)
      .set({ failures: sql`${edgePurgeCursors.failures} + 1`, nextAttemptAt, leaseUntil: null, lastError: error, lastFailedAt: at })
      .where(heldBy(cursor)),
  );
}

/** Gives a claim back untouched (nothing to send yet, or this process is stopping). */
export function releaseCursor(db: Database, cursor: ClaimedCursor): Promise<unknown> {
  return writeTransaction(db, (tx) => tx.update(edgePurgeCursors).set({ leaseUntil: null }).where(heldBy(cursor)));
}

/** How many purges each target has not been sent yet (its `first` pass), by target. */
export async function countPendingPurges(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ target: edgePurgeCursors.target, pending: sql<number>`count(${cachePurges.id})` })
    .from(edgePurgeCursors)
    .leftJoin(cachePurges, gt(cachePurges.id, edgePurgeCursors.lastId))
    .where(eq(edgePurgeCursors.pass, 'first'))
    .groupBy(edgePurgeCursors.target);
  return new Map(rows.map((row) => [row.target, Number(row.pending)]));
}
