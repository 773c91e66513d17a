/** Batched loading of what an event card shows besides its row: cover image and tags. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import { editionTags, eventTags, tagTranslations, tags } from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { groupBy } from '../../lib/translated.ts';
import { loadMedias, type MediaView } from '../storage/catalog.ts';
import type { EventListItem, TagView } from './queries.ts';

type Link = typeof eventTags | typeof editionTags;

/** Tags of many events (or editions) in one query, labelled in `locale` with fallback. */
export async function loadTagsFor(
  db: Executor,
  link: 'event' | 'edition',
  ids: readonly number[],
  locale: Locale,
): Promise<Map<number, TagView[]>> {
  if (ids.length === 0) return new Map();
  const table: Link = link === 'event' ? eventTags : editionTags;
  const ownerColumn = link === 'event' ? eventTags.eventId : editionTags.editionId;
  const own = alias(tagTranslations, 'own');
  const fallback = alias(tagTranslations, 'fallback');
  const rows = await db
    .select({
      ownerId: ownerColumn,
      id: tags.id,
      slug: tags.slug,
      ownLabel: own.label,
      fallbackLabel: fallback.label,
    })
    .from(table)
    .innerJoin(tags, eq(tags.id, table.tagId))
    .leftJoin(own, and(eq(own.tagId, tags.id), eq(own.locale, locale)))
    .leftJoin(fallback, and(eq(fallback.tagId, tags.id), eq(fallback.locale, defaultLocale)))
    .where(inArray(ownerColumn, [...new Set(ids)]))
    .orderBy(asc(tags.slug));
  const views = rows.map((row) => ({
    ownerId: row.ownerId,
    tag: {
      id: row.id,
      slug: row.slug,
      label: row.ownLabel ?? row.fallbackLabel ?? row.slug,
      labelLocale: row.ownLabel ? locale : defaultLocale,
    } satisfies TagView,
  }));
  const grouped = groupBy(views, (view) => view.ownerId);
  return new Map([...grouped].map(([ownerId, list]) => [ownerId, list.map((view) => view.tag)]));
}

/** Adds `cover` and `tags` to list rows: two queries whatever the number of rows. */
export async function attachCardDetails<T extends { id: number; coverMediaId: number | null }>(
  db: Executor,
  rows: readonly T[],
  locale: Locale,
): Promise<(Omit<T, 'coverMediaId'> & { cover: MediaView | null; tags: TagView[] })[]> {
  const coverIds = rows.flatMap((row) => (row.coverMediaId === null ? [] : [row.coverMediaId]));
  const [covers, tagsByEvent] = await Promise.all([
    loadMedias(db, coverIds, locale),
    loadTagsFor(db, 'event', rows.map((row) => row.id), locale),
  ]);
  return rows.map(({ coverMediaId, ...row }) => ({
    ...row,
    cover: coverMediaId === null ? null : (covers.get(coverMediaId) ?? null),
    tags: tagsByEvent.get(row.id) ?? [],
  }));
}

export type { EventListItem };
