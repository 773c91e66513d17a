/**
 * Times as the schedule formats write them: local wall times with their zone's offset, days that
 * change at 04:00 (frab's `day_change`: a concert ending at 01:00 still belongs to the evening it
 * started), durations as `HH:MM`.
 */
import { isKnownTimeZone, wallParts, wallTimeToInstant, zoneOffsetMs } from '../../lib/zoned-time.ts';

/** Local hour at which one festival day ends and the next begins. */
export const DAY_CHANGE = '04:00';
const DAY_CHANGE_HOUR = Number(DAY_CHANGE.slice(0, 2));

const pad = (value: number | undefined, width = 2) => String(value ?? 0).padStart(width, '0');

/** The zone itself, or UTC for one this runtime does not know (times must still be exact). */
export function safeZone(zone: string): string {
  return isKnownTimeZone(zone) ? zone : 'UTC';
}

/** `+01:00`, `-05:00`, `+00:00`: the zone's offset at instant `ms`. */
function formatOffset(ms: number, zone: string): string {
  const minutes = Math.round(zoneOffsetMs(ms, zone) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** `2031-03-05T18:30:00+01:00`: the wall time in `zone` with that zone's offset. */
export function formatZonedDateTime(ms: number, zone: string): string {
  const p = wallParts(ms, zone);
  return `${pad(p['year'], 4)}-${pad(p['month'])}-${pad(p['day'])}T${pad(p['hour'])}:${pad(p['minute'])}:${pad(p['second'])}${formatOffset(ms, zone)}`;
}

/** `18:30`: the wall-clock time in `zone`. */
export function formatLocalTime(ms: number, zone: string): string {
  const p = wallParts(ms, zone);
  return `${pad(p['hour'])}:${pad(p['minute'])}`;
}

/**
 * `HH:MM`. The XML schema allows two digits of hours, so a longer event (an exhibition over weeks)
 * is written as 99:59; its exact end is in the JSON export's `end`.
 */
export function formatDuration(ms: number): string {
  const minutes = Math.min(Math.max(0, Math.round(ms / 60_000)), 99 * 60 + 59);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * The schedule day (YYYY-MM-DD) of instant `ms` in `zone`: its calendar date, or the day before
 * when it falls before the day change. `dayChange: false` gives the plain calendar date.
 */
export function scheduleDayOf(ms: number, zone: string, { dayChange = true } = {}): string {
  const p = wallParts(ms, zone);
  const date = Date.UTC(p['year']!, p['month']! - 1, p['day']!);
  const day = dayChange && p['hour']! < DAY_CHANGE_HOUR ? date - 86_400_000 : date;
  return new Date(day).toISOString().slice(0, 10);
}

/** The instants a schedule day runs between: its day change to the next day's. */
export function dayBoundsOf(dateKey: string, zone: string): { start: number; end: number } {
  const next = new Date(Date.parse(`${dateKey}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    start: wallTimeToInstant(`${dateKey}T${DAY_CHANGE}`, zone)!.getTime(),
    end: wallTimeToInstant(`${next}T${DAY_CHANGE}`, zone)!.getTime(),
  };
}
