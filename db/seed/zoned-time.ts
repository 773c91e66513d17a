/**
 * Converts a wall-clock time in an IANA time zone to a UTC instant using only `Intl`, so event
 * times stay right across daylight-saving changes without a date library.
 */

import { zoneOffsetMs } from '../../src/lib/zoned-time.ts';

export const DAY_MS = 86_400_000;

/**
 * The UTC instant of `hour:minute` local time on day `dayNumber` (days since 1970-01-01) in
 * `timeZone`. A wall time skipped by a DST jump moves forward by the gap (02:30 becomes 03:30).
 */
export function zonedTimeToUtc(dayNumber: number, hour: number, minute: number, timeZone: string): number {
  const wall = dayNumber * DAY_MS + (hour * 60 + minute) * 60_000;
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second = zoneOffsetMs(first, timeZone);
  return wall - second;
}
