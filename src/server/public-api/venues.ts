/** Venues and tags in the public API: published venues, and tags carried by a public event. */
import { and, asc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { eventTags, events, tagTranslations, venues } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { listPublicTags } from '../events/tags.ts';
import { loadMedias } from '../storage/catalog.ts';
import { getVenuePage, venuePlaceColumns } from '../venues/queries.ts';
import { venuePageTags } from '../hub/page-tags.ts';
import { hubTags } from '../page-cache/tags.ts';
import { siteUrl, tagOf } from './links.ts';
import { isPubliclyVisible } from '../events/visibility.ts';
import { editionScope, nameMatchCondition, namesMatch, type NameFilters } from './name-filters.ts';
import { afterId, emptyPage, idKeyedPage } from './pages.ts';
import type { ListQuery } from './params.ts';
import { imageById, imageOf, mediaIdsOf } from './media.ts';
import { localized } from './translated.ts';

/** True while a public event of the edition `editionId` takes place at the venue. */
function hostsEditionEvent(db: Executor, editionId: number, now: Date): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(events)
      .where(and(eq(events.venueId, venues.id), eq(events.editionId, editionId), isPubliclyVisible(events, now))),
  );
}

/** A page of published venues by id. */
export async function listVenues(db: Executor, query: ListQuery<NameFilters>, now: Date) {
  const { locale, limit, after, filters } = query;
  const scope = await editionScope(db, filters, now);
  if (!scope) return emptyPage;
  const shown = and(
    eq(venues.status, 'published'),
    scope.editionId === undefined ? undefined : hostsEditionEvent(db, scope.editionId, now),
    afterId(venues.id, after),
  );
  const where = filters.q ? and(shown, await nameMatchCondition(db, venues, shown, filters.q, limit)) : shown;
  const rows = await db
    .select({ ...venuePlaceColumns, websiteUrl: venues.websiteUrl, imageMediaId: venues.imageMediaId })
    .from(venues)
    .where(where)
    .orderBy(asc(venues.id))
    .limit(limit + 1);
  const images = await loadMedias(db, mediaIdsOf(rows.slice(0, limit), 'imageMediaId'), locale);
  return idKeyedPage(
    rows,
    limit,
    ({ imageMediaId, ...row }) => ({ ...row, url: siteUrl(paths.venue(locale, row.slug)), image: imageById(images, imageMediaId) }),
    hubTags.venue,
  );
}

/** One published venue as its hub page shows it, by slug. */
export async function getVenue(db: Executor, slug: string, locale: Locale, now: Date) {
  const venue = await getVenuePage(db, { slug, locale, now });
  if (!venue) return undefined;
  const textLocale = venue.textLocale ?? locale;
  return {
    item: {
      id: venue.id,
      slug: venue.slug,
      name: venue.name,
      url: siteUrl(paths.venue(locale, venue.slug)),
      address: venue.address,
      latitude: venue.latitude,
      longitude: venue.longitude,
      websiteUrl: venue.websiteUrl,
      image: imageOf(venue.image),
      description: localized(venue.description, textLocale),
      accessNotes: localized(venue.accessNotes, textLocale),
      updatedAt: venue.updatedAt.toISOString(),
    },
    tags: venuePageTags(venue),
  };
}

/** The ids of tags carried by a public event of the edition `editionId`. */
async function editionTagIds(db: Executor, editionId: number, now: Date): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ id: eventTags.tagId })
    .from(eventTags)
    .innerJoin(events, eq(events.id, eventTags.eventId))
    .where(and(eq(events.editionId, editionId), isPubliclyVisible(events, now)));
  return new Set(rows.map((row) => row.id));
}

/** The tags whose label in some locale contains `q`. */
async function tagsMatching<T extends { id: number }>(db: Executor, candidates: readonly T[], q: string): Promise<T[]> {
  const labels = new Map<number, string[]>();
  for (let start = 0; start < candidates.length; start += 500) {
    const rows = await db
      .select({ id: tagTranslations.tagId, label: tagTranslations.label })
      .from(tagTranslations)
      .where(
        inArray(
          tagTranslations.tagId,
          candidates.slice(start, start + 500).map((tag) => tag.id),
        ),
      );
    for (const row of rows) labels.set(row.id, [...(labels.get(row.id) ?? []), row.label]);
  }
  return candidates.filter((tag) => namesMatch(labels.get(tag.id) ?? [], q));
}

/** A page of the tags carried by at least one public event (the hub's filter options), by id. */
export async function listTags(db: Executor, query: ListQuery<NameFilters>, now: Date) {
  const { locale, limit, after, filters } = query;
  const scope = await editionScope(db, filters, now);
  if (!scope) return emptyPage;
  // Tags are a short list: the hub's own query, ordered by id for a stable keyset.
  let rest = (await listPublicTags(db, locale, now)).sort((a, b) => a.id - b.id).filter((tag) => !after || tag.id > after[0]!);
  if (scope.editionId !== undefined) {
    const inEdition = await editionTagIds(db, scope.editionId, now);
    rest = rest.filter((tag) => inEdition.has(tag.id));
  }
  if (filters.q) rest = await tagsMatching(db, rest, filters.q);
  return idKeyedPage(rest, limit, (tag) => tagOf(tag, locale), hubTags.tag);
}

/** One public tag, by slug. */
export async function getTag(db: Executor, slug: string, locale: Locale, now: Date) {
  const tag = (await listPublicTags(db, locale, now)).find((candidate) => candidate.slug === slug);
  return tag ? { item: tagOf(tag, locale), tags: [hubTags.tag(tag.id)] } : undefined;
}
