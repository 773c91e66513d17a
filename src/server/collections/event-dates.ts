/**
 * A repeating event's later dates as rows of `events` (docs/decisions/049). Each is a listing row
 * like any event — so the programme, timetable, today page, agenda, embeds, feeds and schedule
 * exports show every date with no query of their own — that reads its texts and relations from
 * the series (`series_id`). This module writes them from the series' rule, in the save's
 * transaction; the `events_series_follow` trigger keeps their copied columns in step afterwards
 * (a date's own place, from its change, included).
 */
import { and, eq, getTableColumns, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';
import { placeOfDate, recurrenceField, type Occurrence } from '../../lib/recurrence.ts';
import { expandOccurrences } from '../../lib/recurrence-dates.ts';
import type { EventStatus } from '../../lib/event-status.ts';
import type { EntitySpec } from '../engine/entity-spec.ts';

type EventRow = typeof events.$inferSelect;

/** Columns a date has of its own; every other column is its series' (copied, then kept by the trigger). */
export const OWN_COLUMNS: readonly string[] = [
  'id',
  'slug',
  'guid',
  'startsAt',
  'endsAt',
  'recurrence',
  'seriesId',
  'occurrenceKey',
  // The previous start of the series' first date says nothing about a later one.
  'previousStartsAt',
  'createdAt',
  'createdBy',
  'version',
];
/**
 * Rows that are events, not a repeating event's later dates. Nearly every row: only the partial
 * index `events_items_updated_idx` is built for it (the series index leaves these rows out).
 */
export const isEventItem = isNull(events.seriesId);

/** Rows per insert (SQLite's bound parameters are limited). */
const CHUNK = 100;
const SLUG_MAX = 80;

/** `summer-show-20270324-1800`: the series' slug, cut to fit, and the date's wall time. */
export function occurrenceSlug(seriesSlug: string, key: string): string {
  const stamp = key.replace(/-/g, '').replace('T', '-').replace(':', '');
  return `${seriesSlug.slice(0, SLUG_MAX - stamp.length - 1).replace(/-+$/, '')}-${stamp}`;
}

/** The status a date shows: its own when called off or moved, else the series'. */
function statusOf(occurrence: Occurrence, series: EventStatus): EventStatus {
  if (occurrence.cancelled) return 'cancelled';
  return occurrence.moved && series === 'scheduled' ? 'rescheduled' : series;
}

function dateRow(series: EventRow, occurrence: Occurrence): typeof events.$inferInsert {
  // Everything but OWN_COLUMNS is copied.
  const {
    id,
    slug,
    guid: _guid,
    startsAt: _startsAt,
    endsAt: _endsAt,
    recurrence: _rule,
    seriesId: _seriesId,
    occurrenceKey: _key,
    previousStartsAt: _previousStartsAt,
    createdAt: _createdAt,
    createdBy: _createdBy,
    version: _version,
    ...copied
  } = series;
  return {
    ...copied,
    // A date held elsewhere keeps its own place; the trigger keeps it too (migration 0048).
    ...placeOfDate(series, occurrence.place),
    slug: occurrenceSlug(slug, occurrence.key),
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    eventStatus: statusOf(occurrence, series.eventStatus),
    seriesId: id,
    occurrenceKey: occurrence.key,
  };
}

/** What an upsert rewrites on a kept date: every column a new one gets but its key; it keeps its id and GUID. */
const rewritten = Object.fromEntries(
  Object.entries(getTableColumns(events))
    .filter(([key]) => !OWN_COLUMNS.includes(key) || ['slug', 'startsAt', 'endsAt'].includes(key))
    .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
);

/**
 * Writes the later dates of event `id` from its rule: new dates are added, dropped ones deleted,
 * kept ones updated in place (their id, and so a visitor's agenda star, stays). A no-op for the
 * row of a date itself.
 */
export async function syncEventDates(tx: Executor, id: number): Promise<void> {
  const [series] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, id), isEventItem));
  if (!series) return;
  const later = expandOccurrences(series).slice(1);
  const keys = later.map((occurrence) => occurrence.key);
  await tx.delete(events).where(and(eq(events.seriesId, id), keys.length ? notInArray(events.occurrenceKey, keys) : undefined));
  for (let start = 0; start < later.length; start += CHUNK) {
    const rows = later.slice(start, start + CHUNK).map((occurrence) => dateRow(series, occurrence));
    await tx
      .insert(events)
      .values(rows)
      .onConflictDoUpdate({ target: [events.seriesId, events.occurrenceKey], targetWhere: isNotNull(events.seriesId), set: rewritten });
  }
}

/** The events' `afterWrite`: a save rewrites the dates of an event that repeats or stopped repeating. */
export const eventDates: NonNullable<EntitySpec['afterWrite']> = {
  needed: (before, after) => Boolean(before?.values['recurrence'] || after.values['recurrence']),
  write: syncEventDates,
};

/** The venues single dates are held in (`recurrence.changes.<i>.venueId`), checked to exist on save. */
export const dateVenues: NonNullable<EntitySpec['innerReferences']> = (values) => {
  const parsed = recurrenceField.nullable().safeParse(values['recurrence'] ?? null);
  if (!parsed.success || !parsed.data) return [];
  return parsed.data.changes.flatMap((change, index) =>
    change.venueId === undefined ? [] : [{ path: `recurrence.changes.${index}.venueId`, kind: 'venue' as const, id: change.venueId }],
  );
};
