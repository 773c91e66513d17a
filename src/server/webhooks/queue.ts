/**
 * The webhook sender's reads and writes of `webhook_deliveries`, leased as the mail outbox is
 * (docs/decisions/017): a due row is claimed by moving its lease forward in one short write
 * transaction, so of all the processes and machines sharing the database only one sends it at a
 * time; the outcome of an attempt is written only while that claim still holds the row.
 */
import { and, asc, eq, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import { writeTransaction, type Database } from '../../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../../db/schema.ts';

export type ClaimedDelivery = typeof webhookDeliveries.$inferSelect & { leaseUntil: Date; url: string; secret: string };

function isDue(now: Date) {
  return and(
    eq(webhookDeliveries.status, 'pending'),
    lte(webhookDeliveries.nextAttemptAt, now),
    or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now)),
  );
}

/**
 * Claims up to `limit` due rows until `now + leaseMs` and counts the attempt. `next_attempt_at`
 * moves to the lease's end: if this process dies mid-request the row is due again then.
 */
export function claimDueDeliveries(db: Database, { now, leaseMs, limit }: { now: Date; leaseMs: number; limit: number }): Promise<ClaimedDelivery[]> {
  return writeTransaction(db, async (tx) => {
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const due = tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(isDue(now))
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(limit);
    const claimed = await tx
      .update(webhookDeliveries)
      .set({ leaseUntil, nextAttemptAt: leaseUntil, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(inArray(webhookDeliveries.id, due))
      .returning();
    if (claimed.length === 0) return [];
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]));
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    return claimed.flatMap((row) => {
      const endpoint = byId.get(row.endpointId);
      return endpoint ? [{ ...row, leaseUntil, url: endpoint.url, secret: endpoint.secret }] : [];
    });
  });
}

/** The earliest pending row's time: a cheap read, so idle nodes poll without the write lock. */
export async function getNextDeliveryAt(db: Database): Promise<Date | undefined> {
  const [row] = await db
    .select({ next: min(webhookDeliveries.nextAttemptAt) })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'pending'));
  return row?.next ?? undefined;
}

export interface AttemptRecord {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  excerpt: string;
  error: string | null;
}

/**
 * Logs the attempt and moves the row on: `delivered`, due again at `nextAttemptAt`, or `failed`
 * (`nextAttemptAt` null). Fenced by the claim: a row someone else took over is left alone.
 */
export function recordAttempt(
  db: Database,
  row: ClaimedDelivery,
  attempt: AttemptRecord,
  outcome: { delivered: boolean; nextAttemptAt: Date | null },
): Promise<unknown> {
  return writeTransaction(db, async (tx) => {
    const updated = await tx
      .update(webhookDeliveries)
      .set({
        leaseUntil: null,
        lastStatusCode: attempt.statusCode,
        lastError: attempt.error,
        ...(outcome.delivered
          ? { status: 'delivered' as const, deliveredAt: attempt.at }
          : outcome.nextAttemptAt
            ? { nextAttemptAt: outcome.nextAttemptAt }
            : { status: 'failed' as const }),
      })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.leaseUntil, row.leaseUntil)))
      .returning({ id: webhookDeliveries.id });
    if (updated.length === 0) return;
    await tx.insert(webhookAttempts).values({ deliveryId: row.id, ...attempt });
  });
}

/** Gives back claims this process will not attempt (it is stopping): due at once, attempt uncounted. */
export function releaseDeliveries(db: Database, rows: readonly ClaimedDelivery[], now: Date): Promise<unknown> {
  if (rows.length === 0) return Promise.resolve();
  return writeTransaction(db, async (tx) => {
    for (const row of rows) {
      await tx
        .update(webhookDeliveries)
        .set({ leaseUntil: null, nextAttemptAt: now, attempts: sql`max(${webhookDeliveries.attempts} - 1, 0)` })
        .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.leaseUntil, row.leaseUntil)));
    }
  });
}
