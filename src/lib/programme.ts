/**
 * The programme at a glance, as pure data: where an event stands in time, events grouped by the
 * day they start on, and the timetable grid (days × venues) built from them. Pages render these
 * shapes; nothing here reads a clock or a database (`now` is always passed in).
 */
import { toLocalDateKey } from './dates.ts';
import { wallParts } from './zoned-time.ts';

/** Where an event stands at a given instant. */
export type EventPhase = 'past' | 'ongoing' | 'upcoming';

interface Timed {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}

/** Past once it has ended, ongoing between its start and its end. */
export function phaseOf(event: { startsAt: Date; endsAt: Date }, now: Date): EventPhase {
  if (event.endsAt.getTime() <= now.getTime()) return 'past';
  return event.startsAt.getTime() <= now.getTime() ? 'ongoing' : 'upcoming';
}

/** Events with their phase at `now`. */
export function withPhases<T extends Timed>(items: readonly T[], now: Date): (T & { phase: EventPhase })[] {
  return items.map((item) => ({ ...item, phase: phaseOf(item, now) }));
}

/**
 * The next instant after `now` at which one of the events starts or ends, so a cached page that
 * marks past and ongoing events can expire exactly when its marks would change.
 */
export function nextPhaseChange(items: readonly { startsAt: Date; endsAt: Date }[], now: Date): Date | null {
  let next = Infinity;
  for (const item of items) {
    for (const at of [item.startsAt.getTime(), item.endsAt.getTime()]) if (at > now.getTime() && at < next) next = at;
  }
  return Number.isFinite(next) ? new Date(next) : null;
}

export interface ProgrammeDay<T> {
  /** Local date (YYYY-MM-DD) the events start on, each in its own zone. */
  dateKey: string;
  events: T[];
  /** Every event of the day has ended. */
  isPast: boolean;
}

/**
 * Groups events by the calendar day they start on where they happen. With `ordered`, days keep
 * the order of the events (a listing sorted newest first stays newest first); otherwise days are
 * sorted by date.
 */
export function groupByDay<T extends Timed & { phase: EventPhase }>(items: readonly T[], { ordered = false } = {}): ProgrammeDay<T>[] {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const key = toLocalDateKey(item.timeZone, item.startsAt);
    const day = days.get(key);
    if (day) day.push(item);
    else days.set(key, [item]);
  }
  const keys = ordered ? [...days.keys()] : [...days.keys()].sort();
  return keys.map((dateKey) => {
    const events = days.get(dateKey)!;
    return { dateKey, events, isPast: events.every((event) => event.phase === 'past') };
  });
}

/** A column of the timetable: a venue, online events, or events whose place is not announced. */
export interface ScheduleColumn {
  key: string;
  kind: 'venue' | 'online' | 'unannounced';
  /** The venue's name as first written; null for the online and unannounced columns. */
  label: string | null;
  /** Locale of a free-text place's name (see `SchedulePlace`). */
  labelLocale?: string | undefined;
}

/** What decides an event's column: its venue (and room), or its online link. */
export interface SchedulePlace {
  venueName: string | null;
  /** Locale of a free-text place when it is another locale's text; a venue's name has none. */
  venueNameLocale?: string | undefined;
  /** Room inside the venue: a room of its own gets a column of its own. */
  room?: string | null | undefined;
  onlineUrl: string | null;
}

/**
 * The one place that decides which column an event belongs to: its venue, split by room when
 * rooms are set (docs/decisions/025); names compare without case or surrounding spaces, so the
 * free-text places of events without a venue row still group. An event with a venue and an
 * online link is shown at its venue, an event with only a link in the online column.
 */
export function scheduleColumnOf(event: SchedulePlace): ScheduleColumn {
  const name = event.venueName?.trim();
  const room = event.room?.trim();
  const fold = (text: string) => text.normalize('NFC').toLocaleLowerCase('und');
  if (name) {
    const label = room ? `${name} · ${room}` : name;
    return { key: room ? `venue:${fold(name)}\u0000${fold(room)}` : `venue:${fold(name)}`, kind: 'venue', label, labelLocale: event.venueNameLocale };
  }
  if (event.onlineUrl) return { key: 'online', kind: 'online', label: null };
  return { key: 'unannounced', kind: 'unannounced', label: null };
}

export interface TimetableRow<T> {
  /** The start instant shared by the row's events. */
  startsAt: Date;
  /** One list of events per column, in the order of `columns`. */
  cells: T[][];
}

export interface TimetableDay<T> extends ProgrammeDay<T> {
  columns: ScheduleColumn[];
  rows: TimetableRow<T>[];
}

const kindOrder: Record<ScheduleColumn['kind'], number> = { venue: 0, online: 1, unannounced: 2 };

/**
 * The timetable of each day: one column per place used that day (venues in the order they first
 * appear in the whole programme, so a venue keeps its position from day to day; then online,
 * then unannounced), one row per start time.
 */
export function buildTimetable<T extends { startsAt: Date } & SchedulePlace>(days: readonly ProgrammeDay<T>[]): TimetableDay<T>[] {
  // A venue keeps its position and its first spelling from day to day.
  const firstSeen = new Map<string, { order: number; column: ScheduleColumn }>();
  for (const day of days) {
    for (const event of day.events) {
      const column = scheduleColumnOf(event);
      if (!firstSeen.has(column.key)) firstSeen.set(column.key, { order: firstSeen.size, column });
    }
  }
  return days.map((day) => {
    const keys = new Set(day.events.map((event) => scheduleColumnOf(event).key));
    const ordered = [...keys]
      .map((key) => firstSeen.get(key)!)
      .sort((a, b) => kindOrder[a.column.kind] - kindOrder[b.column.kind] || a.order - b.order)
      .map((seen) => seen.column);
    const index = new Map(ordered.map((column, position) => [column.key, position]));
    const rows = new Map<number, TimetableRow<T>>();
    for (const event of day.events) {
      const at = event.startsAt.getTime();
      let row = rows.get(at);
      if (!row) {
        row = { startsAt: event.startsAt, cells: ordered.map(() => []) };
        rows.set(at, row);
      }
      row.cells[index.get(scheduleColumnOf(event).key)!]!.push(event);
    }
    return { ...day, columns: ordered, rows: [...rows.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()) };
  });
}

/**
 * The day a festival's programme opens on: today's date if it has events, else the next day that
 * has some. Days before it fold away; null when every day is before today (the edition is over:
 * all of it is shown) or there are no days.
 */
export function openingDayKey(days: readonly { dateKey: string }[], todayKey: string): string | null {
  return days.find((day) => day.dateKey >= todayKey)?.dateKey ?? null;
}

/** The days before the opening day (folded away) and the rest, in order. */
export function splitAtOpeningDay<T extends { dateKey: string }>(days: readonly T[], todayKey: string): { earlier: T[]; current: T[] } {
  const opening = openingDayKey(days, todayKey);
  if (opening === null) return { earlier: [], current: [...days] };
  return { earlier: days.filter((day) => day.dateKey < opening), current: days.filter((day) => day.dateKey >= opening) };
}

/** Events starting before this hour continue the night before (a festival's day runs past midnight). */
export const FESTIVAL_NIGHT_ENDS_AT_HOUR = 5;

/**
 * The festival day of each event in `timeZone`: its local date, except that an event in the small
 * hours (before FESTIVAL_NIGHT_ENDS_AT_HOUR) continues the night before when that day has events
 * of its own: Saturday 01:00 after a Friday programme is Friday's night. A lone small-hours event
 * keeps its own date.
 */
export function festivalDateKeys(timeZone: string, starts: readonly Date[]): string[] {
  const local = starts.map((at) => ({ date: toLocalDateKey(timeZone, at), hour: (wallParts(at.getTime(), timeZone)['hour'] ?? 0) % 24 }));
  const daytime = new Set(local.filter((item) => item.hour >= FESTIVAL_NIGHT_ENDS_AT_HOUR).map((item) => item.date));
  return local.map(({ date, hour }) => {
    if (hour >= FESTIVAL_NIGHT_ENDS_AT_HOUR) return date;
    const before = previousDateKey(date);
    return daytime.has(before) ? before : date;
  });
}

function previousDateKey(dateKey: string): string {
  return new Date(Date.parse(`${dateKey}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Days regrouped into festival days of one zone (the timetable's): each day holds the events that
 * start from its morning into the small hours after it, oldest first, each keeping its own zone.
 */
export function groupByFestivalDay<T extends Timed & { phase: EventPhase }>(days: readonly ProgrammeDay<T>[], timeZone: string): ProgrammeDay<T>[] {
  const events = days.flatMap((day) => day.events).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const keys = festivalDateKeys(
    timeZone,
    events.map((event) => event.startsAt),
  );
  const byDay = new Map<string, T[]>();
  events.forEach((event, index) => {
    const key = keys[index]!;
    const day = byDay.get(key);
    if (day) day.push(event);
    else byDay.set(key, [event]);
  });
  return [...byDay.keys()].sort().map((dateKey) => {
    const dayEvents = byDay.get(dateKey)!;
    return { dateKey, events: dayEvents, isPast: dayEvents.every((event) => event.phase === 'past') };
  });
}
