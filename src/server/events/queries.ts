/** Read models of events for the public hub listing, home page and calendar feeds. */
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import { editionTranslations, editions, eventTags, eventTranslations, events, tags, venues } from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { nextDateKey, startOfLocalDay } from '../../lib/dates.ts';
import { attachCardDetails } from './cards.ts';
import type { EventListItem } from './views.ts';
import type { EventTimeFilter } from './filters.ts';
import { getLongestEventSpan } from '../page-cache/event-span.ts';
import { isPubliclyVisible, isPubliclyVisibleUnindexed } from './visibility.ts';

export type { EventTimeFilter } from './filters.ts';
export type { DatedSummary, EventListItem, TagView } from './views.ts';

export interface EventListQuery {
  locale: Locale;
  now: Date;
  when?: EventTimeFilter;
  /** Only events of this (visible) edition. */
  editionId?: number | undefined;
  /** Only events carrying this tag. */
  tagId?: number | undefined;
  /** Only events at this venue. */
  venueId?: number | undefined;
  /** Local calendar dates (YYYY-MM-DD, inclusive) the event must overlap, in its own zone. */
  from?: string | undefined;
  to?: string | undefined;
  page?: number;
  pageSize?: number;
}

/**
 * The date-range condition. Events happen in many zones, so "from 5 March" means 00:00 on
 * 5 March where each event takes place: one exact UTC bound per zone present in the range, inside
 * outer bounds on `starts_at` that let the index narrow the scan.
 */
async function dateRangeCondition(db: Executor, visible: SQL, span: number, from?: string, to?: string): Promise<SQL | undefined> {
  if (!from && !to) return undefined;
  // ±14 h covers every UTC offset, so these bounds never drop a matching event.
  const margin = 14 * 3_600_000;
  const fromWide = from ? new Date(Date.parse(`${from}T00:00:00Z`) - margin) : undefined;
  const toWide = to ? new Date(Date.parse(`${nextDateKey(to)}T00:00:00Z`) + margin) : undefined;
  const outer = and(
    fromWide ? gte(events.endsAt, fromWide) : undefined,
    fromWide ? gte(events.startsAt, new Date(fromWide.getTime() - span)) : undefined,
    toWide ? lt(events.startsAt, toWide) : undefined,
  );
  const zones = await db.selectDistinct({ timeZone: events.timeZone }).from(events).where(and(visible, outer));
  if (zones.length === 0) return sql`0`;
  return and(
    outer,
    or(
      ...zones.map(({ timeZone }) =>
        and(
          eq(events.timeZone, timeZone),
          from ? gte(events.endsAt, startOfLocalDay(timeZone, from)) : undefined,
          to ? lt(events.startsAt, startOfLocalDay(timeZone, nextDateKey(to))) : undefined,
        ),
      ),
    ),
  );
}

/**
 * Events (and every date of a repeating one) among the series ids `ids` selects: a later date
 * has no relations of its own. Two IN lookups, each on its own index.
 */
export function seriesIn(ids: SQLWrapper | readonly number[]): SQL {
  return or(inArray(events.id, ids), inArray(events.seriesId, ids))!;
}

/** The event a listing row shows: its series for a later date of a repeating event. */
export const seriesOf = sql<number>`coalesce(${events.seriesId}, ${events.id})`;

/**
 * The WHERE clauses of a filtered listing (visibility always included): `list` for the rows and
 * `count` for their total, built from one span lookup and one date-range query. For a count
 * narrowed by edition or tag, the visibility rule is written so no status index is used and the
 * planner starts from that filter (see isPubliclyVisibleUnindexed); otherwise the count walks
 * `events_public_cover_idx`, which holds every column the condition reads.
 */
export async function buildEventFilters(db: Executor, query: Omit<EventListQuery, 'locale' | 'page' | 'pageSize'>): Promise<{ list: SQL; count: SQL }> {
  const { now, when = 'upcoming', editionId, tagId, venueId, from, to } = query;
  const visible = isPubliclyVisible(events, now);
  const span = await getLongestEventSpan(db, now.getTime());
  // An event still running at `now` started at most `span` earlier; a finished one started before now.
  const timeBounds =
    when === 'upcoming'
      ? and(gte(events.endsAt, now), gte(events.startsAt, new Date(now.getTime() - span)))
      : when === 'past'
        ? and(lt(events.endsAt, now), lt(events.startsAt, now))
        : undefined;
  const conditions = [
    timeBounds,
    editionId === undefined ? undefined : eq(events.editionId, editionId),
    venueId === undefined ? undefined : eq(events.venueId, venueId),
    tagId === undefined ? undefined : seriesIn(db.select({ id: eventTags.eventId }).from(eventTags).where(eq(eventTags.tagId, tagId))),
    await dateRangeCondition(db, visible, span, from, to),
  ];
  const narrowed = editionId !== undefined || tagId !== undefined || venueId !== undefined;
  return {
    list: and(visible, ...conditions)!,
    count: and(narrowed ? isPubliclyVisibleUnindexed(events, now) : visible, ...conditions)!,
  };
}

/** The WHERE clause of a filtered listing's rows (feeds and calendars that need no total). */
export async function buildEventFilter(db: Executor, query: Omit<EventListQuery, 'locale' | 'page' | 'pageSize'>): Promise<SQL> {
  return (await buildEventFilters(db, query)).list;
}

/**
 * The list-row select of events matching `where`, in `order`: texts in placeholder `locale` with
 * fallback, the edition named only while it is public at placeholder `now` (epoch ms). Finish the
 * rows with `toEventItems`.
 */
export function eventItemsSelect(db: Executor, where: SQL, order: SQL[]) {
  const own = alias(eventTranslations, 'own');
  const fallback = alias(eventTranslations, 'fallback');
  const edOwn = alias(editionTranslations, 'ed_own');
  const edFallback = alias(editionTranslations, 'ed_fallback');
  const locale = sql.placeholder('locale');
  return (
    db
      .select({
        id: events.id,
        seriesId: events.seriesId,
        slug: events.slug,
        title: sql<string>`coalesce(${own.title}, ${fallback.title})`,
        translated: sql<number>`${own.eventId} IS NOT NULL`,
        summary: sql<string | null>`coalesce(${own.summary}, ${fallback.summary})`,
        ownSummary: sql<number>`${own.summary} IS NOT NULL`,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        timeZone: events.timeZone,
        venueName: sql<string | null>`coalesce(${venues.name}, ${own.venueName}, ${fallback.venueName})`,
        venueNameFallback: sql<number>`${venues.name} IS NULL AND ${own.venueName} IS NULL AND ${fallback.venueName} IS NOT NULL`,
        venueId: events.venueId,
        venueSlug: sql<string | null>`CASE WHEN ${venues.status} = 'published' THEN ${venues.slug} END`,
        room: events.room,
        onlineUrl: events.onlineUrl,
        eventStatus: events.eventStatus,
        // The reason in the page's locale, else the default one's (as the event page shows it).
        statusNote: sql<
          string | null
        >`CASE WHEN ${events.eventStatus} <> 'scheduled' THEN coalesce(nullif(trim(${own.statusNote}), ''), ${fallback.statusNote}) END`,
        ownStatusNote: sql<number>`nullif(trim(${own.statusNote}), '') IS NOT NULL`,
        previousStartsAt: events.previousStartsAt,
        admission: events.admission,
        priceMin: events.priceMin,
        priceMax: events.priceMax,
        currency: events.currency,
        availability: events.availability,
        coverMediaId: events.coverMediaId,
        // When the event became public: the later of its publication and its scheduled time.
        publishedAt:
          sql<Date | null>`CASE WHEN ${events.publishAt} IS NOT NULL AND (${events.publishedAt} IS NULL OR ${events.publishAt} > ${events.publishedAt}) THEN ${events.publishAt} ELSE ${events.publishedAt} END`.mapWith(
            events.publishedAt,
          ),
        updatedAt: events.updatedAt,
        editionId: editions.id,
        editionSlug: editions.slug,
        editionTitle: sql<string | null>`coalesce(${edOwn.title}, ${edFallback.title})`,
        editionTranslated: sql<number>`${edOwn.editionId} IS NOT NULL`,
      })
      .from(events)
      // A repeating event's later dates are written in its own texts.
      .leftJoin(own, and(eq(own.eventId, seriesOf), eq(own.locale, locale)))
      .leftJoin(fallback, and(eq(fallback.eventId, seriesOf), eq(fallback.locale, defaultLocale)))
      .leftJoin(venues, eq(venues.id, events.venueId))
      // An event inside an unpublished edition is shown without naming that edition.
      .leftJoin(editions, and(eq(editions.id, events.editionId), isPubliclyVisible(editions, sql.placeholder('now'))))
      .leftJoin(edOwn, and(eq(edOwn.editionId, editions.id), eq(edOwn.locale, locale)))
      .leftJoin(edFallback, and(eq(edFallback.editionId, editions.id), eq(edFallback.locale, defaultLocale)))
      .where(where)
      .orderBy(...order)
  );
}

export type EventItemRow = Awaited<ReturnType<ReturnType<typeof eventItemsSelect>['all']>>[number];

/** List items from `eventItemsSelect` rows, before covers and tags are attached (`withCardDetails`). */
export function toListRows(rows: readonly EventItemRow[], locale: Locale) {
  return rows
    .filter((row) => row.title !== null)
    .map(({ translated, ownSummary, ownStatusNote, editionTranslated, venueNameFallback, ...row }) => ({
      ...row,
      statusNoteLocale: ownStatusNote ? locale : defaultLocale,
      titleLocale: translated ? locale : defaultLocale,
      summaryLocale: ownSummary ? locale : defaultLocale,
      venueNameLocale: venueNameFallback ? defaultLocale : locale,
      editionTitleLocale: editionTranslated ? locale : defaultLocale,
    }));
}

/** List items from `eventItemsSelect` rows: text locales resolved, covers and tags attached in two batched queries. */
export async function toEventItems(db: Executor, rows: readonly EventItemRow[], locale: Locale): Promise<EventListItem[]> {
  return attachCardDetails(db, toListRows(rows, locale), locale);
}

/** The list rows of the events `ids`, in `order` (none for no ids). */
async function selectEventItemsById(db: Executor, locale: Locale, now: Date, ids: number[], order: SQL[]): Promise<EventListItem[]> {
  return ids.length ? selectEventItems(db, locale, now, inArray(events.id, ids), order, ids.length) : [];
}

/** Selects list rows for `where`, in the given order. */
export async function selectEventItems(db: Executor, locale: Locale, now: Date, where: SQL, order: SQL[], limit: number, offset = 0): Promise<EventListItem[]> {
  const rows = await eventItemsSelect(db, where, order).limit(limit).offset(offset).all({ locale, now: now.getTime() });
  return toEventItems(db, rows, locale);
}

/**
 * One page of list rows, the rows skipped before it walked on the events table alone: `where`
 * and `order` read only `events` columns that `events_public_cover_idx` holds, so the skipped
 * rows cost an index step each, and only the page's rows are joined to their texts, venue and
 * edition. Offsetting the joined select cost a join per skipped row: a deep page of the past
 * events (offset 800) took 20–25 ms instead of 1 ms (decision 052).
 */
async function selectPageOfEvents(db: Executor, locale: Locale, now: Date, where: SQL, order: SQL[], limit: number, offset: number): Promise<EventListItem[]> {
  const ids = await db
    .select({ id: events.id })
    .from(events)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return selectEventItemsById(
    db,
    locale,
    now,
    ids.map((row) => row.id),
    order,
  );
}

/** Published events for the hub listing: upcoming first (soonest first), past newest first. */
export async function listPublicEvents(db: Executor, query: EventListQuery) {
  const { locale, now, when = 'upcoming', page = 1, pageSize = 24 } = query;
  const { list: where, count: countWhere } = await buildEventFilters(db, query);
  const order = when === 'past' ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)];
  const [items, [total]] = await Promise.all([
    selectPageOfEvents(db, locale, now, where, order, pageSize, (page - 1) * pageSize),
    db.select({ value: count() }).from(events).where(countWhere),
  ]);
  return { items, total: total?.value ?? 0, page, pageSize };
}

/** Resolves a tag slug to its id (tags have no status: any existing tag may filter). */
export async function findTagId(db: Executor, slug: string): Promise<number | undefined> {
  const [row] = await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, slug)).limit(1);
  return row?.id;
}

/**
 * The latest events to become public, newest first (RSS), among those matching `filter` (a hub
 * view's condition, see buildEventFilters). An event becomes public at its `publishAt` when
 * scheduled, else when it was published. A repeating event is one item: its soonest matching date
 * (its dates share the series' publication, so they come together in this order).
 */
export async function listRecentlyPublished(db: Executor, locale: Locale, now: Date, limit = 30, filter?: SQL): Promise<EventListItem[]> {
  const visibleSince = sql`max(coalesce(${events.publishAt}, 0), coalesce(${events.publishedAt}, ${events.updatedAt}))`;
  const order = [desc(visibleSince), desc(events.id)];
  const batch = Math.max(2 * limit, 60);
  // Pick the ids on the events table alone (one scan), then load only those rows with their texts.
  const picked = new Map<number, { id: number; startsAt: Date }>();
  for (let offset = 0; ; offset += batch) {
    const rows = await db
      .select({ id: events.id, series: seriesOf, startsAt: events.startsAt })
      .from(events)
      .where(and(isPubliclyVisibleUnindexed(events, now), filter))
      .orderBy(...order)
      .limit(batch)
      .offset(offset);
    let full = false;
    for (const row of rows) {
      const seen = picked.get(row.series);
      if (seen) {
        if (row.startsAt < seen.startsAt) picked.set(row.series, row);
      } else if (picked.size === limit) {
        full = true;
        break;
      } else {
        picked.set(row.series, row);
      }
    }
    if (full || rows.length < batch) break;
  }
  return selectEventItemsById(
    db,
    locale,
    now,
    [...picked.values()].map((row) => row.id),
    order,
  );
}
