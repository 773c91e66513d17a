/**
 * VTIMEZONE components written from the runtime's own IANA data (Intl), for exactly the years a
 * calendar's events span. Each offset change is its own observance with an explicit onset, so the
 * component says what the zone really did that year, including rule changes no RRULE can express
 * (see docs/decisions/023-calendars-and-feeds.md for why not a packaged zone file).
 */
import { wallParts, zoneOffsetMs } from '../../lib/zoned-time.ts';

const DAY = 86_400_000;
const SECOND = 1000;

interface Transition {
  at: number;
  from: number;
  to: number;
}

interface ZoneYear {
  /** The offset in force when the year starts (UTC). */
  initial: number;
  transitions: Transition[];
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** "20310612T193000": the wall-clock time of instant `ms` in `zone` (an RFC 5545 local DATE-TIME). */
export function formatLocalDateTime(ms: number, zone: string): string {
  const p = wallParts(ms, zone);
  return `${pad(p['year']!, 4)}${pad(p['month']!)}${pad(p['day']!)}T${pad(p['hour']!)}${pad(p['minute']!)}${pad(p['second']!)}`;
}

/** "20310612T173000Z": an instant as an RFC 5545 UTC DATE-TIME. */
export function formatUtcDateTime(ms: number): string {
  return `${new Date(Math.floor(ms / SECOND) * SECOND).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
}

/** A wall time `ms` already shifted by its offset, written without a zone. */
function formatShifted(ms: number): string {
  return formatUtcDateTime(ms).slice(0, -1);
}

/** "+0200", "-0930", "+0545". */
function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMs) / 60_000;
  const seconds = Math.round((Math.abs(offsetMs) % 60_000) / SECOND);
  return `${sign}${pad(Math.floor(minutes / 60))}${pad(Math.floor(minutes % 60))}${seconds ? pad(seconds) : ''}`;
}

/**
 * Zone-years already worked out. A calendar names few zones and few years, and the answer never
 * changes while the process runs; the bound only guards against pathological data.
 */
const years = new Map<string, ZoneYear>();
const MAX_YEARS = 4096;

/**
 * The offset changes of `zone` during UTC year `year`: daily probes, each change then narrowed to
 * the second. Two changes within one day would be seen as one; no zone has done that since 1970.
 */
function getZoneYear(zone: string, year: number): ZoneYear {
  const key = `${zone}|${year}`;
  const known = years.get(key);
  if (known) return known;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const initial = zoneOffsetMs(start, zone);
  const transitions: Transition[] = [];
  let previousAt = start;
  let previous = initial;
  for (let probe = Math.min(start + DAY, end); ; probe = Math.min(probe + DAY, end)) {
    const offset = zoneOffsetMs(probe, zone);
    if (offset !== previous) {
      let low = previousAt;
      let high = probe;
      while (high - low > SECOND) {
        const middle = low + Math.floor((high - low) / 2 / SECOND) * SECOND;
        if (zoneOffsetMs(middle, zone) === previous) low = middle;
        else high = middle;
      }
      transitions.push({ at: high, from: previous, to: offset });
    }
    previous = offset;
    previousAt = probe;
    if (probe >= end) break;
  }
  if (years.size >= MAX_YEARS) years.clear();
  const result = { initial, transitions };
  years.set(key, result);
  return result;
}

function observance(kind: 'STANDARD' | 'DAYLIGHT', onsetLocal: string, from: number, to: number): string[] {
  return [`BEGIN:${kind}`, `DTSTART:${onsetLocal}`, `TZOFFSETFROM:${formatOffset(from)}`, `TZOFFSETTO:${formatOffset(to)}`, `END:${kind}`];
}

/**
 * The unfolded lines of a VTIMEZONE for `zone` covering the UTC years from `firstMs` to `lastMs`:
 * one observance for the offset in force when the first year starts, then one per change.
 */
export function buildVTimezone(zone: string, firstMs: number, lastMs: number): string[] {
  const firstYear = new Date(firstMs).getUTCFullYear();
  const lastYear = new Date(lastMs).getUTCFullYear();
  const zoneYears = Array.from({ length: lastYear - firstYear + 1 }, (_, index) => getZoneYear(zone, firstYear + index));
  const transitions = zoneYears.flatMap((zoneYear) => zoneYear.transitions);
  const initial = zoneYears[0]!.initial;
  // Before a change that moves clocks forward, the zone is on standard time, and the reverse.
  const initialKind = transitions[0] && transitions[0].to < transitions[0].from ? 'DAYLIGHT' : 'STANDARD';
  const start = Date.UTC(firstYear, 0, 1);
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance(initialKind, formatShifted(start + initial), initial, initial),
    // An onset is written in the local time in force just before it (TZOFFSETFROM), RFC 5545 §3.6.5.
    ...transitions.flatMap(({ at, from, to }) => observance(to > from ? 'DAYLIGHT' : 'STANDARD', formatShifted(at + from), from, to)),
    'END:VTIMEZONE',
  ];
}
