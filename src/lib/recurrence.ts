/**
 * Repeating events (docs/decisions/049): an event's first date is its own start and end; its
 * recurrence adds the others. The rule is an iCalendar RRULE read by ical.js; every date is a wall
 * time in the event's zone (`2027-03-02T18:00`), so a weekly 18:00 stays 18:00 across a clock
 * change, as a calendar app shows it. Expanded here, stored as one row per date (server side).
 */
import ICAL from 'ical.js';
import { z } from 'zod';
import { instantToWallTime, wallTimeToInstant } from './zoned-time.ts';

/** More dates than any festival series has (a daily exhibition for a year and a bit). */
export const MAX_OCCURRENCES = 400;
/** A rule without COUNT or UNTIL is read this far past the first date. */
export const OPEN_RULE_HORIZON_DAYS = 366;

const WALL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** A wall time in the event's zone, `YYYY-MM-DDTHH:mm`. */
export const wallTimeField = z.string().regex(WALL, { error: 'INVALID_DATETIME' });

/** The recurrence rule, or null when it does not parse or repeats more often than daily. */
export function parseRule(rule: string): ICAL.Recur | null {
  const text = rule.trim().replace(/^RRULE:/i, '');
  if (!/^FREQ=[A-Z]+(;[A-Z]+=[A-Za-z0-9,+\-:]+)*$/i.test(text) || /;INTERVAL=0*(;|$)/i.test(text)) return null;
  try {
    const recur = ICAL.Recur.fromString(text);
    return (FREQUENCIES as readonly string[]).includes(recur.freq) && recur.interval >= 1 ? recur : null;
  } catch {
    return null;
  }
}

const ruleField = z
  .string()
  .max(500, { error: 'TOO_LONG' })
  .refine((rule) => parseRule(rule) !== null, { error: 'RECURRENCE_RULE_INVALID' });

/** One date of a series changed on its own: called off (shown as cancelled) or moved. */
export const occurrenceChangeField = z
  .strictObject({
    /** The date as the rule gives it. */
    on: wallTimeField,
    cancelled: z.boolean().optional(),
    startsAt: wallTimeField.optional(),
    endsAt: wallTimeField.optional(),
  })
  .refine((change) => !change.startsAt || !change.endsAt || change.endsAt >= change.startsAt, { error: 'END_BEFORE_START', path: ['endsAt'] });

/** How an event repeats: an RRULE, extra dates (RDATE), removed dates (EXDATE) and changed dates. */
export const recurrenceField = z.strictObject({
  rule: ruleField.nullable().default(null),
  dates: z.array(wallTimeField).max(MAX_OCCURRENCES, { error: 'TOO_MANY' }).default([]),
  exdates: z.array(wallTimeField).max(MAX_OCCURRENCES, { error: 'TOO_MANY' }).default([]),
  changes: z.array(occurrenceChangeField).max(MAX_OCCURRENCES, { error: 'TOO_MANY' }).default([]),
});

export type Recurrence = z.output<typeof recurrenceField>;

/** One date of an event. `key` is the wall time the rule gives it, kept when it is moved. */
export interface Occurrence {
  key: string;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  moved: boolean;
}

export interface Series {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  recurrence: Recurrence | null;
}

/** True when the recurrence adds at least one date. */
export function repeats(recurrence: Recurrence | null | undefined): recurrence is Recurrence {
  return Boolean(recurrence && (recurrence.rule || recurrence.dates.length > 0));
}

function wallOf(time: ICAL.Time): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}T${pad(time.hour)}:${pad(time.minute)}`;
}

function floatingTime(wall: string): ICAL.Time {
  const [date, clock] = wall.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  return ICAL.Time.fromData({ year, month, day, hour, minute, second: 0, isDate: false });
}

/** The wall times the rule gives from `first` (inclusive), in order, at most `MAX_OCCURRENCES`. */
export function ruleWallTimes(rule: string, first: string, zone: string): string[] {
  const recur = parseRule(rule);
  if (!recur) return [];
  // UNTIL written in UTC (as exporters do) is compared as a wall time of the event's zone.
  if (recur.until && recur.until.zone === ICAL.Timezone.utcTimezone) {
    const wall = instantToWallTime(recur.until.toJSDate(), zone);
    if (wall) recur.until = floatingTime(wall);
  }
  const open = !recur.count && !recur.until;
  const horizon = open ? floatingTime(first) : undefined;
  horizon?.adjust(OPEN_RULE_HORIZON_DAYS, 0, 0, 0);
  const iterator = recur.iterator(floatingTime(first));
  const walls: string[] = [];
  for (let next = iterator.next(); next && walls.length < MAX_OCCURRENCES; next = iterator.next()) {
    if (horizon && next.compare(horizon) > 0) break;
    walls.push(wallOf(next));
  }
  return walls;
}

/**
 * Every date of the event, in order: its own first, then what the rule and extra dates add, less
 * removed ones, with cancelled and moved ones marked. A non-repeating event has one.
 */
export function expandOccurrences(series: Series): Occurrence[] {
  const { startsAt, endsAt, timeZone, recurrence } = series;
  const duration = endsAt.getTime() - startsAt.getTime();
  const first = instantToWallTime(startsAt, timeZone);
  const own: Occurrence = { key: first, startsAt, endsAt, cancelled: false, moved: false };
  if (!first || !repeats(recurrence)) return [own];
  const removed = new Set(recurrence.exdates);
  const changes = new Map(recurrence.changes.map((change) => [change.on, change]));
  const keys = [...new Set([...(recurrence.rule ? ruleWallTimes(recurrence.rule, first, timeZone) : []), ...recurrence.dates])]
    .filter((key) => key > first && !removed.has(key))
    .sort()
    .slice(0, MAX_OCCURRENCES - 1);
  const others = keys.flatMap((key): Occurrence[] => {
    const start = wallTimeToInstant(key, timeZone);
    if (!start) return [];
    const change = changes.get(key);
    const movedStart = change?.startsAt ? wallTimeToInstant(change.startsAt, timeZone) : null;
    const from = movedStart ?? start;
    const movedEnd = change?.endsAt ? wallTimeToInstant(change.endsAt, timeZone) : null;
    const to = movedEnd && movedEnd >= from ? movedEnd : new Date(from.getTime() + duration);
    return [{ key, startsAt: from, endsAt: to, cancelled: Boolean(change?.cancelled), moved: Boolean(movedStart || movedEnd) }];
  });
  return [own, ...others];
}

/** A readable rule for the admin's simple editor: every N days/weeks/months, on weekdays, until or count. */
export interface SimpleRule {
  frequency: Frequency;
  interval: number;
  /** Weekly rules: `MO`…`SU`. */
  weekdays: string[];
  /** The last date (`YYYY-MM-DD`, inclusive), or null. */
  until: string | null;
  count: number | null;
}

/** The RRULE of a simple rule (UNTIL as the end of that day, a wall time of the event's zone). */
export function formatSimpleRule(rule: SimpleRule): string {
  const parts = [`FREQ=${rule.frequency}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.frequency === 'WEEKLY' && rule.weekdays.length > 0) parts.push(`BYDAY=${rule.weekdays.join(',')}`);
  if (rule.until) parts.push(`UNTIL=${rule.until.replaceAll('-', '')}T235959`);
  else if (rule.count) parts.push(`COUNT=${rule.count}`);
  return parts.join(';');
}

/** The simple form of a rule, or null when it says more than the simple editor shows. */
export function readSimpleRule(rule: string): SimpleRule | null {
  const recur = parseRule(rule);
  if (!recur) return null;
  const allowed = new Set(recur.freq === 'WEEKLY' ? ['BYDAY'] : []);
  if (Object.keys(recur.parts).some((part) => !allowed.has(part))) return null;
  const weekdays = (recur.parts['BYDAY'] ?? []).map(String);
  if (weekdays.some((day) => !/^(MO|TU|WE|TH|FR|SA|SU)$/.test(day))) return null;
  const until = recur.until
    ? `${String(recur.until.year).padStart(4, '0')}-${String(recur.until.month).padStart(2, '0')}-${String(recur.until.day).padStart(2, '0')}`
    : null;
  return { frequency: recur.freq as Frequency, interval: recur.interval, weekdays, until, count: recur.count ?? null };
}

function shiftWall(wall: string, days: number): string {
  const [date, clock] = wall.split('T') as [string, string];
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return `${day.toISOString().slice(0, 10)}T${clock}`;
}

/** The recurrence moved by whole days (a cloned edition's events): every date, and the rule's UNTIL. */
export function shiftRecurrence(recurrence: Recurrence, days: number): Recurrence {
  const rule = recurrence.rule?.replace(
    /UNTIL=(\d{4})(\d{2})(\d{2})/i,
    (_, y: string, m: string, d: string) => `UNTIL=${shiftWall(`${y}-${m}-${d}T00:00`, days).slice(0, 10).replaceAll('-', '')}`,
  );
  return {
    rule: rule ?? null,
    dates: recurrence.dates.map((wall) => shiftWall(wall, days)),
    exdates: recurrence.exdates.map((wall) => shiftWall(wall, days)),
    changes: recurrence.changes.map((change) => ({
      ...change,
      on: shiftWall(change.on, days),
      ...(change.startsAt ? { startsAt: shiftWall(change.startsAt, days) } : {}),
      ...(change.endsAt ? { endsAt: shiftWall(change.endsAt, days) } : {}),
    })),
  };
}
