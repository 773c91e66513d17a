/**
 * The hub view a machine-read output mirrors (`feed.xml`, `calendar.ics` under /{locale}/hub):
 * its query string is read with the hub listing's own parser, so a feed link carrying the page's
 * filters selects exactly the page's events. A value the page would silently drop is refused with
 * a 400 instead (a subscriber would otherwise get every event without noticing); a valid but
 * non-canonical query is redirected to its canonical form, one URL and one cache entry per view.
 */
import type { APIContext } from 'astro';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { getTranslator } from '../../i18n/index.ts';
import { getDb } from '../db.ts';
import { findPublicEditionId } from '../editions/queries.ts';
import { findInvalidHubFilters, parseHubFilters, toHubQuery, type HubFilters } from '../events/filters.ts';
import { buildEventFilters, findTagId } from '../events/queries.ts';
import { problem } from '../http/problem.ts';
import { findPublicVenueId } from '../venues/queries.ts';

export interface HubView {
  filters: HubFilters;
  /** The canonical query (no `page`: outputs are not paginated). */
  query: URLSearchParams;
  /**
   * The rows' conditions, visibility included (see buildEventFilters: `list` to walk them in start
   * order, `count` to pick them another way); null when a named edition or tag does not exist.
   */
  conditions: { list: SQL; count: SQL } | null;
}

/** What a hub output route reads with: the database, the time of reading and the view. */
export interface HubViewRequest {
  db: Executor;
  now: Date;
  view: HubView;
}

/** The first step of a hub output route: the view read now, or the response to send instead (see `readHubView`). */
export async function openHubView(context: APIContext): Promise<HubViewRequest | Response> {
  const db = await getDb();
  const now = new Date();
  const view = await readHubView(context, db, now);
  return view instanceof Response ? view : { db, now, view };
}

/** The view, or the response to send instead (400 for an invalid filter, 301 to the canonical URL). */
async function readHubView(context: APIContext, db: Executor, now: Date): Promise<HubView | Response> {
  const params = context.url.searchParams;
  const invalid = findInvalidHubFilters(params);
  if (invalid.length) {
    return problem(400, 'INVALID_FILTER', getTranslator(context.locals.locale)('hub.feed.invalidFilter'), {
      errors: Object.fromEntries(invalid.map((key) => [key, ['INVALID']])),
    });
  }
  const filters = parseHubFilters(params);
  // Outputs list the same events whatever the page's view (cards or list).
  const query = toHubQuery({ ...filters, view: 'cards' }, { withPage: false });
  if (query.toString() !== params.toString()) {
    return context.redirect(`${context.url.pathname}${query.size ? `?${query}` : ''}`, 301);
  }
  return { filters, query, conditions: await buildHubConditions(db, filters, now) };
}

/**
 * The rows' conditions of parsed hub filters (named edition, tag and venue resolved to ids), or
 * null when a named one does not exist or is not public. Like the hub page: a well-formed name of
 * nothing (a tag since deleted) is an empty view, not an error.
 */
export async function buildHubConditions(db: Executor, filters: HubFilters, now: Date): Promise<{ list: SQL; count: SQL } | null> {
  const [editionId, tagId, venueId] = await Promise.all([
    filters.edition ? findPublicEditionId(db, filters.edition, now) : undefined,
    filters.tag ? findTagId(db, filters.tag) : undefined,
    filters.venue ? findPublicVenueId(db, filters.venue) : undefined,
  ]);
  if ((filters.edition && editionId === undefined) || (filters.tag && tagId === undefined) || (filters.venue && venueId === undefined)) return null;
  return buildEventFilters(db, { now, when: filters.when, editionId, tagId, venueId, from: filters.from, to: filters.to });
}
