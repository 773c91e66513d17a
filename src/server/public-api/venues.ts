/** Venues and tags in the public API: published venues, and tags carried by a public event. */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { venues } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { listPublicTags } from '../events/tags.ts';
import { getVenuePage, venuePlaceColumns } from '../venues/queries.ts';
import { venuePageTags } from '../page-cache/page-tags.ts';
import { hubTags } from '../page-cache/tags.ts';
import { siteUrl, tagOf } from './links.ts';
import { afterId, idKeyedPage } from './pages.ts';
import type { ListQuery } from './params.ts';
import { localized } from './translated.ts';

/** A page of published venues by id. */
export async function listVenues(db: Executor, query: ListQuery<unknown>) {
  const { locale, limit, after } = query;
  const rows = await db
    .select({ ...venuePlaceColumns, websiteUrl: venues.websiteUrl })
    .from(venues)
    .where(and(eq(venues.status, 'published'), afterId(venues.id, after)))
    .orderBy(asc(venues.id))
    .limit(limit + 1);
  return idKeyedPage(rows, limit, (row) => ({ ...row, url: siteUrl(paths.venue(locale, row.slug)) }), hubTags.venue);
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
      description: localized(venue.description, textLocale),
      accessNotes: localized(venue.accessNotes, textLocale),
      updatedAt: venue.updatedAt.toISOString(),
    },
    tags: venuePageTags(venue),
  };
}

/** A page of the tags carried by at least one public event (the hub's filter options), by id. */
export async function listTags(db: Executor, query: ListQuery<unknown>, now: Date) {
  const { locale, limit, after } = query;
  // Tags are a short list: the hub's own query, ordered by id for a stable keyset.
  const rest = (await listPublicTags(db, locale, now)).sort((a, b) => a.id - b.id).filter((tag) => !after || tag.id > after[0]!);
  return idKeyedPage(rest, limit, (tag) => tagOf(tag, locale), hubTags.tag);
}

/** One public tag, by slug. */
export async function getTag(db: Executor, slug: string, locale: Locale, now: Date) {
  const tag = (await listPublicTags(db, locale, now)).find((candidate) => candidate.slug === slug);
  return tag ? { item: tagOf(tag, locale), tags: [hubTags.tag(tag.id)] } : undefined;
}
