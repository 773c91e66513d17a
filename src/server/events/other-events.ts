/**
 * "More in <edition>" on an event page: the edition's first public events, soonest first, with
 * the page's own event left out. Its own query, so a page that has the list already (the page
 * cache renders it once for the edition's pages) does not read it again.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { events } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { withPhases, type EventPhase } from '../../lib/programme.ts';
import { attachCardDetails } from './cards.ts';
import { eventItemsSelect, toListRows, type EventListItem } from './queries.ts';
import { isPubliclyVisible } from './visibility.ts';
import { isEventItem } from '../collections/event-dates.ts';

/** How many other events of the edition the page lists. */
const OTHER_EVENTS = 12;

export interface OtherEvents {
  /** The listed events, soonest first, marked past, ongoing or upcoming at the time of reading. */
  events: (EventListItem & { phase: EventPhase })[];
  /**
   * The edition's first public events (ids) the list was picked from: the list is the same on the
   * page of every event of the edition but these, whose lists each leave their own event out.
   */
  pickedFrom: number[];
}

/**
 * The first public events of the edition (placeholder `editionId`), soonest first: one more than
 * the page lists, so that the other events of any event among them are still a full list.
 */
const selectEditionLead = preparedQuery((db) =>
  // A repeating event is listed once, at its first date.
  eventItemsSelect(db, and(eq(events.editionId, sql.placeholder('editionId')), isEventItem, isPubliclyVisible(events, sql.placeholder('now')))!, [
    asc(events.startsAt),
    asc(events.id),
  ])
    .limit(OTHER_EVENTS + 1)
    .prepare(),
);

/** The other events of `editionId` on the page of `eventId`, as cards in `locale`. */
export async function getOtherEvents(
  db: Executor,
  { editionId, eventId, locale, now }: { editionId: number; eventId: number; locale: Locale; now: Date },
): Promise<OtherEvents> {
  const lead = toListRows(await selectEditionLead(db).all({ editionId, locale, now: now.getTime() }), locale);
  const listed = lead.filter((item) => item.id !== eventId).slice(0, OTHER_EVENTS);
  return { events: withPhases(await attachCardDetails(db, listed, locale), now), pickedFrom: lead.map((item) => item.id) };
}

/** The listed events on the page of `event` (a page with no public edition lists none). */
export async function listOtherEvents(
  db: Executor,
  event: { id: number; edition: { id: number } | null },
  { locale, now }: { locale: Locale; now: Date },
): Promise<OtherEvents['events']> {
  return event.edition ? (await getOtherEvents(db, { editionId: event.edition.id, eventId: event.id, locale, now })).events : [];
}
