/**
 * A repeating event in iCalendar as calendar apps expect it (RFC 5545 §3.8.5): one VEVENT for the
 * series, its first date as DTSTART/DTEND with RRULE, RDATE and EXDATE, and one VEVENT per
 * cancelled, moved or relocated date with the series' UID and a RECURRENCE-ID. The lines say exactly the
 * dates `expandOccurrences` gives, whatever reads them: the product's bounds (an open rule read a
 * year ahead, at most MAX_OCCURRENCES dates) become an UNTIL, and only what changes a date is written.
 */
import { MAX_OCCURRENCES, repeats, type Occurrence, type Recurrence } from '../../lib/recurrence.ts';
import { expandOccurrences, parseRule, ruleWallTimes } from '../../lib/recurrence-dates.ts';
import { wallTimeToInstant } from '../../lib/zoned-time.ts';
import { formatUtcDateTime } from './vtimezone.ts';

/** Writes one DATE-TIME property (`DTSTART;TZID=…:…`, `EXDATE:…Z`) the way the calendar writes its times. */
export type TimeLine = (name: string, at: readonly Date[]) => string;

export interface SeriesLines {
  /** RRULE, RDATE and EXDATE of the series' own VEVENT. */
  rule: string[];
  /** Every date, the first included (for the VTIMEZONE's span). */
  occurrences: Occurrence[];
  /** The dates written as a VEVENT of their own: cancelled, moved, or held in another place. */
  exceptions: Occurrence[];
  /** The instant each date's RECURRENCE-ID names: where the rule put it. */
  recurrenceIdOf: (occurrence: Occurrence) => Date;
}

interface RepeatingEvent {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  recurrence?: Recurrence | null | undefined;
}

/**
 * RFC 5545 wants UNTIL in UTC when DTSTART names a zone. The stored rule's UNTIL is a wall time of
 * the event's zone (a date alone is its midnight, as ical.js reads it); one already in UTC stays.
 */
function untilInUtc(rule: string, timeZone: string): Date | null {
  const match = /(?:^|;)UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?/i.exec(rule);
  if (!match) return null;
  const [, y, m, d, hh = '00', mm = '00', ss = '00', utc] = match;
  if (utc) return new Date(`${y}-${m}-${d}T${hh}:${mm}:${ss}Z`);
  const wall = wallTimeToInstant(`${y}-${m}-${d}T${hh}:${mm}`, timeZone);
  return wall ? new Date(wall.getTime() + Number(ss) * 1000) : null;
}

/** The RRULE as written out: the stored rule with UNTIL in UTC, bounded where the product stops reading it. */
function exportedRule(rule: string, timeZone: string, ruleWalls: readonly string[], lastKey: string): string | null {
  const recur = parseRule(rule);
  if (!recur) return null;
  const kept = ruleWalls.filter((wall) => wall <= lastKey);
  const bounded = (!recur.count && !recur.until) || kept.length < ruleWalls.length || ruleWalls.length >= MAX_OCCURRENCES;
  const parts = rule
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')
    .filter((part) => !/^(UNTIL|COUNT)=/i.test(part));
  const until = bounded ? wallTimeToInstant(kept.at(-1) ?? lastKey, timeZone) : recur.until ? untilInUtc(rule, timeZone) : null;
  if (until) parts.push(`UNTIL=${formatUtcDateTime(until.getTime())}`);
  else if (recur.count) parts.push(`COUNT=${recur.count}`);
  return `RRULE:${parts.join(';')}`;
}

/** The lines that make `event` repeat, or null when it has one date. */
export function buildSeriesLines(event: RepeatingEvent, timeLine: TimeLine): SeriesLines | null {
  const { recurrence, timeZone } = event;
  if (!repeats(recurrence)) return null;
  const occurrences = expandOccurrences({ ...event, recurrence });
  if (occurrences.length < 2) return null;
  const first = occurrences[0]!.key;
  const lastKey = occurrences.at(-1)!.key;
  const ruleWalls = recurrence.rule ? ruleWallTimes(recurrence.rule, first, timeZone) : [];
  const fromRule = new Set(ruleWalls);
  const instantOf = (wall: string) => wallTimeToInstant(wall, timeZone);
  const instants = (walls: readonly string[]) => walls.map(instantOf).filter((at): at is Date => at !== null);
  const extra = occurrences.slice(1).filter((occurrence) => !fromRule.has(occurrence.key));
  const removed = recurrence.exdates.filter((wall) => fromRule.has(wall) && wall > first && wall <= lastKey);
  // Extra dates alone: ical.js then leaves DTSTART out of the set, unlike RFC 5545 §3.8.5.2; a
  // rule that gives DTSTART alone makes every reader count it once.
  const rule = recurrence.rule ? exportedRule(recurrence.rule, timeZone, ruleWalls, lastKey) : 'RRULE:FREQ=DAILY;COUNT=1';
  return {
    rule: [
      ...(rule ? [rule] : []),
      ...(extra.length ? [timeLine('RDATE', instants(extra.map((occurrence) => occurrence.key)))] : []),
      ...(removed.length ? [timeLine('EXDATE', instants(removed))] : []),
    ],
    occurrences,
    exceptions: occurrences.slice(1).filter((occurrence) => occurrence.cancelled || occurrence.moved || occurrence.place !== undefined),
    recurrenceIdOf: (occurrence) => instantOf(occurrence.key) ?? occurrence.startsAt,
  };
}
