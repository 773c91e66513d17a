/**
 * Full-text search over public events, editions, curators and organizers in one locale: ranked,
 * highlighted hits, facet counts (type, edition, tag, venue), a time filter and pagination. Its cost is
 * bounded by SEARCH_CAP whatever the word: see scan.ts, ranking.ts and docs/decisions/005-search.md.
 * Two statements (the scans, then the page's details and facet labels); three when a search
 * without an edition or small-type filter keeps under SEARCH_CAP matches (bm25 over them).
 */
import type { Executor } from '../../../db/client.ts';
import type { SearchEntityType } from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import type { EventStatus } from '../../lib/event-status.ts';
import { loadDetails } from './details.ts';
import {
  countEditionIds,
  countTypes,
  countVenueIds,
  entityIdOfRowid,
  taggedIds,
  toFacetCounts,
  typeOfRowid,
  type FacetCount,
  type FacetKey,
} from './facets.ts';
import { createTermMarker } from './marks.ts';
import { parseSearchQuery } from './query.ts';
import { collectMatches } from './ranking.ts';
import { SEARCH_CAP, type ScanFilters, type SearchTimeFilter } from './scan.ts';

export { SEARCH_CAP, type FacetCount, type SearchTimeFilter };

export interface SearchInput {
  q: string;
  locale: Locale;
  now: Date;
  type?: SearchEntityType | undefined;
  editionId?: number | undefined;
  tagId?: number | undefined;
  /** Only events at this venue. */
  venueId?: number | undefined;
  when?: SearchTimeFilter;
  page?: number;
  pageSize?: number;
}

export interface SearchHit {
  type: SearchEntityType;
  id: number;
  slug: string;
  /** Title with U+0001/U+0002 around matches (render with `renderHighlight`). */
  titleMarked: string;
  snippetMarked: string;
  /** The text is the default locale's (no translation in the page's locale). */
  isFallback: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  timeZone: string | null;
  /** Events only: their status, which the result shows in words when it is not `scheduled`. */
  eventStatus: EventStatus | null;
  /** The event or edition has ended (at the search's `now`): the result says "Past". */
  isPast: boolean;
}

export interface SearchResults {
  status: 'empty' | 'too-long' | 'no-terms' | 'ok';
  terms: string[];
  hits: SearchHit[];
  /** Matches, at most SEARCH_CAP. */
  total: number;
  /** More than SEARCH_CAP items match: `total` is the cap ("500+"), and only those are ranked and paged. */
  capped: boolean;
  page: number;
  pageSize: number;
  facets: { type: FacetCount[]; edition: FacetCount[]; tag: FacetCount[]; venue: FacetCount[] };
}

/** Filters of the scan counting `facet` when its own filter is set: facets are disjunctive. */
function filtersWithout(facet: FacetKey, filters: ScanFilters): ScanFilters {
  if (facet === 'type') return { ...filters, type: undefined };
  if (facet === 'edition') return { ...filters, editionId: undefined };
  if (facet === 'tag') return { ...filters, tagId: undefined };
  return { ...filters, venueId: undefined };
}

/** Runs a search; bad or empty input yields a status instead of an error. */
export async function searchHub(db: Executor, input: SearchInput): Promise<SearchResults> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? 20;
  const empty = { hits: [], total: 0, capped: false, page, pageSize, facets: { type: [], edition: [], tag: [], venue: [] } };
  const parsed = parseSearchQuery(input.q, input.locale);
  if (parsed.kind !== 'ok') return { status: parsed.kind, terms: [], ...empty };

  const now = input.now.getTime();
  const query = { match: parsed.match, forms: parsed.forms, locale: input.locale, now };
  const filters: ScanFilters = { type: input.type, editionId: input.editionId, tagId: input.tagId, venueId: input.venueId, when: input.when ?? 'all' };
  // A facet whose own filter is set is counted over matches found without that filter (so
  // choosing "Event" still shows how many editions match); the others count the results.
  const isSet: Record<FacetKey, boolean> = {
    type: filters.type !== undefined,
    edition: filters.editionId !== undefined,
    tag: filters.tagId !== undefined,
    venue: filters.venueId !== undefined,
  };
  const active = (['type', 'edition', 'tag', 'venue'] as const).filter((key) => isSet[key]);
  const { main, others } = await collectMatches(
    db,
    query,
    filters,
    active.map((key) => filtersWithout(key, filters)),
  );
  const source = (key: FacetKey) => (active.includes(key) ? others[active.indexOf(key)]! : main);
  const pageRows = main.rows.slice((page - 1) * pageSize, page * pageSize);
  const details = await loadDetails(
    db,
    {
      rowids: pageRows.map((row) => row.rowid),
      editionCounts: countEditionIds(source('edition')),
      venueCounts: countVenueIds(source('venue')),
      tagged: taggedIds(source('tag')),
    },
    input.locale,
    now,
  );

  // Words are marked by their forms in the text's own language: a fallback row holds default-locale text.
  const markers = new Map<Locale, ReturnType<typeof createTermMarker>>();
  const markerFor = (isFallback: boolean) => {
    const textLocale = isFallback ? defaultLocale : input.locale;
    let marker = markers.get(textLocale);
    if (!marker) markers.set(textLocale, (marker = createTermMarker(parsed.forms, textLocale)));
    return marker;
  };
  return {
    status: 'ok',
    terms: parsed.terms,
    page,
    pageSize,
    total: main.rows.length,
    capped: main.capped,
    hits: pageRows.flatMap(({ rowid }) => {
      const hit = details.hits.get(rowid);
      if (!hit?.slug) return [];
      const marker = markerFor(hit.isFallback);
      return [
        {
          type: typeOfRowid(rowid),
          id: entityIdOfRowid(rowid),
          slug: hit.slug,
          titleMarked: marker.mark(hit.title ?? ''),
          snippetMarked: marker.excerpt(hit.body ?? ''),
          isFallback: hit.isFallback,
          startsAt: hit.startsAt === null ? null : new Date(hit.startsAt),
          endsAt: hit.endsAt === null ? null : new Date(hit.endsAt),
          timeZone: hit.timeZone,
          eventStatus: hit.eventStatus,
          isPast: hit.endsAt !== null && hit.endsAt <= now,
        },
      ];
    }),
    facets: {
      type: countTypes(source('type')),
      edition: toFacetCounts(details.editions, source('edition')),
      tag: toFacetCounts(details.tags, source('tag')),
      venue: toFacetCounts(details.venues, source('venue')),
    },
  };
}
