/** Curators as shown on event and edition pages (name, photo, short bio), batched per page. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { idList, inIdList, inPageLocales, preparedQuery } from '../../../db/prepared.ts';
import { curatorTranslations, curators, editionCurators, eventCurators } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { groupBy, pickTranslation } from '../../lib/translated.ts';
import { loadMedias, type MediaView } from '../storage/catalog.ts';

export interface CuratorView {
  id: number;
  slug: string;
  name: string;
  shortBio: string | null;
  shortBioLocale: Locale;
  photo: MediaView | null;
  links: { label: string; url: string }[];
}

function selectCuratorsOf(link: typeof eventCurators | typeof editionCurators, ownerColumn: typeof eventCurators.eventId | typeof editionCurators.editionId) {
  return preparedQuery((db) =>
    db
      .select({ curator: curators })
      .from(link)
      .innerJoin(curators, eq(curators.id, link.curatorId))
      .where(eq(ownerColumn, sql.placeholder('ownerId')))
      .orderBy(asc(link.position), asc(curators.name))
      .prepare(),
  );
}
const selectCurators = {
  event: selectCuratorsOf(eventCurators, eventCurators.eventId),
  edition: selectCuratorsOf(editionCurators, editionCurators.editionId),
};
const selectCuratorTexts = preparedQuery((db) =>
  db.select().from(curatorTranslations).where(and(inIdList(curatorTranslations.curatorId, 'ids'), inPageLocales(curatorTranslations.locale))).prepare(),
);

/**
 * Curators linked to one event or edition, in their editorial order. Curators have no status of
 * their own: they are public exactly when the event or edition presenting them is.
 */
export async function loadCuratorsFor(db: Executor, owner: 'event' | 'edition', ownerId: number, locale: Locale): Promise<CuratorView[]> {
  const rows = await selectCurators[owner](db).all({ ownerId });
  if (rows.length === 0) return [];
  const [texts, photos] = await Promise.all([
    selectCuratorTexts(db).all({ ids: idList(rows.map((row) => row.curator.id)), locale }),
    loadMedias(db, rows.flatMap((row) => (row.curator.photoMediaId ? [row.curator.photoMediaId] : [])), locale),
  ]);
  const textsById = groupBy(texts, (text) => text.curatorId);
  return rows.map(({ curator }) => {
    const text = pickTranslation(textsById.get(curator.id) ?? [], locale);
    return {
      id: curator.id,
      slug: curator.slug,
      name: curator.name,
      shortBio: text?.row.shortBio ?? null,
      shortBioLocale: text?.locale ?? locale,
      photo: curator.photoMediaId ? (photos.get(curator.photoMediaId) ?? null) : null,
      links: curator.links,
    };
  });
}
