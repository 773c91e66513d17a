/**
 * "Now and next" as pure data: which events are on now, later today and tonight, grouped by
 * place, and the instant the answer next changes. A festival's day does not end at midnight: it
 * runs from 06:00 to 06:00 where the events happen (or in the visitor's zone), its evening from
 * 18:00, so a 01:00 set is still "tonight". Nothing here reads a clock (`now` is passed in).
 */
import { nextDateKey } from './dates.ts';
import { nextPhaseChange, phaseOf, scheduleColumnOf, type ScheduleColumn, type SchedulePlace } from './programme.ts';
import { instantToWallTime, wallTimeToInstant } from './zoned-time.ts';

/** The hour a festival day (and its night) ends and the next one begins. */
export const NIGHT_ENDS_AT = '06:00';
/** The hour "tonight" begins. */
export const EVENING_STARTS_AT = '18:00';

/** Which part of today an event belongs to. */
export type TodaySlot = 'now' | 'next' | 'tonight';

export interface FestivalDay {
  /** The calendar date the festival day starts on (YYYY-MM-DD). */
  dateKey: string;
  startsAt: Date;
  eveningAt: Date;
  /** The end of its night: the start of the next festival day. */
  endsAt: Date;
}

interface Timed {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}

/** The festival day that holds instant `at` in `zone`. */
export function festivalDayOf(zone: string, at: Date): FestivalDay {
  const wall = instantToWallTime(at, zone);
  const date = wall.slice(0, 10);
  // Before 06:00 it is still the night of the day before.
  const dateKey = wall.slice(11) < NIGHT_ENDS_AT ? previousDateKey(date) : date;
  const instant = (day: string, time: string) => wallTimeToInstant(`${day}T${time}`, zone)!;
  return {
    dateKey,
    startsAt: instant(dateKey, NIGHT_ENDS_AT),
    eveningAt: instant(dateKey, EVENING_STARTS_AT),
    endsAt: instant(nextDateKey(dateKey), NIGHT_ENDS_AT),
  };
}

function previousDateKey(dateKey: string): string {
  return new Date(Date.parse(`${dateKey}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Where `event` stands in today at `now`, or null when it is over or not today: on now (started,
 * not ended), next (starts later in the festival day, before the evening) or tonight (starts
 * between the evening and the end of the night). Days are read in the event's `timeZone`.
 */
export function todaySlotOf(event: Timed, now: Date): TodaySlot | null {
  const phase = phaseOf(event, now);
  if (phase === 'past') return null;
  if (phase === 'ongoing') return 'now';
  const day = festivalDayOf(event.timeZone, now);
  if (event.startsAt < day.eveningAt) return 'next';
  return event.startsAt < day.endsAt ? 'tonight' : null;
}

/** A place's events in one part of today. */
export interface PlaceGroup<T> {
  column: ScheduleColumn;
  events: T[];
}

const kindOrder: Record<ScheduleColumn['kind'], number> = { venue: 0, online: 1, unannounced: 2 };

/**
 * Events grouped by place (venue and room, online, unannounced: the timetable's columns), venues
 * in the locale's alphabetical order, then online, then unannounced; each group by start time.
 */
export function groupByPlace<T extends Timed & SchedulePlace>(events: readonly T[], collator: Intl.Collator): PlaceGroup<T>[] {
  const groups = new Map<string, PlaceGroup<T>>();
  for (const event of events) {
    const column = scheduleColumnOf(event);
    const group = groups.get(column.key);
    if (group) group.events.push(event);
    else groups.set(column.key, { column, events: [event] });
  }
  for (const group of groups.values()) group.events.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return [...groups.values()].sort(
    (a, b) => kindOrder[a.column.kind] - kindOrder[b.column.kind] || collator.compare(a.column.label ?? '', b.column.label ?? ''),
  );
}

export interface Today<T> {
  now: PlaceGroup<T>[];
  next: PlaceGroup<T>[];
  tonight: PlaceGroup<T>[];
  /** Nothing on now and nothing left today: the events of the next day that has some. */
  comingDay: { dateKey: string; events: T[] } | null;
}

/**
 * Today at `now` from the events around it (each in the zone it is shown in). `events` must hold
 * every public event that could be on today, and, in start order, those after it up to the next
 * day with events.
 */
export function buildToday<T extends Timed & SchedulePlace>(events: readonly T[], now: Date, collator: Intl.Collator): Today<T> {
  const slots: Record<TodaySlot, T[]> = { now: [], next: [], tonight: [] };
  const later: T[] = [];
  for (const event of events) {
    const slot = todaySlotOf(event, now);
    if (slot) slots[slot].push(event);
    else if (phaseOf(event, now) === 'upcoming') later.push(event);
  }
  const first = later.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
  const empty = slots.now.length + slots.next.length + slots.tonight.length === 0;
  const comingKey = first ? festivalDayOf(first.timeZone, first.startsAt).dateKey : null;
  return {
    now: groupByPlace(slots.now, collator),
    next: groupByPlace(slots.next, collator),
    tonight: groupByPlace(slots.tonight, collator),
    comingDay:
      empty && first && comingKey
        ? { dateKey: comingKey, events: later.filter((event) => festivalDayOf(event.timeZone, event.startsAt).dateKey === comingKey) }
        : null,
  };
}

/**
 * The next instant the page changes by itself: an event it could show starts or ends, or a
 * festival day rolls over in one of `zones` (bringing the next day's events in).
 */
export function nextTodayChange(events: readonly { startsAt: Date; endsAt: Date }[], zones: Iterable<string>, now: Date): Date | null {
  const candidates = [nextPhaseChange(events, now), ...[...new Set(zones)].map((zone) => festivalDayOf(zone, now).endsAt)];
  const times = candidates.flatMap((at) => (at && at > now ? [at.getTime()] : []));
  return times.length ? new Date(Math.min(...times)) : null;
}
