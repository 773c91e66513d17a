/**
 * The hook the admin write path calls after a committed write: purges exactly the cached hub
 * responses that may show what changed, in every locale (tags carry ids, never locales).
 */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';
import { forgetEventSpan } from '../events/span.ts';
import { invalidateFrontCache } from '../runtime/front-cache.ts';
import { forgetScheduleCache } from './schedule.ts';
import { hubTags } from './tags.ts';

/** Ids of the entities a write touched. */
export interface HubChanges {
  events?: readonly number[];
  editions?: readonly number[];
  tags?: readonly number[];
  curators?: readonly number[];
  organizers?: readonly number[];
  medias?: readonly number[];
  files?: readonly number[];
}

/** Anything that can purge tags: `Astro.cache`, `context.cache`, or a test double. */
export interface TagInvalidator {
  invalidate(options: { tags: string[] }): Promise<void>;
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
  add(changes.tags, hubTags.tag, hubTags.hub, hubTags.search, hubTags.feeds);
  add(changes.curators, hubTags.curator, hubTags.search);
  add(changes.organizers, hubTags.organizer, hubTags.search);
  // Covers appear on listing cards, which carry only the `hub` tag.
  add(changes.medias, hubTags.media, hubTags.hub);
  add(changes.files, hubTags.file);
  return [...tags].sort();
}

/**
 * Purges the hub cache after a write. With `db`, each changed event also purges the edition it
 * now belongs to (its edition page and sibling event pages list it); callers moving an event
 * between editions pass the previous edition in `changes.editions`.
 */
export async function invalidateHubFor(cache: TagInvalidator | undefined, changes: HubChanges, db?: Executor): Promise<string[]> {
  let expanded = changes;
  if (db && changes.events?.length) {
    const rows = await db.select({ editionId: events.editionId }).from(events).where(inArray(events.id, [...changes.events]));
    const editionIds = rows.flatMap((row) => (row.editionId === null ? [] : [row.editionId]));
    expanded = { ...changes, editions: [...new Set([...(changes.editions ?? []), ...editionIds])] };
  }
  const tags = tagsToInvalidate(expanded);
  forgetScheduleCache();
  forgetEventSpan();
  invalidateFrontCache(tags);
  if (cache && tags.length > 0) await cache.invalidate({ tags });
  return tags;
}
