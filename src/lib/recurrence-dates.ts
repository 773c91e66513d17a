/**
 * The dates of a repeating event (docs/decisions/049): ical.js iterates the rule on floating wall
 * times, each then read in the event's zone. Kept apart from `recurrence.ts` so the admin loads
 * ical.js only on screens that show dates.
 */
import ICAL from 'ical.js';
import { MAX_OCCURRENCES, hasOwnPlace, repeats, ruleParts, type Occurrence, type Series } from './recurrence.ts';
import { instantToWallTime, wallTimeToInstant } from './zoned-time.ts';

/** A rule without COUNT or UNTIL is read this far past the first date. */
export const OPEN_RULE_HORIZON_DAYS = 366;

/** The recurrence rule, or null when it does not parse or repeats more often than daily. */
export function parseRule(rule: string): ICAL.Recur | null {
  const parts = ruleParts(rule);
  if (!parts) return null;
  try {
    return ICAL.Recur.fromString([...parts].map(([key, value]) => `${key}=${value}`).join(';'));
  } catch {
    return null;
  }
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
    const place = hasOwnPlace(change) ? { place: { venueId: change.venueId, room: change.room } } : {};
    return [{ key, startsAt: from, endsAt: to, cancelled: Boolean(change?.cancelled), moved: Boolean(movedStart || movedEnd), ...place }];
  });
  return [own, ...others];
}
