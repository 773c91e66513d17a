/**
 * Calendars write a repeating event once, as its series (series-lines.ts): a listing holds one row
 * per date, so the dates of one series become its master event, written where the first of them
 * stood, with the rule attached. A master not among the rows (a feed of upcoming dates only) is
 * read as a list item of its own.
 */
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Recurrence } from '../../lib/recurrence.ts';
import { selectEventItems } from '../events/queries.ts';
import { isPubliclyVisible } from '../events/visibility.ts';
import type { CalendarEvent } from './ics.ts';
import { readDatePlaces, withVenueAddresses } from './locations.ts';

/** Bounds the ids bound in one statement. */
const CHUNK = 500;

type CalendarItem = CalendarEvent & { seriesId?: number | null | undefined };

async function readRecurrences(db: Executor, ids: readonly number[]): Promise<Map<number, Recurrence>> {
  const found = new Map<number, Recurrence>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .select({ id: events.id, recurrence: events.recurrence })
      .from(events)
      .where(and(inArray(events.id, ids.slice(start, start + CHUNK)), isNotNull(events.recurrence)));
    for (const row of rows) if (row.recurrence) found.set(row.id, row.recurrence);
  }
  return found;
}

/** The masters of series whose dates are listed without them, as calendar items (public ones only). */
async function readMasters(db: Executor, locale: Locale, now: Date, ids: readonly number[]): Promise<Map<number, CalendarEvent>> {
  const found = new Map<number, CalendarEvent>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const items = await selectEventItems(db, locale, now, and(isPubliclyVisible(events, now), inArray(events.id, chunk))!, [], chunk.length);
    for (const item of await withVenueAddresses(db, items)) found.set(item.id, item);
  }
  return found;
}

/**
 * The items as a calendar writes them: each series once (its master with its recurrence) at the
 * place of its first listed date, single events as they are.
 */
export async function collapseSeries(db: Executor, locale: Locale, now: Date, items: readonly CalendarItem[]): Promise<CalendarEvent[]> {
  const seriesIds = [...new Set(items.map((item) => item.seriesId ?? item.id))];
  const recurrences = await readRecurrences(db, seriesIds);
  const listed = new Map(items.filter((item) => !item.seriesId).map((item) => [item.id, item]));
  const missing = [...new Set(items.flatMap((item) => (item.seriesId && !listed.has(item.seriesId) ? [item.seriesId] : [])))];
  const masters = missing.length ? await readMasters(db, locale, now, missing) : new Map<number, CalendarEvent>();
  // A date held elsewhere gets its own place in its VEVENT.
  const datePlaces = await readDatePlaces(
    db,
    [...recurrences].map(([id, recurrence]) => ({ id, recurrence })),
  );
  const written = new Set<number>();
  const result: CalendarEvent[] = [];
  for (const item of items) {
    const id = item.seriesId ?? item.id;
    if (written.has(id)) continue;
    written.add(id);
    // A date whose master cannot be shown stays a single event.
    const master = listed.get(id) ?? masters.get(id);
    const places = datePlaces.get(id);
    result.push(master ? { ...master, recurrence: recurrences.get(id) ?? null, ...(places ? { datePlaces: places } : {}) } : item);
  }
  return result;
}
