/**
 * Facet counts (type, edition, tag, venue) over the kept matches of a search: at most SEARCH_CAP
 * rows, so counting never costs more than that many lookups. Types are read from the index rowids;
 * editions and venues come with each scanned row; tags are counted with the page's details. Past the cap,
 * counts are lower bounds (`atLeast`).
 */
import { searchEntityTypes, type SearchEntityType } from '../../../db/schema.ts';
import { LOCALE_SLOTS } from '../../../db/search-index.ts';
import type { FacetValue } from './details.ts';
import type { KeptMatches } from './ranking.ts';

export type FacetKey = 'type' | 'edition' | 'tag' | 'venue';

export interface FacetCount {
  value: string;
  label: string;
  /** The label is the default locale's text, the page's locale having none. */
  labelIsFallback?: boolean;
  count: number;
  /** Counted among the first SEARCH_CAP matches only: the real count may be higher ("N+"). */
  atLeast: boolean;
}

/** The entity type of an index rowid (see searchRowId). */
export function typeOfRowid(rowid: number): SearchEntityType {
  return searchEntityTypes[Math.floor(rowid / LOCALE_SLOTS) % searchEntityTypes.length]!;
}

/** The entity id of an index rowid. */
export function entityIdOfRowid(rowid: number): number {
  return Math.floor(rowid / LOCALE_SLOTS / searchEntityTypes.length);
}

/** Matches per type, in the order of `searchEntityTypes`. */
export function countTypes({ rows, capped }: KeptMatches): FacetCount[] {
  const counts = new Map<SearchEntityType, number>();
  for (const { rowid } of rows) counts.set(typeOfRowid(rowid), (counts.get(typeOfRowid(rowid)) ?? 0) + 1);
  return searchEntityTypes.flatMap((type) => {
    const count = counts.get(type);
    return count ? [{ value: type, label: type, count, atLeast: capped }] : [];
  });
}

/** [edition id, matches]: an event counts for its edition, an edition for itself. */
export function countEditionIds({ rows }: KeptMatches): [number, number][] {
  const counts = new Map<number, number>();
  for (const { editionId } of rows) if (editionId !== null) counts.set(editionId, (counts.get(editionId) ?? 0) + 1);
  return [...counts];
}

/** [venue id, matches]: an event counts for its venue; editions and people have none. */
export function countVenueIds({ rows }: KeptMatches): [number, number][] {
  const counts = new Map<number, number>();
  for (const { venueId } of rows) if (venueId !== null) counts.set(venueId, (counts.get(venueId) ?? 0) + 1);
  return [...counts];
}

/** The events and editions among the kept matches (their tags are counted). */
export function taggedIds({ rows }: KeptMatches): { eventIds: number[]; editionIds: number[] } {
  const ids = { eventIds: [] as number[], editionIds: [] as number[] };
  for (const { rowid } of rows) {
    const type = typeOfRowid(rowid);
    if (type === 'event') ids.eventIds.push(entityIdOfRowid(rowid));
    else if (type === 'edition') ids.editionIds.push(entityIdOfRowid(rowid));
  }
  return ids;
}

/** Facet values loaded with the details, marked as lower bounds when counted past the cap. */
export function toFacetCounts(values: FacetValue[], { capped }: KeptMatches): FacetCount[] {
  return values.map((value) => ({
    value: value.slug,
    label: value.label ?? value.slug,
    ...(value.labelIsFallback && value.label ? { labelIsFallback: true } : {}),
    count: value.count,
    atLeast: capped,
  }));
}
