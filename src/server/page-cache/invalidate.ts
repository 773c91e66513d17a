/**
 * The hook the admin write path calls after a committed write: purges exactly the cached hub
 * responses that may show what changed, in every locale (tags carry ids, never locales), in
 * every worker of this machine at once and, through the `cache_purges` log, on every other
 * machine (decision 010).
 */
import type { Executor } from '../../../db/client.ts';
import type { CollectionName } from '../../lib/collections/declare.ts';
import { getEnv } from '../config/env.ts';
import { forgetEventSpan } from './event-span.ts';
import { insertPurge } from './purge-log.ts';
import type { PageCacheRequest } from './request.ts';
import { forgetScheduleCache } from './schedule.ts';
import { hubTags } from './tags.ts';

/** A written item as the write saw it, before or after (its column values by field name). */
export interface WrittenState {
  id: number;
  values: Readonly<Record<string, unknown>>;
}

/**
 * Ids of the entities a write touched, by collection (every collection may appear: a new one is
 * known here through its name), and the written events' states.
 */
export type HubChanges = { [C in CollectionName]?: readonly number[] } & {
  /**
   * The written events as they were and are (`[before, after]` for an update of one): their
   * editions before and after, and whether they may have entered or left those editions' first
   * events (`movesEditionLists`).
   */
  eventStates?: readonly WrittenState[];
};

/** What decides which of an edition's events come first, and in which order. */
const LISTING_FIELDS = ['status', 'publishAt', 'unpublishAt', 'startsAt', 'editionId'];
const comparable = (value: unknown) => (value instanceof Date ? value.getTime() : (value ?? null));

/**
 * False only for the update of one event that leaves its publication, start and edition as they
 * were: it cannot have entered or left its edition's first events, so the edition's lists of
 * them stay (a list showing the event is purged by the event's own tag). Anything else (a new
 * event, a move, a publication, several events, a delete) may have.
 */
export function movesEditionLists(states: readonly WrittenState[]): boolean {
  const [before, after, ...others] = states;
  const keeps =
    before !== undefined &&
    after !== undefined &&
    others.length === 0 &&
    before.id === after.id &&
    LISTING_FIELDS.every((field) => comparable(before.values[field]) === comparable(after.values[field]));
  return !keeps;
}

/** The editions the events were or are in. */
const editionsOf = (states: readonly WrittenState[]) => [
  ...new Set(states.flatMap(({ values }) => (typeof values['editionId'] === 'number' ? [values['editionId']] : []))),
];

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
  // An event shows on its edition's page: the previous and the new edition both change.
  const eventStates = changes.eventStates ?? [];
  add(editionsOf(eventStates), hubTags.edition, ...listings);
  if (movesEditionLists(eventStates)) add(editionsOf(eventStates), hubTags.editionList);
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
 * rolls back) with the content change. Returns undefined when no other node reads purges (polling
 * off) or there is nothing to purge.
 */
export async function recordHubPurge(tx: Executor, tags: readonly string[]): Promise<number | undefined> {
  if (!sharesPurges() || tags.length === 0) return undefined;
  return insertPurge(tx, tags);
}

/**
 * What a committed write purges: its tags, computed once inside its transaction, and the purge
 * row recorded there for the other machines (`id`; absent when none reads purges). Without a
 * row, the server records one after the write committed (see scripts/start.ts).
 */
export interface HubPurge {
  tags: readonly string[];
  id?: number | undefined;
}

/** A write that changed nothing public. */
export const noPurge: HubPurge = { tags: [] };

/** Inside a write transaction: the tags of `changes`, recorded for the other nodes (`recordHubPurge`). */
export async function recordWritePurge(tx: Executor, changes: HubChanges): Promise<HubPurge> {
  const tags = tagsToInvalidate(changes);
  return { tags, id: await recordHubPurge(tx, tags) };
}

/**
 * Purges the hub cache after a committed write, through the request's page cache handle
 * (`pageCacheOf`; undefined where no page cache runs): the tags the write recorded
 * (`recordWritePurge`), so this machine and the others purge the same pages.
 */
export function invalidateHubFor(cache: Pick<PageCacheRequest, 'purge'> | undefined, { tags, id }: HubPurge): readonly string[] {
  forgetContentMemos();
  if (tags.length > 0) cache?.purge(tags, { purgeId: id });
  return tags;
}
