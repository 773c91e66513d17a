/** Read models of editions: the edition page, the home page's featured edition, filter options. */
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { editionFiles, editionTranslations, editions, events } from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { groupByDay, nextPhaseChange, withPhases, type EventPhase, type ProgrammeDay } from '../../lib/programme.ts';
import { pickTranslation, translatedLocales } from '../../lib/translated.ts';
import { photoIds, selectCuratorsFor, withPhotos, type CuratorView } from '../curators/queries.ts';
import { coverIds, loadTagsFor, withCardDetails } from '../events/cards.ts';
import { eventItemsSelect, toListRows, type DatedSummary, type EventListItem, type TagView } from '../events/queries.ts';
import { isPubliclyVisible, selectBySlug } from '../events/visibility.ts';
import { loadFiles, loadMedias, type FileView, type MediaView } from '../storage/catalog.ts';

export interface EditionSummary extends DatedSummary {
  cover: MediaView | null;
}

/** An event of the edition's programme, with where it stands at the time the page was read. */
export type ProgrammeItem = EventListItem & { phase: EventPhase };

/** A day of the programme: local date (YYYY-MM-DD) of the events, each in its own zone. */
export type EditionDay = ProgrammeDay<ProgrammeItem>;

export interface EditionDetail extends EditionSummary {
  status: 'draft' | 'published' | 'archived';
  body: string | null;
  isFallback: boolean;
  availableLocales: Locale[];
  publishedAt: Date | null;
  updatedAt: Date;
  curators: CuratorView[];
  tags: TagView[];
  files: FileView[];
  days: EditionDay[];
  /** All public events of the edition. */
  eventCount: number;
  /** How many of them the page lists (the first ones in date order). */
  shownCount: number;
  /** When the past/ongoing marks of the listed events next change (the page must not outlive it). */
  marksChangeAt: Date | null;
}

/** Events listed on an edition page; large editions link to the paginated programme for the rest. */
export const EDITION_PAGE_EVENTS = 100;

const selectEdition = selectBySlug(editions);
const selectEditionTexts = preparedQuery((db) =>
  db
    .select()
    .from(editionTranslations)
    .where(eq(editionTranslations.editionId, sql.placeholder('editionId')))
    .prepare(),
);
const selectEditionFileLinks = preparedQuery((db) =>
  db
    .select()
    .from(editionFiles)
    .where(eq(editionFiles.editionId, sql.placeholder('editionId')))
    .orderBy(asc(editionFiles.position))
    .prepare(),
);
/** The public events of edition `editionId` at `now` (placeholders). */
const editionEventsVisible = () => and(eq(events.editionId, sql.placeholder('editionId')), isPubliclyVisible(events, sql.placeholder('now')))!;
/** The first events of the edition in date order; the rest are one link away in the paginated programme. */
const selectEditionEvents = preparedQuery((db) =>
  eventItemsSelect(db, editionEventsVisible(), [asc(events.startsAt), asc(events.id)])
    .limit(EDITION_PAGE_EVENTS)
    .prepare(),
);
const countEditionEvents = preparedQuery((db) => db.select({ value: count() }).from(events).where(editionEventsVisible()).prepare());

/** The edition page's data, or undefined when unknown or not public. */
export async function getEditionPage(
  db: Executor,
  lookup: { slug: string; locale: Locale; now: Date; includeUnpublished?: boolean },
): Promise<EditionDetail | undefined> {
  const { slug, locale, includeUnpublished = false } = lookup;
  const now = lookup.now.getTime();
  const [edition] = await selectEdition[includeUnpublished ? 'any' : 'visible'](db).all({ slug, now });
  if (!edition) return undefined;
  // Two rounds after the edition: what it links to, then the medias, event tags and files all of
  // those name (one query each for the whole page).
  const editionId = edition.id;
  const [texts, fileLinks, tagsById, curatorRows, eventRows] = await Promise.all([
    selectEditionTexts(db).all({ editionId }),
    selectEditionFileLinks(db).all({ editionId }),
    loadTagsFor(db, 'edition', [editionId], locale),
    selectCuratorsFor(db, 'edition', editionId, locale),
    selectEditionEvents(db).all({ editionId, locale, now }),
  ]);
  const text = pickTranslation(texts, locale);
  if (!text) return undefined;
  const rows = toListRows(eventRows, locale);
  const [medias, eventTags, files, [total]] = await Promise.all([
    loadMedias(db, [...(edition.coverMediaId ? [edition.coverMediaId] : []), ...photoIds(curatorRows), ...coverIds(rows)], locale),
    loadTagsFor(
      db,
      'event',
      rows.map((row) => row.id),
      locale,
    ),
    loadFiles(
      db,
      fileLinks.map((link) => link.fileId),
      locale,
    ),
    eventRows.length < EDITION_PAGE_EVENTS ? Promise.resolve([{ value: rows.length }]) : countEditionEvents(db).all({ editionId, now }),
  ]);
  const items = withCardDetails(rows, medias, eventTags);
  return {
    id: edition.id,
    slug: edition.slug,
    status: edition.status,
    title: text.row.title,
    titleLocale: text.locale,
    summary: text.row.summary,
    body: text.row.body,
    isFallback: text.isFallback,
    availableLocales: translatedLocales(texts),
    startsAt: edition.startsAt,
    endsAt: edition.endsAt,
    timeZone: edition.timeZone,
    publishedAt: edition.publishedAt,
    updatedAt: edition.updatedAt,
    cover: edition.coverMediaId ? (medias.get(edition.coverMediaId) ?? null) : null,
    curators: withPhotos(curatorRows, medias, locale),
    tags: tagsById.get(edition.id) ?? [],
    files,
    days: groupByDay(withPhases(items, lookup.now)),
    eventCount: total?.value ?? items.length,
    shownCount: items.length,
    marksChangeAt: nextPhaseChange(items, lookup.now),
  };
}

/** Edition summaries matching `where` (texts with fallback, covers loaded). */
export async function selectSummaries(db: Executor, locale: Locale, where: ReturnType<typeof and>, order: ReturnType<typeof asc>[], limit: number) {
  const own = alias(editionTranslations, 'own');
  const fallback = alias(editionTranslations, 'fallback');
  const rows = await db
    .select({
      id: editions.id,
      slug: editions.slug,
      title: sql<string | null>`coalesce(${own.title}, ${fallback.title})`,
      translated: sql<number>`${own.editionId} IS NOT NULL`,
      summary: sql<string | null>`coalesce(${own.summary}, ${fallback.summary})`,
      ownSummary: sql<number>`${own.summary} IS NOT NULL`,
      startsAt: editions.startsAt,
      endsAt: editions.endsAt,
      timeZone: editions.timeZone,
      coverMediaId: editions.coverMediaId,
    })
    .from(editions)
    .leftJoin(own, and(eq(own.editionId, editions.id), eq(own.locale, locale)))
    .leftJoin(fallback, and(eq(fallback.editionId, editions.id), eq(fallback.locale, defaultLocale)))
    .where(where)
    .orderBy(...order)
    .limit(limit);
  const covers = await loadMedias(
    db,
    rows.flatMap((row) => (row.coverMediaId ? [row.coverMediaId] : [])),
    locale,
  );
  return rows
    .filter((row) => row.title !== null)
    .map(({ translated, ownSummary, coverMediaId, title, ...row }): EditionSummary => ({
      ...row,
      title: title!,
      titleLocale: translated ? locale : defaultLocale,
      summaryLocale: ownSummary ? locale : defaultLocale,
      cover: coverMediaId ? (covers.get(coverMediaId) ?? null) : null,
    }));
}

/** The edition running now, else the next one, else the latest past one (home page). */
export async function getFeaturedEdition(
  db: Executor,
  locale: Locale,
  now: Date,
): Promise<{ edition: EditionSummary; phase: 'current' | 'next' | 'past' } | undefined> {
  const visible = isPubliclyVisible(editions, now);
  const [next] = await selectSummaries(db, locale, and(visible, gte(editions.endsAt, now)), [asc(editions.startsAt), asc(editions.id)], 1);
  if (next) return { edition: next, phase: next.startsAt <= now ? 'current' : 'next' };
  const [past] = await selectSummaries(db, locale, and(visible, lt(editions.endsAt, now)), [desc(editions.endsAt), desc(editions.id)], 1);
  return past ? { edition: past, phase: 'past' } : undefined;
}

/** Every public edition, newest first (filter options, sitemap). */
export async function listPublicEditions(db: Executor, locale: Locale, now: Date): Promise<EditionSummary[]> {
  return selectSummaries(db, locale, isPubliclyVisible(editions, now), [desc(editions.startsAt), desc(editions.id)], 500);
}

/** The id of a public edition by slug. */
export async function findPublicEditionId(db: Executor, slug: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ id: editions.id })
    .from(editions)
    .where(and(eq(editions.slug, slug), isPubliclyVisible(editions, now)))
    .limit(1);
  return row?.id;
}
