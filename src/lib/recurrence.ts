/**
 * Repeating events (docs/decisions/049): an event's first date is its own start and end; its
 * recurrence adds the others. The rule is an iCalendar RRULE; every date is a wall time in the
 * event's zone (`2027-03-02T18:00`), so a weekly 18:00 stays 18:00 across a clock change, as a
 * calendar app shows it. This module is the shape and its checks, light enough for every admin
 * screen; the dates themselves come from `recurrence-dates.ts` (ical.js), loaded where they are shown.
 */
import { z } from 'zod';

/** More dates than any festival series has (a daily exhibition for a year and a bit). */
export const MAX_OCCURRENCES = 400;

const WALL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** A wall time in the event's zone, `YYYY-MM-DDTHH:mm`. */
export const wallTimeField = z.string().regex(WALL, { error: 'INVALID_DATETIME' });

const DAY = '(MO|TU|WE|TH|FR|SA|SU)';
const list = (item: string) => new RegExp(`^${item}(,${item})*$`);
/** The value each RRULE part may take (RFC 5545 3.3.10), for the rules this product repeats by. */
const PARTS: Readonly<Record<string, RegExp>> = {
  FREQ: new RegExp(`^(${FREQUENCIES.join('|')})$`),
  INTERVAL: /^0*[1-9]\d{0,2}$/,
  COUNT: /^0*[1-9]\d{0,4}$/,
  UNTIL: /^\d{8}(T\d{6}Z?)?$/,
  BYDAY: list(`([+-]?[1-5]?\\d)?${DAY}`),
  BYMONTHDAY: list('[+-]?\\d{1,2}'),
  BYMONTH: list('\\d{1,2}'),
  BYYEARDAY: list('[+-]?\\d{1,3}'),
  BYWEEKNO: list('[+-]?\\d{1,2}'),
  BYSETPOS: list('[+-]?\\d{1,3}'),
  WKST: new RegExp(`^${DAY}$`),
};

/**
 * The parts of an RRULE (`FREQ=WEEKLY;BYDAY=TU`, with or without `RRULE:`), upper-cased, or
 * null when it is not one this product takes: a frequency of a day or more, known parts each
 * once, not both COUNT and UNTIL.
 */
export function ruleParts(rule: string): Map<string, string> | null {
  const text = rule
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  if (!text) return null;
  const parts = new Map<string, string>();
  for (const part of text.split(';')) {
    const [key, value, extra] = part.split('=');
    if (!key || value === undefined || extra !== undefined || parts.has(key) || !PARTS[key]?.test(value)) return null;
    parts.set(key, value);
  }
  return parts.has('FREQ') && !(parts.has('COUNT') && parts.has('UNTIL')) ? parts : null;
}

const ruleField = z
  .string()
  .max(500, { error: 'TOO_LONG' })
  .refine((rule) => ruleParts(rule) !== null, { error: 'RECURRENCE_RULE_INVALID' });

/** One date of a series changed on its own: called off (shown as cancelled), moved in time, or held elsewhere. */
export const occurrenceChangeField = z
  .strictObject({
    /** The date as the rule gives it. */
    on: wallTimeField,
    cancelled: z.boolean().optional(),
    startsAt: wallTimeField.optional(),
    endsAt: wallTimeField.optional(),
    /** Another venue for this date (its room is then `room`, or none); checked to exist on save. */
    venueId: z.int({ error: 'INVALID_TYPE' }).positive({ error: 'INVALID_ID' }).optional(),
    /** Another room for this date (in `venueId`, else in the series' venue). */
    room: z.string({ error: 'INVALID_TYPE' }).trim().min(1, { error: 'REQUIRED' }).max(200, { error: 'TOO_LONG' }).optional(),
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

/** True when the recurrence adds at least one date. */
export function repeats(recurrence: Recurrence | null | undefined): recurrence is Recurrence {
  return Boolean(recurrence && (recurrence.rule || recurrence.dates.length > 0));
}

/** What a date's change says of its place: another venue and/or room. */
export interface DatePlace {
  venueId?: number | undefined;
  room?: string | undefined;
}

/** One date of an event. `key` is the wall time the rule gives it, kept when it is moved. */
export interface Occurrence {
  key: string;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  moved: boolean;
  /** Set when its change holds it in another place (see `placeOfDate`). */
  place?: DatePlace | undefined;
}

/** True when a change names a place of its own. */
export function hasOwnPlace(change: DatePlace | undefined): change is DatePlace {
  return Boolean(change && (change.venueId !== undefined || change.room !== undefined));
}

/**
 * Where one date takes place: its series' venue and room, unless its change names another place —
 * a venue alone has no room, a room alone is in the series' venue. The `events_series_follow`
 * trigger (migration 0048) says the same in SQL.
 */
export function placeOfDate(
  series: { venueId: number | null; room: string | null },
  change: DatePlace | undefined,
): { venueId: number | null; room: string | null } {
  if (!hasOwnPlace(change)) return { venueId: series.venueId, room: series.room };
  return { venueId: change.venueId ?? series.venueId, room: change.room ?? null };
}

export interface Series {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  recurrence: Recurrence | null;
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
  const parts = ruleParts(rule);
  if (!parts) return null;
  const frequency = parts.get('FREQ') as Frequency;
  // WKST changes nothing the simple editor shows; every other part is more than it shows.
  const allowed = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'WKST', ...(frequency === 'WEEKLY' ? ['BYDAY'] : [])]);
  if ([...parts.keys()].some((key) => !allowed.has(key))) return null;
  const weekdays = parts.get('BYDAY')?.split(',') ?? [];
  if (weekdays.some((day) => !new RegExp(`^${DAY}$`).test(day))) return null;
  const until = parts.get('UNTIL');
  return {
    frequency,
    interval: Number(parts.get('INTERVAL') ?? 1),
    weekdays,
    until: until ? `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` : null,
    count: parts.has('COUNT') ? Number(parts.get('COUNT')) : null,
  };
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
