/** Venue addresses and points for calendar LOCATION and GEO lines, which list rows do not carry. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { events, venues } from '../../../db/schema.ts';
import { hasOwnPlace, type Recurrence } from '../../lib/recurrence.ts';
import type { CalendarEvent, DateLocation } from './ics.ts';

/** Bounds the ids bound in one statement (SQLite's variable limit is far above it). */
const CHUNK = 500;

interface Place {
  venueAddress: string | null;
  geo: { latitude: number; longitude: number } | null;
}

/** The items with their venue's address (or free-text address) and point attached (one query per 500 events). */
export async function withVenueAddresses<T extends Omit<CalendarEvent, 'venueAddress' | 'geo'>>(db: Executor, items: readonly T[]): Promise<(T & Place)[]> {
  const places = new Map<number, Place>();
  for (let start = 0; start < items.length; start += CHUNK) {
    const ids = items.slice(start, start + CHUNK).map((item) => item.id);
    const rows = await db
      .select({
        id: events.id,
        venueAddress: sql<string | null>`coalesce(${venues.address}, ${events.venueAddress})`,
        latitude: venues.latitude,
        longitude: venues.longitude,
      })
      .from(events)
      .leftJoin(venues, eq(venues.id, events.venueId))
      .where(inArray(events.id, ids));
    for (const { id, venueAddress, latitude, longitude } of rows) {
      places.set(id, { venueAddress, geo: latitude !== null && longitude !== null ? { latitude, longitude } : null });
    }
  }
  return items.map((item) => ({ ...item, ...(places.get(item.id) ?? { venueAddress: null, geo: null }) }));
}

/**
 * The places of the series' dates held elsewhere (a change naming a venue or room), read from the
 * dates' own rows, by series id and occurrence key. One query per 500 such series.
 */
export async function readDatePlaces(
  db: Executor,
  series: readonly { id: number; recurrence?: Recurrence | null | undefined }[],
): Promise<Map<number, Record<string, DateLocation>>> {
  const found = new Map<number, Record<string, DateLocation>>();
  const relocated = series.filter((item) => item.recurrence?.changes.some(hasOwnPlace));
  for (let start = 0; start < relocated.length; start += CHUNK) {
    const chunk = relocated.slice(start, start + CHUNK);
    const keys = new Set(chunk.flatMap((item) => (item.recurrence?.changes ?? []).filter(hasOwnPlace).map((change) => `${item.id}/${change.on}`)));
    const rows = await db
      .select({
        seriesId: events.seriesId,
        key: events.occurrenceKey,
        venueName: venues.name,
        room: events.room,
        venueAddress: sql<string | null>`coalesce(${venues.address}, ${events.venueAddress})`,
        latitude: venues.latitude,
        longitude: venues.longitude,
      })
      .from(events)
      .leftJoin(venues, eq(venues.id, events.venueId))
      .where(inArray(events.seriesId, [...new Set(chunk.map((item) => item.id))]));
    for (const { seriesId, key, latitude, longitude, ...place } of rows) {
      if (seriesId === null || key === null || !keys.has(`${seriesId}/${key}`)) continue;
      const geo = latitude !== null && longitude !== null ? { latitude, longitude } : null;
      found.set(seriesId, { ...found.get(seriesId), [key]: { ...place, geo } });
    }
  }
  return found;
}
