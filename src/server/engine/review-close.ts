/**
 * Closing review requests (docs/decisions/064) in the write engine: trashing an item or
 * publishing it by any path settles what waited for it. Here rather than in `review/`, whose
 * service mails: the engine imports only platform folders (docs/decisions/047).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { reviewRequests } from '../../../db/schema.ts';

/** Marks the waiting requests of `itemIds` closed (trashed, or published without an approval), in the caller's transaction. */
export async function closeWaitingReviews(tx: Executor, collection: string, itemIds: readonly number[], reason: 'trashed' | 'published'): Promise<void> {
  if (itemIds.length === 0) return;
  await tx
    .update(reviewRequests)
    .set({ status: 'closed', decidedAt: new Date(), comment: reason })
    .where(and(eq(reviewRequests.collection, collection), inArray(reviewRequests.itemId, [...itemIds]), eq(reviewRequests.status, 'waiting')));
}
