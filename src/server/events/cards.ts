/** Batched loading of what an event card shows besides its row: cover image and tags. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import { idList, inIdList, preparedQuery } from '../../../db/prepared.ts';
import { editionTags, eventTags, tagTranslations, tags } from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { loadMedias, type MediaView } from '../storage/catalog.ts';
import type { EventListItem, TagView } from './views.ts';

type Link = typeof eventTags | typeof editionTags;

/** The tags of the owners in placeholder `ids`, labelled in placeholder `locale` with fallback. */
function selectTagsOf(link: Link, ownerColumn: typeof eventTags.eventId | typeof editionTags.editionId) {
  return preparedQuery((db) => {
    const own = alias(tagTranslations, 'own');
    const fallback = alias(tagTranslations, 'fallback');
    return db
      .select({
        ownerId: ownerColumn,
        id: tags.id,
        slug: tags.slug,
        ownLabel: own.label,
        fallbackLabel: fallback.label,
      })
      .from(link)
      .innerJoin(tags, eq(tags.id, link.tagId))
      .leftJoin(own, and(eq(own.tagId, tags.id), eq(own.locale, sql.placeholder('locale'))))
      .leftJoin(fallback, and(eq(fallback.tagId, tags.id), eq(fallback.locale, defaultLocale)))
      .where(inIdList(ownerColumn, 'ids'))
      .orderBy(asc(tags.slug))
      .prepare();
  });
}
const selectTags = { event: selectTagsOf(eventTags, eventTags.eventId), edition: selectTagsOf(editionTags, editionTags.editionId) };

/** Tags of many events (or editions) in one query, labelled in `locale` with fallback. */
export async function loadTagsFor(db: Executor, link: 'event' | 'edition', ids: readonly number[], locale: Locale): Promise<Map<number, TagView[]>> {
  const result = new Map<number, TagView[]>();
  if (ids.length === 0) return result;
  for (const row of await selectTags[link](db).all({ ids: idList(ids), locale })) {
    const tag: TagView = {
      id: row.id,
      slug: row.slug,
      label: row.ownLabel ?? row.fallbackLabel ?? row.slug,
      labelLocale: row.ownLabel ? locale : defaultLocale,
    };
    const list = result.get(row.ownerId);
    if (list) list.push(tag);
    else result.set(row.ownerId, [tag]);
  }
  return result;
}

/** Adds `cover` and `tags` to list rows from the page's loaded medias and tags. */
export function withCardDetails<T extends { id: number; seriesId?: number | null; coverMediaId: number | null }>(
  rows: readonly T[],
  covers: ReadonlyMap<number, MediaView>,
  tagsByEvent: ReadonlyMap<number, TagView[]>,
): (Omit<T, 'coverMediaId'> & { cover: MediaView | null; tags: TagView[] })[] {
  return rows.map(({ coverMediaId, ...row }) => ({
    ...row,
    cover: coverMediaId === null ? null : (covers.get(coverMediaId) ?? null),
    tags: tagsByEvent.get(row.seriesId ?? row.id) ?? [],
  }));
}

/** The media ids of the rows' covers. */
export function coverIds(rows: readonly { coverMediaId: number | null }[]): number[] {
  return rows.flatMap((row) => (row.coverMediaId === null ? [] : [row.coverMediaId]));
}

/** Adds `cover` and `tags` to list rows: two queries whatever the number of rows. */
export async function attachCardDetails<T extends { id: number; seriesId?: number | null; coverMediaId: number | null }>(
  db: Executor,
  rows: readonly T[],
  locale: Locale,
): Promise<(Omit<T, 'coverMediaId'> & { cover: MediaView | null; tags: TagView[] })[]> {
  const [covers, tagsByEvent] = await Promise.all([
    loadMedias(db, coverIds(rows), locale),
    loadTagsFor(
      db,
      'event',
      rows.map((row) => row.seriesId ?? row.id),
      locale,
    ),
  ]);
  return withCardDetails(rows, covers, tagsByEvent);
}

export type { EventListItem };
