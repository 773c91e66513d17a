/**
 * Moving an instant by whole days on a zone's wall clocks: 19:00 in Europe/Paris stays 19:00 on
 * the new day even when a daylight-saving change lies between (adding 24 h per day would not).
 */
import { wallParts, wallTimeToInstant } from './zoned-time.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The instant `days` days later (earlier when negative) at the same wall time in `zone`. */
export function shiftByDays(instant: Date, days: number, zone: string): Date {
  const ms = instant.getTime();
  const p = wallParts(ms, zone);
  const day = new Date(Date.UTC(p['year']!, p['month']! - 1, p['day']! + days));
  const wall = `${pad(day.getUTCFullYear(), 4)}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}T${pad(p['hour']!)}:${pad(p['minute']!)}`;
  const shifted = wallTimeToInstant(wall, zone);
  // Offsets are whole minutes, so the seconds within the minute carry over unchanged.
  const withinMinute = ((ms % 60_000) + 60_000) % 60_000;
  return shifted ? new Date(shifted.getTime() + withinMinute) : new Date(ms + days * 86_400_000);
}
