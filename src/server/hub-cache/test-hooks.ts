/**
 * TEST-ONLY write functions behind `POST /api/test/invalidate`, compiled into every build but
 * refusing to run unless `HUB_TEST_HOOKS=1`. They stand in for the admin write path (not built
 * yet) so tests can prove that a write through the server becomes visible on the next request.
 */
import { and, eq, sql } from 'drizzle-orm';
import { writeTransaction, type Database } from '../../../db/client.ts';
import { eventTranslations, events } from '../../../db/schema.ts';
import { reindexSearch } from '../../../db/search-index.ts';

/** True only when the process was started with HUB_TEST_HOOKS=1. */
export function areTestHooksEnabled(): boolean {
  return process.env.HUB_TEST_HOOKS === '1';
}

/** Renames an event in one locale; returns its id (undefined when unknown). */
export async function renameEvent(db: Database, slug: string, locale: string, title: string): Promise<number | undefined> {
  return writeTransaction(db, async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.slug, slug)).limit(1);
    if (!event) return undefined;
    await tx
      .update(eventTranslations)
      .set({ title })
      .where(and(eq(eventTranslations.eventId, event.id), eq(eventTranslations.locale, locale)));
    await tx
      .update(events)
      .set({ updatedAt: new Date(), version: sql`${events.version} + 1`, updatedBy: 'test-hook' })
      .where(eq(events.id, event.id));
    await reindexSearch(tx, 'event', [event.id]);
    return event.id;
  });
}

/** Publishes an event with a scheduled `publishAt`; returns its id. */
export async function scheduleEvent(db: Database, slug: string, publishAt: Date): Promise<number | undefined> {
  return writeTransaction(db, async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.slug, slug)).limit(1);
    if (!event) return undefined;
    await tx
      .update(events)
      .set({ status: 'published', publishAt, publishedAt: new Date(), updatedAt: new Date(), version: sql`${events.version} + 1`, updatedBy: 'test-hook' })
      .where(eq(events.id, event.id));
    return event.id;
  });
}
