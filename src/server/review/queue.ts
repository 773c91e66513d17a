/**
 * The review queue (docs/decisions/064): the requests waiting for the reader to decide, newest
 * first, across collections, limited to the items their editions cover. The nav badge counts the
 * same list. Waiting requests are few (each is someone's pending work), so the queue reads at
 * most `QUEUE_SCAN_CAP` of them and says so when more wait.
 */
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { reviewRequests } from '../../../db/schema.ts';
import { isCollectionName, type CollectionName } from '../../lib/collections/index.ts';
import type { Actor } from '../auth/actor.ts';
import { adminResources } from '../collections/registry.ts';
import { loadTitles } from '../engine/audit-changes.ts';
import { loadStates } from '../engine/entity-state.ts';
import { mayDecide, reviewViewOf, type ReviewView } from './service.ts';

/** The most waiting requests one reading looks at. */
export const QUEUE_SCAN_CAP = 500;
export const QUEUE_PAGE_SIZE = 20;

export interface QueueEntry extends ReviewView {
  collection: CollectionName;
  itemId: number;
  title: string;
}

export interface ReviewQueue {
  entries: QueueEntry[];
  /** How many wait for the reader (up to the scan cap). */
  total: number;
  /** More requests wait than one reading looks at. */
  capped: boolean;
  page: number;
  pageSize: number;
}

type Decider = Pick<Actor, 'id' | 'editions' | 'can'>;

/** The waiting requests `actor` may decide on, newest first, with their items' titles. */
async function waitingFor(db: Executor, actor: Decider): Promise<{ rows: (typeof reviewRequests.$inferSelect)[]; capped: boolean }> {
  if (!actor.can('content.publish')) return { rows: [], capped: false };
  const rows = await db
    .select()
    .from(reviewRequests)
    .where(eq(reviewRequests.status, 'waiting'))
    .orderBy(desc(reviewRequests.submittedAt), desc(reviewRequests.id))
    .limit(QUEUE_SCAN_CAP + 1);
  const capped = rows.length > QUEUE_SCAN_CAP;
  const known = rows.slice(0, QUEUE_SCAN_CAP).filter((row) => isCollectionName(row.collection));
  if (!actor.editions) return { rows: known, capped };
  // Limited to some editions: only the items they could publish (docs/decisions/059).
  const allowed = new Set<string>();
  for (const [collection, ids] of groupByCollection(known)) {
    const resource = adminResources[collection];
    for (const state of (await loadStates(db, resource.spec, ids)).values()) {
      if (mayDecide(actor, resource, state)) allowed.add(`${collection}:${state.id}`);
    }
  }
  return { rows: known.filter((row) => allowed.has(`${row.collection}:${row.itemId}`)), capped };
}

function groupByCollection(rows: readonly { collection: string; itemId: number }[]): Map<CollectionName, number[]> {
  const groups = new Map<CollectionName, number[]>();
  for (const row of rows) {
    if (!isCollectionName(row.collection)) continue;
    groups.set(row.collection, [...(groups.get(row.collection) ?? []), row.itemId]);
  }
  return groups;
}

/** How many requests wait for `actor` (the nav badge). */
export async function countWaitingFor(db: Executor, actor: Decider): Promise<number> {
  return (await waitingFor(db, actor)).rows.length;
}

/** One page of the queue of `actor`. */
export async function listReviewQueue(db: Executor, actor: Decider, page = 1): Promise<ReviewQueue> {
  const { rows, capped } = await waitingFor(db, actor);
  const shown = rows.slice((page - 1) * QUEUE_PAGE_SIZE, page * QUEUE_PAGE_SIZE);
  const titles = new Map<string, string>();
  for (const [collection, ids] of groupByCollection(shown)) {
    for (const [id, title] of await loadTitles(db, adminResources[collection].spec, ids)) titles.set(`${collection}:${id}`, title);
  }
  const entries = shown.map((row) => ({
    ...reviewViewOf(row),
    collection: row.collection as CollectionName,
    itemId: row.itemId,
    title: titles.get(`${row.collection}:${row.itemId}`) ?? '',
  }));
  return { entries, total: rows.length, capped, page, pageSize: QUEUE_PAGE_SIZE };
}
