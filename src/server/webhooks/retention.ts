/**
 * How long webhook deliveries are kept: delivered and failed ones (with their attempts) go after
 * `HUB_WEBHOOK_RETENTION_DAYS`; pending ones stay whatever their age. The admin screen shows the
 * newest 50 per endpoint, so older rows only grew the tables. One idempotent pair of DELETEs:
 * any node may run it at any time without coordination.
 */
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { writeTransaction, type Database } from '../../../db/client.ts';
import { webhookAttempts, webhookDeliveries } from '../../../db/schema.ts';

const DAY_MS = 24 * 60 * 60_000;

/** Deletes deliveries delivered (or, for failed ones, queued) more than `retentionDays` ago; returns how many. */
export function pruneOldWebhookDeliveries(db: Database, { now = new Date(), retentionDays }: { now?: Date; retentionDays: number }): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  return writeTransaction(db, async (tx) => {
    const expired = tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        or(
          and(eq(webhookDeliveries.status, 'delivered'), lt(webhookDeliveries.deliveredAt, before)),
          and(eq(webhookDeliveries.status, 'failed'), lt(webhookDeliveries.createdAt, before)),
        ),
      );
    // Attempts first: the cascade would do it, but only where foreign keys are enforced.
    await tx.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, expired));
    const removed = await tx.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, expired)).returning({ id: webhookDeliveries.id });
    return removed.length;
  });
}
