/**
 * Events in the public API: the hub's listing with every hub filter (same names, same parser,
 * same visibility rule), walked by keyset instead of page numbers, and one event as its page shows it.
 */
import { and, asc, desc, eq, gt, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { isEventStatus, type EventStatus } from '../../lib/event-status.ts';
import { paths } from '../../lib/paths.ts';
import { nextPhaseChange } from '../../lib/programme.ts';
import { getEventPage, type EventDetail } from '../events/detail.ts';
import { findInvalidHubFilters, parseHubFilters, toHubQuery, type HubFilters } from '../events/filters.ts';
import { eventItemsSelect, toEventItems, type EventListItem } from '../events/queries.ts';
import { buildHubConditions } from '../feeds/hub-view.ts';
import { eventPageTags } from '../hub/page-tags.ts';
import { hubTags } from '../page-cache/tags.ts';
import { siteUrl, tagOf } from './links.ts';
import type { FilterReader, ListQuery, ParamErrors } from './params.ts';
import { fileOf, galleryItemOf, imageOf } from './media.ts';
import { localized } from './translated.ts';
import type { Tickets } from '../../lib/tickets.ts';

export interface EventFilters {
  hub: HubFilters;
  /** The event's own status (scheduled, cancelled, postponed, rescheduled). */
  status: EventStatus | undefined;
}

/** The hub's filters (edition, tag, venue, when, from, to) read by the hub's parser, plus `status`. */
export const eventFilters: FilterReader<EventFilters> = {
  names: ['edition', 'tag', 'venue', 'when', 'from', 'to', 'status'],
  read(params) {
    const errors: ParamErrors = Object.fromEntries(findInvalidHubFilters(params).map((name) => [name, ['INVALID']]));
    const statusText = params.get('status');
    const status = isEventStatus(statusText) ? statusText : undefined;
    if (statusText !== null && !status) errors['status'] = ['INVALID'];
    const hub = parseHubFilters(params);
    const canonical = toHubQuery({ ...hub, view: 'cards' }, { withPage: false });
    if (status) canonical.set('status', status);
    return { filters: { hub, status }, errors, canonical: canonical.toString() };
  },
};

/** An event list row or page as the API shows it (the fields both have). */
/** A listed event's price and places (rows built elsewhere may not carry them: not stated). */
function ticketsOf(item: EventListItem): Tickets {
  return {
    admission: item.admission ?? null,
    priceMin: item.priceMin ?? null,
    priceMax: item.priceMax ?? null,
    currency: item.currency ?? null,
    availability: item.availability ?? null,
  };
}

function eventBase(item: EventListItem | EventDetail, locale: Locale) {
  return {
    id: item.id,
    slug: item.slug,
    url: siteUrl(paths.event(locale, item.slug)),
    startsAt: item.startsAt.toISOString(),
    endsAt: item.endsAt.toISOString(),
    timeZone: item.timeZone,
    cover: imageOf(item.cover),
    eventStatus: item.eventStatus,
    statusNote: localized(item.statusNote, item.statusNoteLocale ?? item.titleLocale ?? locale),
    previousStartsAt: item.previousStartsAt?.toISOString() ?? null,
    tickets: 'tickets' in item ? item.tickets : ticketsOf(item),
    venueName: item.venueName,
    room: item.room ?? null,
    onlineUrl: item.onlineUrl,
    tags: item.tags.map((tag) => tagOf(tag, locale)),
    publishedAt: item.publishedAt?.toISOString() ?? null,
    updatedAt: item.updatedAt.toISOString(),
  };
}

function toApiEvent(item: EventListItem, locale: Locale) {
  return {
    ...eventBase(item, locale),
    title: { value: item.title, locale: item.titleLocale },
    summary: localized(item.summary, item.summaryLocale ?? item.titleLocale),
    venue:
      item.venueId && item.venueSlug
        ? { id: item.venueId, slug: item.venueSlug, name: item.venueName ?? item.venueSlug, url: siteUrl(paths.venue(locale, item.venueSlug)) }
        : null,
    edition:
      item.editionId && item.editionSlug
        ? {
            id: item.editionId,
            slug: item.editionSlug,
            title: { value: item.editionTitle ?? item.editionSlug, locale: item.editionTitleLocale },
            url: siteUrl(paths.edition(locale, item.editionSlug)),
          }
        : null,
  };
}

/**
 * Keyset condition: rows after `after` ([startsAt ms, id]) in the list's order. Written as a range
 * on `starts_at` (which the listing's indexes can seek) narrowed by the tie-break on id.
 */
function afterKey(after: number[] | undefined, descending: boolean): SQL | undefined {
  if (!after) return undefined;
  const [at = 0, id = 0] = after;
  const [from, beyond] = descending ? [lte, lt] : [gte, gt];
  return and(from(events.startsAt, new Date(at)), or(beyond(events.startsAt, new Date(at)), beyond(events.id, id)));
}

/** A page of public events matching the hub filters: upcoming and all soonest first, past newest first. */
export async function listEvents(db: Executor, query: ListQuery<EventFilters>, now: Date) {
  const { locale, limit, after, filters } = query;
  const conditions = await buildHubConditions(db, filters.hub, now);
  if (!conditions) return { items: [], nextKey: undefined, tags: [], expiresAt: null };
  const descending = filters.hub.when === 'past';
  const order = descending ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)];
  const where = and(conditions.list, filters.status ? eq(events.eventStatus, filters.status) : undefined, afterKey(after, descending))!;
  const rows = await eventItemsSelect(db, where, order)
    .limit(limit + 1)
    .all({ locale, now: now.getTime() });
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const items = await toEventItems(db, pageRows, locale);
  return {
    items: items.map((item) => toApiEvent(item, locale)),
    nextKey: rows.length > limit && last ? [last.startsAt.getTime(), last.id] : undefined,
    tags: items.flatMap((item) => [hubTags.eventOf(item), ...item.tags.map((tag) => hubTags.tag(tag.id))]),
    // Listed events leave "upcoming" when they end (and enter "past"), like the hub page's marks.
    expiresAt: filters.hub.when === 'all' ? null : nextPhaseChange(items, now),
  };
}

/** One public event as its hub page shows it, by slug. */
export async function getEvent(db: Executor, slug: string, locale: Locale, now: Date) {
  const event = await getEventPage(db, { slug, locale, now });
  if (!event) return undefined;
  const person = (kind: 'curator' | 'organizer') => (p: { id: number; slug: string; name: string }) => ({
    id: p.id,
    slug: p.slug,
    name: p.name,
    url: siteUrl(paths[kind](locale, p.slug)),
  });
  const view = {
    ...eventBase(event, locale),
    title: { value: event.title, locale: event.textLocale },
    summary: localized(event.summary, event.textLocale),
    body: localized(event.body, event.textLocale),
    venue: event.venue?.isPublic
      ? { id: event.venue.id, slug: event.venue.slug, name: event.venue.name, url: siteUrl(paths.venue(locale, event.venue.slug)) }
      : null,
    edition: event.edition
      ? {
          id: event.edition.id,
          slug: event.edition.slug,
          title: { value: event.edition.title, locale: event.edition.titleLocale },
          url: siteUrl(paths.edition(locale, event.edition.slug)),
        }
      : null,
    registrationUrl: event.registrationUrl,
    gallery: event.gallery.map(galleryItemOf),
    files: event.files.map(fileOf),
    curators: event.curators.map(person('curator')),
    organizers: event.organizers.map(person('organizer')),
    availableLocales: event.availableLocales,
  };
  return { item: view, tags: eventPageTags(event) };
}
