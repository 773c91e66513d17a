/** The event page's read model: the event, its texts with fallback, and every relation it shows. */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { inPageLocales, preparedQuery } from '../../../db/prepared.ts';
import { editionTranslations, editions, eventFiles, eventMedias, eventTranslations, events, venues } from '../../../db/schema.ts';
import { roomKey } from '../../lib/programme-calendar/places.ts';
import type { Locale } from '../../i18n/config.ts';
import type { EventStatus } from '../../lib/event-status.ts';
import { pickTranslation, translatedLocales } from '../../lib/translated.ts';
import { photoIds, selectCuratorsFor, withPhotos, type CuratorView } from '../curators/queries.ts';
import { selectOrganizersOfEvent, withLogos, type OrganizerView } from '../organizers/queries.ts';
import { imagesOf, loadFiles, loadGalleryMedias, type FileView, type GalleryMedia, type MediaView } from '../storage/catalog.ts';
import { loadTagsFor } from './cards.ts';
import type { TagView } from './queries.ts';
import { getVenueRef, type VenueRef } from '../venues/queries.ts';
import { isPubliclyVisible, selectBySlug } from './visibility.ts';
import type { Tickets } from '../../lib/tickets.ts';

export interface EditionRef {
  id: number;
  slug: string;
  title: string;
  titleLocale: Locale;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}

/** One date of a repeating event, for its list of dates. */
export interface EventDate {
  id: number;
  slug: string;
  startsAt: Date;
  endsAt: Date;
  eventStatus: EventStatus;
  /** "Venue, room" when this date is held elsewhere than its series; null in the series' place. */
  otherPlace: string | null;
}

export interface EventDetail {
  id: number;
  /** Set on a repeating event's later date: the event whose texts and relations it shows. */
  seriesId: number | null;
  slug: string;
  status: 'draft' | 'published' | 'archived';
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** The venue's address, else the event's free-text address. */
  venueAddress: string | null;
  /** The venue the event points at (docs/decisions/025). */
  venue: VenueRef | null;
  room: string | null;
  onlineUrl: string | null;
  registrationUrl: string | null;
  /** Price and places, as the team stated them (src/lib/tickets.ts). */
  tickets: Tickets;
  eventStatus: EventStatus;
  /** When a postponed or rescheduled event was to start (docs/decisions/055). */
  previousStartsAt: Date | null;
  /** Why its status changed, in the page's locale, else the default one's; null while scheduled. */
  statusNote: string | null;
  /** Locale the status note is written in. */
  statusNoteLocale: Locale;
  /** The event had ended when the page was read: it says so and offers no registration. */
  hasEnded: boolean;
  publishedAt: Date | null;
  updatedAt: Date;
  title: string;
  summary: string | null;
  /** Markdown, rendered and sanitised by the page. */
  body: string | null;
  venueName: string | null;
  /** Locale the texts are written in (the default locale when not translated). */
  textLocale: Locale;
  isFallback: boolean;
  /** Locales with a translation of this event (for hreflang and the sitemap). */
  availableLocales: Locale[];
  edition: EditionRef | null;
  cover: MediaView | null;
  /** Images, uploaded videos and audio, and video links, in the editor's order. */
  gallery: GalleryMedia[];
  files: FileView[];
  organizers: OrganizerView[];
  curators: CuratorView[];
  tags: TagView[];
  /** Every public date of a repeating event, soonest first (this one among them); empty for a single date. */
  dates: EventDate[];
}

export interface EventLookup {
  slug: string;
  locale: Locale;
  now: Date;
  /** Admin preview only: also return drafts, archived and scheduled events. */
  includeUnpublished?: boolean;
}

const selectEvent = selectBySlug(events);
const selectEventTexts = preparedQuery((db) =>
  db
    .select()
    .from(eventTranslations)
    .where(eq(eventTranslations.eventId, sql.placeholder('eventId')))
    .prepare(),
);
/** The event's edition (placeholder `editionId`) with its texts in the page's locales; with `visible`, only while public. */
const selectEditionOf = (visible: boolean) =>
  preparedQuery((db) =>
    db
      .select({ edition: editions, text: editionTranslations })
      .from(editions)
      .leftJoin(editionTranslations, and(eq(editionTranslations.editionId, editions.id), inPageLocales(editionTranslations.locale)))
      .where(and(eq(editions.id, sql.placeholder('editionId')), visible ? isPubliclyVisible(editions, sql.placeholder('now')) : undefined))
      .prepare(),
  );
const selectPublicEdition = selectEditionOf(true);
const selectAnyEdition = selectEditionOf(false);
const selectMediaLinks = preparedQuery((db) =>
  db
    .select()
    .from(eventMedias)
    .where(eq(eventMedias.eventId, sql.placeholder('eventId')))
    .orderBy(asc(eventMedias.position))
    .prepare(),
);
const selectFileLinks = preparedQuery((db) =>
  db
    .select()
    .from(eventFiles)
    .where(eq(eventFiles.eventId, sql.placeholder('eventId')))
    .orderBy(asc(eventFiles.position))
    .prepare(),
);
/** The public dates of series `seriesId`, the series' own first, each with its place. */
const selectSeriesDates = preparedQuery((db) =>
  db
    .select({
      id: events.id,
      slug: events.slug,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      eventStatus: events.eventStatus,
      venueId: events.venueId,
      venueName: venues.name,
      room: events.room,
    })
    .from(events)
    .leftJoin(venues, eq(venues.id, events.venueId))
    .where(
      and(or(eq(events.id, sql.placeholder('seriesId')), eq(events.seriesId, sql.placeholder('seriesId'))), isPubliclyVisible(events, sql.placeholder('now'))),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .prepare(),
);

/**
 * The event page's data, or undefined when the slug is unknown or the event is not public. The
 * edition's other events are read on their own (other-events.ts).
 */
export async function getEventPage(db: Executor, lookup: EventLookup): Promise<EventDetail | undefined> {
  const { slug, locale, now, includeUnpublished = false } = lookup;
  const nowMs = now.getTime();
  const [event] = await selectEvent[includeUnpublished ? 'any' : 'visible'](db).all({ slug, now: nowMs });
  if (!event) return undefined;

  // Three rounds of queries: the event; everything linked to it; the medias, tags and files all
  // of those name, each in one query for the whole page.
  // A repeating event's later date shows the series' texts and relations.
  const eventId = event.seriesId ?? event.id;
  const repeating = event.seriesId !== null || event.recurrence !== null;
  const [texts, editionRows, mediaLinks, fileLinks, organizerRows, curatorRows, venue, dates] = await Promise.all([
    selectEventTexts(db).all({ eventId }),
    event.editionId === null
      ? Promise.resolve([])
      : (includeUnpublished ? selectAnyEdition : selectPublicEdition)(db).all({ editionId: event.editionId, locale, now: nowMs }),
    selectMediaLinks(db).all({ eventId }),
    selectFileLinks(db).all({ eventId }),
    selectOrganizersOfEvent(db, eventId, locale),
    selectCuratorsFor(db, 'event', eventId, locale),
    getVenueRef(db, event.venueId),
    repeating ? selectSeriesDates(db).all({ seriesId: eventId, now: nowMs }) : Promise.resolve([]),
  ]);
  const text = pickTranslation(texts, locale);
  if (!text) return undefined;
  // The reason falls back on its own: a French page of a translated event may have no French reason yet.
  const note =
    event.eventStatus === 'scheduled'
      ? undefined
      : pickTranslation(
          texts.filter((row) => row.statusNote?.trim()),
          locale,
        );

  let edition: EditionRef | null = null;
  const editionRow = editionRows[0]?.edition;
  if (editionRow) {
    const editionText = pickTranslation(
      editionRows.flatMap((row) => (row.text ? [row.text] : [])),
      locale,
    );
    edition = {
      id: editionRow.id,
      slug: editionRow.slug,
      title: editionText?.row.title ?? editionRow.slug,
      titleLocale: editionText?.locale ?? locale,
      startsAt: editionRow.startsAt,
      endsAt: editionRow.endsAt,
      timeZone: editionRow.timeZone,
    };
  }
  const galleryIds = mediaLinks.map((link) => link.mediaId).filter((id) => id !== event.coverMediaId);
  const mediaIds = [
    ...(event.coverMediaId ? [event.coverMediaId] : []),
    ...galleryIds,
    ...organizerRows.flatMap((row) => (row.logoMediaId ? [row.logoMediaId] : [])),
    ...photoIds(curatorRows),
  ];
  const [loaded, tagsById, files] = await Promise.all([
    loadGalleryMedias(db, mediaIds, locale),
    loadTagsFor(db, 'event', [eventId], locale),
    loadFiles(
      db,
      fileLinks.map((link) => link.fileId),
      locale,
    ),
  ]);
  const medias = imagesOf(loaded);

  return {
    id: event.id,
    seriesId: event.seriesId,
    slug: event.slug,
    status: event.status,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    timeZone: event.timeZone,
    venueAddress: venue?.address ?? event.venueAddress,
    venue,
    room: event.room,
    onlineUrl: event.onlineUrl,
    registrationUrl: event.registrationUrl,
    tickets: { admission: event.admission, priceMin: event.priceMin, priceMax: event.priceMax, currency: event.currency, availability: event.availability },
    eventStatus: event.eventStatus,
    previousStartsAt: event.previousStartsAt,
    statusNote: note?.row.statusNote ?? null,
    statusNoteLocale: note?.locale ?? locale,
    hasEnded: event.endsAt.getTime() <= nowMs,
    publishedAt: event.publishedAt,
    updatedAt: event.updatedAt,
    title: text.row.title,
    summary: text.row.summary,
    body: text.row.body,
    venueName: venue?.name ?? text.row.venueName,
    textLocale: text.locale,
    isFallback: text.isFallback,
    availableLocales: translatedLocales(texts),
    edition,
    cover: event.coverMediaId ? (medias.get(event.coverMediaId) ?? null) : null,
    gallery: galleryIds.flatMap((id) => loaded.get(id) ?? []),
    files,
    organizers: withLogos(organizerRows, medias, locale),
    curators: withPhotos(curatorRows, medias, locale),
    tags: tagsById.get(eventId) ?? [],
    dates: dates.length > 1 ? withOtherPlaces(dates, eventId) : [],
  };
}

/** The dates as the list shows them: each held elsewhere than its series (`seriesId`'s own row) names its place. */
function withOtherPlaces(
  rows: readonly (Omit<EventDate, 'otherPlace'> & { venueId: number | null; venueName: string | null; room: string | null })[],
  seriesId: number,
): EventDate[] {
  const series = rows.find((row) => row.id === seriesId) ?? rows[0]!;
  return rows.map(({ venueId, venueName, room, ...date }) => ({
    ...date,
    otherPlace: venueId === series.venueId && roomKey(room) === roomKey(series.room) ? null : [venueName, room].filter(Boolean).join(', ') || null,
  }));
}
