/** Venue addresses for calendar LOCATION lines, which list rows do not carry. */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';
import type { CalendarEvent } from './ics.ts';

/** Bounds the ids bound in one statement (SQLite's variable limit is far above it). */
const CHUNK = 500;

/** The items with their venue address attached (one primary-key lookup per 500 events). */
export async function withVenueAddresses<T extends Omit<CalendarEvent, 'venueAddress'>>(
  db: Executor,
  items: readonly T[],
): Promise<(T & { venueAddress: string | null })[]> {
  const addresses = new Map<number, string | null>();
  for (let start = 0; start < items.length; start += CHUNK) {
    const ids = items.slice(start, start + CHUNK).map((item) => item.id);
    const rows = await db.select({ id: events.id, venueAddress: events.venueAddress }).from(events).where(inArray(events.id, ids));
    for (const row of rows) addresses.set(row.id, row.venueAddress);
  }
  return items.map((item) => ({ ...item, venueAddress: addresses.get(item.id) ?? null }));
}
