/** Venues as the hub shows them: the venue page, and the venue an event page names (docs/decisions/025). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { venueTranslations, venues } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { groupByDay, nextPhaseChange, withPhases, type EventPhase, type ProgrammeDay } from '../../lib/programme.ts';
import { pickTranslation, translatedLocales } from '../../lib/translated.ts';
import { buildEventFilter, type EventListItem } from '../events/queries.ts';
import { selectUpcomingAndPast } from '../events/upcoming-and-past.ts';
import { loadMedias, type MediaView } from '../storage/catalog.ts';

/** The venue an event names: enough for a line, a link, a calendar's LOCATION and GEO. */
export interface VenueRef {
  id: number;
  slug: string;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Only a published venue has a page to link to. */
  isPublic: boolean;
}

export interface VenueDetail extends Omit<VenueRef, 'isPublic'> {
  websiteUrl: string | null;
  image: MediaView | null;
  description: string | null;
  accessNotes: string | null;
  /** Locale the texts are written in (the default locale when not translated); null without texts. */
  textLocale: Locale | null;
  availableLocales: Locale[];
  upcoming: ProgrammeDay<EventListItem & { phase: EventPhase }>[];
  past: ProgrammeDay<EventListItem & { phase: EventPhase }>[];
  /** More events than listed on that side: the page links to the hub filtered by this venue. */
  moreUpcoming: boolean;
  morePast: boolean;
  /** When an event's past/ongoing mark next changes (the cached page must not outlive it). */
  marksChangeAt: Date | null;
  updatedAt: Date;
}

/** What says where a venue is: its names and its place on a map. */
export const venuePlaceColumns = {
  id: venues.id,
  slug: venues.slug,
  name: venues.name,
  address: venues.address,
  latitude: venues.latitude,
  longitude: venues.longitude,
};

const selectRef = preparedQuery((db) =>
  db
    .select({ ...venuePlaceColumns, isPublic: sql<boolean>`${venues.status} = 'published'`.mapWith(Boolean) })
    .from(venues)
    .where(eq(venues.id, sql.placeholder('id')))
    .limit(1)
    .prepare(),
);

/** The venue an event points at, whatever its status (an event always says where it happens). */
export async function getVenueRef(db: Executor, id: number | null): Promise<VenueRef | null> {
  if (id === null) return null;
  const [row] = await selectRef(db).all({ id });
  return row ?? null;
}

const selectPublicVenue = preparedQuery((db) =>
  db
    .select()
    .from(venues)
    .where(and(eq(venues.slug, sql.placeholder('slug')), eq(venues.status, 'published')))
    .limit(1)
    .prepare(),
);
/** The admin live preview's lookup: a venue whatever its status. */
const selectAnyVenue = preparedQuery((db) =>
  db
    .select()
    .from(venues)
    .where(eq(venues.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare(),
);

/** A published venue's page: its texts in `locale` (or the default locale), upcoming and past public events there. */
export async function getVenuePage(
  db: Executor,
  lookup: { slug: string; locale: Locale; now: Date; includeUnpublished?: boolean },
): Promise<VenueDetail | undefined> {
  const { slug, locale, now } = lookup;
  const [venue] = await (lookup.includeUnpublished ? selectAnyVenue : selectPublicVenue)(db).all({ slug });
  if (!venue) return undefined;
  const [texts, listed, images] = await Promise.all([
    db.select().from(venueTranslations).where(eq(venueTranslations.venueId, venue.id)),
    selectUpcomingAndPast(db, locale, now, (when) => buildEventFilter(db, { now, when, venueId: venue.id })),
    venue.imageMediaId ? loadMedias(db, [venue.imageMediaId], locale) : Promise.resolve(new Map<number, MediaView>()),
  ]);
  const text = pickTranslation(texts, locale);
  const upcoming = withPhases(listed.upcoming, now);
  const past = withPhases(listed.past, now);
  return {
    id: venue.id,
    slug: venue.slug,
    name: venue.name,
    address: venue.address,
    latitude: venue.latitude,
    longitude: venue.longitude,
    websiteUrl: venue.websiteUrl,
    image: venue.imageMediaId ? (images.get(venue.imageMediaId) ?? null) : null,
    description: text?.row.description ?? null,
    accessNotes: text?.row.accessNotes ?? null,
    textLocale: text?.locale ?? null,
    availableLocales: translatedLocales(texts),
    upcoming: groupByDay(upcoming, { ordered: true }),
    past: groupByDay(past, { ordered: true }),
    moreUpcoming: listed.moreUpcoming,
    morePast: listed.morePast,
    marksChangeAt: nextPhaseChange(upcoming, now),
    updatedAt: venue.updatedAt,
  };
}

/** A venue as the hub's filter offers it. */
export interface VenueOption {
  slug: string;
  name: string;
}

/** Published venues by name, for the hub's venue filter. */
export function listPublicVenues(db: Executor): Promise<VenueOption[]> {
  return db.select({ slug: venues.slug, name: venues.name }).from(venues).where(eq(venues.status, 'published')).orderBy(asc(venues.name));
}

/** The id of a published venue by slug; undefined for a draft or unknown one. */
export async function findPublicVenueId(db: Executor, slug: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.slug, slug), eq(venues.status, 'published')))
    .limit(1);
  return row?.id;
}
