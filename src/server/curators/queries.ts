/** Curators as shown on event and edition pages (name, photo, short bio), batched per page. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import { foundText, ownOrFallback, preparedQuery } from '../../../db/prepared.ts';
import { curatorTranslations, curators, editionCurators, eventCurators } from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { textLocaleOf } from '../../lib/translated.ts';
import type { MediaView } from '../storage/catalog.ts';

export interface CuratorView {
  id: number;
  slug: string;
  name: string;
  shortBio: string | null;
  shortBioLocale: Locale;
  photo: MediaView | null;
  links: { label: string; url: string }[];
}

/** Curators of placeholder `ownerId` in editorial order, with their short bio in placeholder `locale` or the default locale. */
function selectCuratorsOf(link: typeof eventCurators | typeof editionCurators, ownerColumn: typeof eventCurators.eventId | typeof editionCurators.editionId) {
  return preparedQuery((db) => {
    const own = alias(curatorTranslations, 'own');
    const fallback = alias(curatorTranslations, 'fallback');
    return db
      .select({
        id: curators.id,
        slug: curators.slug,
        name: curators.name,
        links: curators.links,
        photoMediaId: curators.photoMediaId,
        shortBio: ownOrFallback<string>(own.curatorId, own.shortBio, fallback.shortBio),
        found: foundText(own.curatorId, fallback.curatorId),
      })
      .from(link)
      .innerJoin(curators, eq(curators.id, link.curatorId))
      .leftJoin(own, and(eq(own.curatorId, curators.id), eq(own.locale, sql.placeholder('locale'))))
      .leftJoin(fallback, and(eq(fallback.curatorId, curators.id), eq(fallback.locale, defaultLocale)))
      .where(eq(ownerColumn, sql.placeholder('ownerId')))
      .orderBy(asc(link.position), asc(curators.name))
      .prepare();
  });
}
const selectCurators = {
  event: selectCuratorsOf(eventCurators, eventCurators.eventId),
  edition: selectCuratorsOf(editionCurators, editionCurators.editionId),
};

export type CuratorRow = Awaited<ReturnType<ReturnType<(typeof selectCurators)['event']>['all']>>[number];

/**
 * Curators linked to one event or edition, in their editorial order; photos come from
 * `withPhotos`. Curators have no status of their own: they are public exactly when the event or
 * edition presenting them is.
 */
export function selectCuratorsFor(db: Executor, owner: 'event' | 'edition', ownerId: number, locale: Locale): Promise<CuratorRow[]> {
  return selectCurators[owner](db).all({ ownerId, locale });
}

/** Curator views from their rows and the page's loaded medias. */
export function withPhotos(rows: readonly CuratorRow[], medias: ReadonlyMap<number, MediaView>, locale: Locale): CuratorView[] {
  return rows.map(({ photoMediaId, found, links, ...curator }) => ({
    ...curator,
    shortBioLocale: textLocaleOf(found, locale),
    photo: photoMediaId ? (medias.get(photoMediaId) ?? null) : null,
    links,
  }));
}

/** The media ids of the curators' photos. */
export function photoIds(rows: readonly CuratorRow[]): number[] {
  return rows.flatMap((row) => (row.photoMediaId ? [row.photoMediaId] : []));
}
