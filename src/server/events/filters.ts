/**
 * The hub's filter query string (`?edition=&tag=&venue=&when=&from=&to=&view=&page=`), shared by the listing
 * page and its calendar feed. Parsing never fails: a bad value is dropped, and the page redirects
 * to the canonical form so every filtered view has exactly one URL (and one cache entry).
 */
import { z } from 'zod';
import { isDateKey } from '../../lib/dates.ts';

export const timeFilters = ['upcoming', 'past', 'all'] as const;
export type EventTimeFilter = (typeof timeFilters)[number];
/** Cards with covers, or the compact programme (one line per event, grouped by day). */
export const hubViews = ['cards', 'list'] as const;
export type HubView = (typeof hubViews)[number];

/** A slug as the hub's filters take it. */
export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(80);
const dateKey = z.string().refine(isDateKey);
/** Far enough for any real programme; bounds OFFSET work on huge databases. */
export const MAX_PAGE = 500;

const hubFilterSchema = z.object({
  edition: slug.optional().catch(undefined),
  tag: slug.optional().catch(undefined),
  venue: slug.optional().catch(undefined),
  when: z.enum(timeFilters).default('upcoming').catch('upcoming'),
  from: dateKey.optional().catch(undefined),
  to: dateKey.optional().catch(undefined),
  view: z.enum(hubViews).default('cards').catch('cards'),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1).catch(1),
});

export type HubFilters = z.output<typeof hubFilterSchema>;

/** Each filter field's rule without the fallback: what makes a value invalid rather than absent. */
const strictFields = { edition: slug, tag: slug, venue: slug, when: z.enum(timeFilters), from: dateKey, to: dateKey } as const;

/**
 * The filter fields present with a value `parseHubFilters` would drop. Pages redirect such a query
 * to its canonical form; machine-read outputs (feeds, calendars) refuse it, so a subscriber's typo
 * is reported instead of widening to every event.
 */
export function findInvalidHubFilters(params: URLSearchParams): (keyof typeof strictFields)[] {
  return (Object.keys(strictFields) as (keyof typeof strictFields)[]).filter((key) => {
    const value = params.get(key)?.trim();
    return Boolean(value) && !strictFields[key].safeParse(value).success;
  });
}

/** Reads the filters from a query string; empty fields (from a GET form) count as absent. */
export function parseHubFilters(params: URLSearchParams): HubFilters {
  const raw: Record<string, string> = {};
  for (const key of ['edition', 'tag', 'venue', 'when', 'from', 'to', 'view', 'page']) {
    const value = params.get(key)?.trim();
    if (value) raw[key] = value;
  }
  // A date range asks "what happens then", past or future, unless a time filter is also chosen.
  if (!raw.when && (raw.from || raw.to)) raw.when = 'all';
  const filters = hubFilterSchema.parse(raw);
  // Choosing an edition asks for its programme: all of its dates, unless a time filter is chosen.
  if (!raw.when && filters.edition) filters.when = 'all';
  // A reversed range is almost certainly a slip: swap instead of showing nothing.
  if (filters.from && filters.to && filters.from > filters.to) [filters.from, filters.to] = [filters.to, filters.from];
  return filters;
}

/**
 * The canonical query string of a filter set: fixed key order, defaults omitted. `page` is left
 * out when `withPage` is false (calendar feeds, links that reset pagination).
 */
export function toHubQuery(filters: Partial<HubFilters>, { withPage = true } = {}): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.edition) query.set('edition', filters.edition);
  if (filters.tag) query.set('tag', filters.tag);
  if (filters.venue) query.set('venue', filters.venue);
  // `upcoming` is the default only without an edition or dates (see parseHubFilters).
  if (filters.when && (filters.when !== 'upcoming' || implicitWhen(filters) !== 'upcoming')) query.set('when', filters.when);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.view === 'list') query.set('view', 'list');
  if (withPage && filters.page && filters.page > 1) query.set('page', String(filters.page));
  return query;
}

/**
 * What an absent `when` means for these filters: all dates once an edition or dates are chosen,
 * else upcoming. The hub form's untouched "Upcoming" choice submits an empty value, so choosing an
 * edition there asks for all of its dates.
 */
export function implicitWhen(filters: Partial<Pick<HubFilters, 'edition' | 'from' | 'to'>>): EventTimeFilter {
  return filters.edition || filters.from || filters.to ? 'all' : 'upcoming';
}
