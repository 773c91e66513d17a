/**
 * How the event form edits a recurrence (src/lib/recurrence.ts): one pure reducer over the
 * draft's `recurrence` value, so the form's draft stays the only state and every control is a
 * small action. A rule the simple controls cannot show stays as its RRULE text, never rewritten
 * unless the editor picks another frequency. Nothing here knows React or the browser.
 */
import {
  formatSimpleRule,
  readSimpleRule,
  repeats,
  type DatePlace,
  type Frequency,
  type Occurrence,
  type Recurrence,
  type Series,
  type SimpleRule,
} from '../../../lib/recurrence.ts';
import { instantToWallTime, wallTimeToInstant } from '../../../lib/zoned-time.ts';

/** `expandOccurrences` (lib/recurrence-dates.ts), passed in: screens load it only when they show dates. */
export type Expand = (series: Series) => Occurrence[];

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** What the frequency control shows: no rule, a simple frequency, or a rule kept as RRULE text. */
export type RepeatMode = 'none' | Frequency | 'custom';
export type RepeatEnd = 'never' | 'until' | 'count';

/** The series' first date, which the rule starts from (wall times of the event's zone). */
export interface FirstDate {
  startsAt: string;
  endsAt: string;
  timeZone: string;
}

export type RepeatAction =
  | { type: 'mode'; mode: RepeatMode }
  | { type: 'interval'; interval: number }
  | { type: 'weekday'; day: Weekday; on: boolean }
  | { type: 'end'; end: RepeatEnd }
  | { type: 'until'; until: string }
  | { type: 'count'; count: number }
  | { type: 'ruleText'; text: string }
  | { type: 'addDate' }
  | { type: 'changeDate'; index: number; wall: string }
  | { type: 'removeDate'; index: number }
  | { type: 'exclude'; key: string }
  | { type: 'include'; key: string }
  | { type: 'cancel'; key: string }
  | { type: 'uncancel'; key: string }
  | { type: 'move'; key: string; startsAt: string; endsAt: string }
  | { type: 'unmove'; key: string }
  /** Holds a date in another venue (null: the series' venue). */
  | { type: 'placeVenue'; key: string; venueId: number | null }
  /** Holds a date in another room, as typed ('': none of its own). */
  | { type: 'placeRoom'; key: string; room: string }
  /** The date back in the series' venue and room. */
  | { type: 'unplace'; key: string }
  /** Drops the exceptions of dates the series no longer has (its rule or first date changed). */
  | { type: 'forget'; keys: readonly string[] };

const EMPTY: Recurrence = { rule: null, dates: [], exdates: [], changes: [] };

/** The weekday of a wall time (`2031-03-05T18:30` → `WE`). */
export function weekdayOf(wall: string): Weekday {
  const day = new Date(`${wall.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7]!;
}

/** The wall time `minutes` after `wall`, read in `zone` (so across a clock change too). */
export function addMinutes(wall: string, minutes: number, zone: string): string {
  const start = wallTimeToInstant(wall, zone);
  return start ? instantToWallTime(new Date(start.getTime() + minutes * 60_000), zone) : wall;
}

/** The first date's length in minutes (0 when its times are not filled yet). */
export function durationMinutes(first: FirstDate): number {
  const start = wallTimeToInstant(first.startsAt, first.timeZone);
  const end = wallTimeToInstant(first.endsAt, first.timeZone);
  return start && end && end > start ? Math.round((end.getTime() - start.getTime()) / 60_000) : 0;
}

/** The control's mode for a recurrence: `custom` when its rule says more than the simple controls show. */
export function modeOf(recurrence: Recurrence | null): RepeatMode {
  if (!recurrence?.rule) return 'none';
  return readSimpleRule(recurrence.rule)?.frequency ?? 'custom';
}

/** How the simple rule ends. */
export function endOf(rule: SimpleRule): RepeatEnd {
  return rule.until ? 'until' : rule.count ? 'count' : 'never';
}

/** Nothing left in it (no rule, no extra date): the event does not repeat, and is saved as null. */
function settled(recurrence: Recurrence): Recurrence | null {
  return repeats(recurrence) ? recurrence : null;
}

function freshRule(frequency: Frequency, first: FirstDate): SimpleRule {
  const weekdays = frequency === 'WEEKLY' && first.startsAt ? [weekdayOf(first.startsAt)] : [];
  return { frequency, interval: 1, weekdays, until: null, count: null };
}

/** The simple rule being edited, or a weekly one from the first date when there is none to read. */
function simpleOf(recurrence: Recurrence, first: FirstDate): SimpleRule {
  return (recurrence.rule && readSimpleRule(recurrence.rule)) || freshRule('WEEKLY', first);
}

/** A date's change, made with `patch`; a change left with nothing in it is dropped. */
function withChange(recurrence: Recurrence, key: string, patch: (change: Recurrence['changes'][number]) => Recurrence['changes'][number]): Recurrence {
  const current = recurrence.changes.find((change) => change.on === key) ?? { on: key };
  const next = patch({ ...current });
  const empty = !next.cancelled && !next.startsAt && !next.endsAt && next.venueId === undefined && next.room === undefined;
  const others = recurrence.changes.filter((change) => change.on !== key);
  return { ...recurrence, changes: empty ? others : [...others, next].sort((a, b) => a.on.localeCompare(b.on)) };
}

function editRule(recurrence: Recurrence, first: FirstDate, edit: (rule: SimpleRule) => SimpleRule): Recurrence {
  return { ...recurrence, rule: formatSimpleRule(edit(simpleOf(recurrence, first))) };
}

/** The recurrence after one action of the "Repeats" controls. */
export function repeatReducer(current: Recurrence | null, action: RepeatAction, first: FirstDate): Recurrence | null {
  const recurrence = current ?? EMPTY;
  switch (action.type) {
    case 'mode': {
      if (action.mode === 'none') return settled({ ...recurrence, rule: null });
      if (action.mode === 'custom') return { ...recurrence, rule: recurrence.rule ?? formatSimpleRule(freshRule('WEEKLY', first)) };
      const kept = recurrence.rule ? readSimpleRule(recurrence.rule) : null;
      // Switching between simple frequencies keeps the interval and the end; weekdays are weekly's own.
      const fresh = freshRule(action.mode, first);
      const rule = kept
        ? { ...kept, frequency: action.mode, weekdays: action.mode === 'WEEKLY' ? (kept.weekdays.length ? kept.weekdays : fresh.weekdays) : [] }
        : fresh;
      return { ...recurrence, rule: formatSimpleRule(rule) };
    }
    case 'interval':
      return editRule(recurrence, first, (rule) => ({ ...rule, interval: Math.max(1, Math.floor(action.interval)) }));
    case 'weekday':
      return editRule(recurrence, first, (rule) => {
        const days = new Set(rule.weekdays);
        if (action.on) days.add(action.day);
        else days.delete(action.day);
        return { ...rule, weekdays: WEEKDAYS.filter((day) => days.has(day)) };
      });
    case 'end':
      return editRule(recurrence, first, (rule) => {
        if (action.end === 'never') return { ...rule, until: null, count: null };
        if (action.end === 'count') return { ...rule, until: null, count: rule.count ?? 10 };
        // A first guess the editor then corrects: four weeks after the first date.
        const until = rule.until ?? (first.startsAt ? addMinutes(first.startsAt, 28 * 24 * 60, 'UTC').slice(0, 10) : null);
        return { ...rule, count: null, until };
      });
    case 'until':
      return action.until ? editRule(recurrence, first, (rule) => ({ ...rule, count: null, until: action.until })) : recurrence;
    case 'count':
      return editRule(recurrence, first, (rule) => ({ ...rule, until: null, count: Math.max(1, Math.floor(action.count)) }));
    case 'ruleText':
      return { ...recurrence, rule: action.text };
    case 'addDate': {
      // A new extra date starts a week after the last date there is, at the same time of day.
      const last = [first.startsAt, ...recurrence.dates].filter(Boolean).sort().at(-1);
      const wall = last ? addMinutes(last, 7 * 24 * 60, 'UTC') : '';
      return { ...recurrence, dates: [...recurrence.dates, wall] };
    }
    case 'changeDate':
      return { ...recurrence, dates: recurrence.dates.map((wall, index) => (index === action.index ? action.wall : wall)) };
    case 'removeDate':
      return settled({ ...recurrence, dates: recurrence.dates.filter((_, index) => index !== action.index) });
    case 'exclude':
      return recurrence.exdates.includes(action.key) ? recurrence : { ...recurrence, exdates: [...recurrence.exdates, action.key].sort() };
    case 'include':
      return { ...recurrence, exdates: recurrence.exdates.filter((key) => key !== action.key) };
    case 'cancel':
      return withChange(recurrence, action.key, (change) => ({ ...change, cancelled: true }));
    case 'uncancel':
      return withChange(recurrence, action.key, ({ cancelled: _cancelled, ...change }) => change);
    case 'move':
      return withChange(recurrence, action.key, (change) => ({ ...change, startsAt: action.startsAt, endsAt: action.endsAt }));
    case 'unmove':
      return withChange(recurrence, action.key, ({ startsAt: _start, endsAt: _end, ...change }) => change);
    case 'placeVenue':
      return withChange(recurrence, action.key, ({ venueId: _venue, ...change }) =>
        action.venueId === null ? change : { ...change, venueId: action.venueId },
      );
    case 'placeRoom':
      // Kept as typed (the server trims it); a room of spaces only is none.
      return withChange(recurrence, action.key, ({ room: _room, ...change }) => (action.room.trim() ? { ...change, room: action.room } : change));
    case 'unplace':
      return withChange(recurrence, action.key, ({ venueId: _venue, room: _room, ...change }) => change);
    case 'forget':
      return {
        ...recurrence,
        exdates: recurrence.exdates.filter((key) => !action.keys.includes(key)),
        changes: recurrence.changes.filter((change) => !action.keys.includes(change.on)),
      };
  }
}

/** One row of the dates list: a date as the rule gives it, and what was done to it. */
export interface DateRow {
  key: string;
  startsAt: Date;
  endsAt: Date;
  /** The event's own start and end: edited in the fields above, not here. */
  first: boolean;
  removed: boolean;
  cancelled: boolean;
  moved: boolean;
  /** The venue and/or room it is held in instead of the series' (its change's). */
  place: DatePlace | undefined;
  /** Where in `recurrence.changes` its change is (for the errors the API reports there), or -1. */
  changeIndex: number;
}

/**
 * Every date of the draft, removed ones included (so they can be restored), soonest rule date
 * first. Empty while the first date cannot be read.
 */
export function listDates(first: FirstDate, recurrence: Recurrence | null, expandOccurrences: Expand): DateRow[] {
  const startsAt = wallTimeToInstant(first.startsAt, first.timeZone);
  const endsAt = wallTimeToInstant(first.endsAt, first.timeZone);
  if (!startsAt) return [];
  const end = endsAt && endsAt >= startsAt ? endsAt : startsAt;
  const removed = new Set(recurrence?.exdates ?? []);
  const all = recurrence ? { ...recurrence, exdates: [] } : null;
  return expandOccurrences({ startsAt, endsAt: end, timeZone: first.timeZone, recurrence: all }).map((occurrence, index) => ({
    key: occurrence.key,
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    first: index === 0,
    removed: index > 0 && removed.has(occurrence.key),
    cancelled: occurrence.cancelled,
    moved: occurrence.moved,
    place: occurrence.place,
    changeIndex: recurrence?.changes.findIndex((change) => change.on === occurrence.key) ?? -1,
  }));
}

/**
 * The dates removed, cancelled or moved that the series no longer has: kept while the rule is
 * edited (changing it back brings them back), listed so they can be forgotten.
 */
export function staleExceptions(recurrence: Recurrence | null, rows: readonly DateRow[]): string[] {
  if (!recurrence) return [];
  const keys = new Set(rows.map((row) => row.key));
  return [...new Set([...recurrence.exdates, ...recurrence.changes.map((change) => change.on)])].filter((key) => !keys.has(key)).sort();
}

/** True when an item of the admin list is a repeating event. */
export function isRepeating(item: Record<string, unknown>): boolean {
  return repeats(item['recurrence'] as Recurrence | null | undefined);
}

/**
 * How many dates a repeating event has for visitors (removed ones left out, cancelled ones still
 * shown), from an item of the admin list; null when it does not repeat.
 */
export function seriesDateCount(item: Record<string, unknown>, expandOccurrences: Expand): number | null {
  const recurrence = item['recurrence'] as Recurrence | null | undefined;
  if (!repeats(recurrence) || typeof item['startsAt'] !== 'string' || typeof item['endsAt'] !== 'string') return null;
  const timeZone = typeof item['timeZone'] === 'string' && item['timeZone'] ? item['timeZone'] : 'UTC';
  try {
    return expandOccurrences({ startsAt: new Date(item['startsAt']), endsAt: new Date(item['endsAt']), timeZone, recurrence }).length;
  } catch {
    // A zone this browser does not know: the list still says that it repeats.
    return expandOccurrences({ startsAt: new Date(item['startsAt']), endsAt: new Date(item['endsAt']), timeZone: 'UTC', recurrence }).length;
  }
}

/** The errors of one date's change, by its field. */
export interface ChangeErrors {
  startsAt: string[];
  endsAt: string[];
  venueId: string[];
  room: string[];
  other: string[];
}

const CHANGE_FIELDS = ['startsAt', 'endsAt', 'venueId', 'room'] as const;

export interface RepeatErrors {
  rule: readonly string[];
  /** By index of `recurrence.dates`. */
  dates: ReadonlyMap<number, readonly string[]>;
  /** By index of `recurrence.changes`: `startsAt`, `endsAt`, `venueId`, `room` or the change as a whole. */
  changes: ReadonlyMap<number, ChangeErrors>;
  /** Anything else under `recurrence` (too many dates, a malformed value). */
  group: readonly string[];
}

/** The API's errors under `recurrence`, each where its control is. */
export function sortRepeatErrors(errors: Readonly<Record<string, readonly string[]>>): RepeatErrors {
  const sorted = {
    rule: [] as string[],
    dates: new Map<number, string[]>(),
    changes: new Map<number, ChangeErrors>(),
    group: [] as string[],
  };
  for (const [path, codes] of Object.entries(errors)) {
    if (path !== 'recurrence' && !path.startsWith('recurrence.')) continue;
    const [, head, index, leaf] = path.split('.');
    if (head === 'rule') sorted.rule.push(...codes);
    else if (head === 'dates' && index !== undefined) sorted.dates.set(Number(index), [...(sorted.dates.get(Number(index)) ?? []), ...codes]);
    else if (head === 'changes' && index !== undefined) {
      const entry = sorted.changes.get(Number(index)) ?? { startsAt: [], endsAt: [], venueId: [], room: [], other: [] };
      const field = CHANGE_FIELDS.find((name) => name === leaf);
      (field ? entry[field] : entry.other).push(...codes);
      sorted.changes.set(Number(index), entry);
    } else sorted.group.push(...codes);
  }
  return sorted;
}
