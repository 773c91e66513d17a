/**
 * Converts a wall-clock time in an IANA time zone to a UTC instant using only `Intl`, so event
 * times stay right across daylight-saving changes without a date library.
 */

export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Offset of the zone from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The UTC instant of `hour:minute` local time on day `dayNumber` (days since 1970-01-01) in
 * `timeZone`. A wall time skipped by a DST jump moves forward by the gap (02:30 becomes 03:30).
 */
export function zonedTimeToUtc(dayNumber: number, hour: number, minute: number, timeZone: string): number {
  const wall = dayNumber * DAY_MS + (hour * 60 + minute) * 60_000;
  const first = wall - zoneOffsetMs(timeZone, wall);
  const second = zoneOffsetMs(timeZone, first);
  return wall - second;
}
