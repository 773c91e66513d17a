/**
 * The hook the admin write path calls after a committed write: purges exactly the cached hub
 * responses that may show what changed, in every locale (tags carry ids, never locales), in
 * every worker of this machine at once and, through the `cache_purges` log, on every other
 * machine (decision 010).
 */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';
import { getEnv } from '../config/env.ts';
import { forgetEventSpan } from './event-span.ts';
import { insertPurge } from './purge-log.ts';
import type { PageCacheRequest } from './request.ts';
import { forgetScheduleCache } from './schedule.ts';
import { hubTags } from './tags.ts';

/** Ids of the entities a write touched. */
export interface HubChanges {
  events?: readonly number[];
  editions?: readonly number[];
  /**
   * Editions whose pages show a changed event that cannot have entered or left their first events
   * (its publication, start and edition are unchanged): their lists of first events are kept; a
   * list showing the event is purged by the event's own tag.
   */
  editionsKeepingLists?: readonly number[];
  tags?: readonly number[];
  curators?: readonly number[];
  organizers?: readonly number[];
  medias?: readonly number[];
  files?: readonly number[];
  venues?: readonly number[];
}

/**
 * The tags to purge for a set of changes (pure). Events and editions also purge the listings,
 * search, feeds and sitemap; tag labels appear in listings and facets; people appear in search.
 */
export function tagsToInvalidate(changes: HubChanges): string[] {
  const tags = new Set<string>();
  const add = (ids: readonly number[] | undefined, tagOf: (id: number) => string, ...shared: string[]) => {
    if (!ids?.length) return;
    for (const id of ids) tags.add(tagOf(id));
    for (const tag of shared) tags.add(tag);
  };
  const listings = [hubTags.hub, hubTags.search, hubTags.feeds, hubTags.sitemap];
  add(changes.events, hubTags.event, ...listings);
  add(changes.editions, hubTags.edition, ...listings);
  add(changes.editions, hubTags.editionList);
  add(changes.editionsKeepingLists, hubTags.edition, ...listings);
  add(changes.tags, hubTags.tag, hubTags.hub, hubTags.search, hubTags.feeds);
  // People have pages of their own, listed in the sitemap (slug, translations).
  add(changes.curators, hubTags.curator, hubTags.search, hubTags.sitemap);
  add(changes.organizers, hubTags.organizer, hubTags.search, hubTags.sitemap);
  // Covers appear on listing cards, which carry only the `hub` tag.
  add(changes.medias, hubTags.media, hubTags.hub);
  add(changes.files, hubTags.file);
  // Venue names and addresses show on cards, in facets, feeds and calendars.
  add(changes.venues, hubTags.venue, ...listings);
  return [...tags].sort();
}

/** Forgets the memos derived from content (next scheduled publication, longest event span). */
export function forgetContentMemos(): void {
  forgetScheduleCache();
  forgetEventSpan();
}

/** True when other machines may share this database: a poller runs (`HUB_PURGE_POLL_MS` > 0). */
function sharesPurges(): boolean {
  return getEnv().HUB_PURGE_POLL_MS > 0;
}

/**
 * Inside a write transaction: records the purge of `tags` for the other nodes, so it commits (or
 * rolls back) with the content change. Pass the id to `invalidateHubFor` once the write committed.
 * Returns undefined when no other node reads purges (polling off) or there is nothing to purge.
 */
export async function recordHubPurge(tx: Executor, tags: readonly string[]): Promise<number | undefined> {
  if (!sharesPurges() || tags.length === 0) return undefined;
  return insertPurge(tx, tags);
}

export interface InvalidateOptions {
  /**
   * The purge row the write recorded in its own transaction (`recordHubPurge`). Without it the
   * server writes the row, in a transaction of its own, after the write committed.
   */
  purgeId?: number | undefined;
}

/**
 * Purges the hub cache after a write, through the request's page cache handle (`pageCacheOf`;
 * undefined where no page cache runs). With `db`, each changed event also purges the edition it
 * now belongs to (its edition page and sibling event pages list it); callers moving an event
 * between editions pass the previous edition in `changes.editions`.
 */
export async function invalidateHubFor(
  cache: Pick<PageCacheRequest, 'purge'> | undefined,
  changes: HubChanges,
  db?: Executor,
  options: InvalidateOptions = {},
): Promise<string[]> {
  let expanded = changes;
  if (db && changes.events?.length) {
    const rows = await db
      .select({ editionId: events.editionId })
      .from(events)
      .where(inArray(events.id, [...changes.events]));
    const editionIds = rows.flatMap((row) => (row.editionId === null ? [] : [row.editionId]));
    expanded = { ...changes, editions: [...new Set([...(changes.editions ?? []), ...editionIds])] };
  }
  const tags = tagsToInvalidate(expanded);
  forgetContentMemos();
  if (tags.length === 0) return tags;
  // Without a recorded row, the server records one for the other machines (see scripts/start.ts).
  cache?.purge(tags, { purgeId: options.purgeId });
  return tags;
}
