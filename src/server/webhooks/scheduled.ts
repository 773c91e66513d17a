/**
 * Announces scheduled publications: when an item's `publishAt` passes, receivers get
 * `<item>.published`; when its `unpublishAt` passes, `<item>.unpublished` — exactly once, however
 * many processes and machines share the database (docs/decisions/028, "Scheduled publication").
 *
 * Each webhook sender round looks at the window since the last announced instant. A process that
 * finds something due claims the window by moving the one `webhook_schedule_cursor` row forward
 * in a single UPDATE (which takes the write lock, so no stale read decides anything), then queues
 * the messages in the same transaction: another process either waits and finds the window gone,
 * or claims the next one. Items saved at or after their instant were already announced by that
 * save (`content.ts` judges visibility at save time), so only items last saved before it count.
 */
import { and, asc, eq, gt, lt, lte, sql, type SQL } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { webhookScheduleCursor } from '../../../db/schema.ts';
import type { EntitySpec } from '../engine/entity-spec.ts';
import { columnOf, loadStates } from '../engine/entity-state.ts';
import { adminResources } from '../collections/registry.ts';
import { getSiteOrigin } from '../config/site-origin.ts';
import type { CollectionName } from '../../lib/collections/index.ts';
import { contentEventData } from '../engine/content-webhooks.ts';
import { contentEventType, type ContentEventKind } from '../outbox/webhook-events.ts';
import { enqueueWebhook } from '../outbox/webhooks.ts';

const CURSOR_ID = 1;

/** The instant column of each kind of scheduled change. */
const instantKeys: Record<'published' | 'unpublished', string> = { published: 'publishAt', unpublished: 'unpublishAt' };

/** Collections whose items can be scheduled (those with `publishAt` and `unpublishAt`: events, editions). */
const scheduledCollections = (Object.keys(adminResources) as CollectionName[]).filter((name) => {
  const { spec } = adminResources[name];
  return Boolean(spec.publication) && spec.columns.includes('publishAt') && spec.columns.includes('unpublishAt');
});

interface DueChange {
  collection: CollectionName;
  spec: EntitySpec;
  kind: Extract<ContentEventKind, 'published' | 'unpublished'>;
  id: number;
  at: Date;
}

/**
 * Published items whose `key` instant falls in (`from`, `until`] and that were last saved before it.
 * The window is read from the instant's partial index (few rows hold an instant); `+status` keeps
 * the planner, which has no statistics, from walking every published item by its status index
 * instead: 20 ms at 100k events, on the event loop, every sender round (decision 012).
 */
function dueCondition(spec: EntitySpec, key: string, from: Date, until: Date): SQL {
  const instant = columnOf(spec, key);
  // Items only (an event's later dates share its schedule and are announced with it).
  return and(sql`+${columnOf(spec, 'status')} = 'published'`, gt(instant, from), lte(instant, until), lt(columnOf(spec, 'updatedAt'), instant), spec.managed)!;
}

/** Every scheduled change in (`from`, `until`], in the order the instants passed. */
async function findDueChanges(executor: Executor, from: Date, until: Date, limit?: number): Promise<DueChange[]> {
  const found = await Promise.all(
    scheduledCollections.flatMap((collection) => {
      const { spec } = adminResources[collection];
      return (Object.entries(instantKeys) as [DueChange['kind'], string][]).map(async ([kind, key]) => {
        const instant = columnOf(spec, key);
        const query = executor
          .select({ id: columnOf(spec, 'id'), at: instant })
          .from(spec.table)
          .where(dueCondition(spec, key, from, until))
          .orderBy(asc(instant));
        const rows = (await (limit ? query.limit(limit) : query)) as { id: number; at: Date }[];
        return rows.map((row) => ({ collection, spec, kind, id: row.id, at: row.at }));
      });
    }),
  );
  return found.flat().sort((a, b) => a.at.getTime() - b.at.getTime() || (a.kind === b.kind ? a.id - b.id : a.kind === 'published' ? -1 : 1));
}

/**
 * Queues the messages of every scheduled publication and unpublication that passed since the
 * last call (by any process); returns how many items were announced. The first call ever only
 * starts the clock: what passed before it was deployed is not announced.
 */
export async function announceScheduledChanges(db: Database, now = new Date()): Promise<number> {
  const [cursor] = await db.select().from(webhookScheduleCursor).where(eq(webhookScheduleCursor.id, CURSOR_ID));
  if (!cursor) {
    await db.insert(webhookScheduleCursor).values({ id: CURSOR_ID, checkedFrom: now, checkedUntil: now }).onConflictDoNothing();
    return 0;
  }
  // A cheap read first: idle rounds never take the write lock.
  if (cursor.checkedUntil >= now || (await findDueChanges(db, cursor.checkedUntil, now, 1)).length === 0) return 0;
  return writeTransaction(db, async (tx) => {
    // SET reads the old values, so `checked_from` is the start of the window this UPDATE claimed.
    const [claimed] = await tx
      .update(webhookScheduleCursor)
      .set({ checkedFrom: sql`${webhookScheduleCursor.checkedUntil}`, checkedUntil: now })
      .where(and(eq(webhookScheduleCursor.id, CURSOR_ID), lt(webhookScheduleCursor.checkedUntil, now)))
      .returning();
    if (!claimed) return 0;
    const due = await findDueChanges(tx, claimed.checkedFrom, claimed.checkedUntil);
    const origin = getSiteOrigin();
    for (const change of due) {
      const state = (await loadStates(tx, change.spec, [change.id])).get(change.id);
      if (!state) continue;
      const data = contentEventData(change.spec, state, origin);
      await enqueueWebhook(tx, contentEventType(change.collection, change.kind), data, { now });
    }
    return due.length;
  });
}
