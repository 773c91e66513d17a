/**
 * Wall-clock times in an IANA time zone ↔ instants, for `datetime-local` inputs next to a zone
 * select. The editor types "18:00 in Europe/Paris"; the API stores the instant. Uses only `Intl`,
 * so it runs in the browser and in Node alike.
 */

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** What `Intl` says the wall clocks of `zone` show at `ms` (≈ 17 µs a call). */
function intlWallParts(ms: number, zone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/**
 * Offsets by zone and quarter hour of UTC. Today's rules change offsets only on quarter hours
 * of UTC (zones at :30 and :45 included), so one question to `Intl` answers a whole quarter;
 * a quarter whose two ends disagree (an old local-mean-time change) is never kept.
 */
const QUARTER_HOUR = 900_000;
const offsets = new Map<string, number>();
const MAX_OFFSETS = 16_384;
/** Years `Intl` spells as plain numbers (no eras), where the arithmetic below gives the same parts. */
const ARITHMETIC_FROM = Date.UTC(1000, 0, 1);
const ARITHMETIC_UNTIL = Date.UTC(9999, 0, 1);

const offsetFromParts = (p: Record<string, number>, ms: number) =>
  Date.UTC(p['year']!, p['month']! - 1, p['day']!, p['hour']!, p['minute']!, p['second']!) - ms;

function quarterOffset(ms: number, zone: string): number | undefined {
  const quarter = Math.floor(ms / QUARTER_HOUR);
  const key = `${zone}\n${quarter}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const start = quarter * QUARTER_HOUR;
  const last = start + QUARTER_HOUR - 1000;
  const offset = offsetFromParts(intlWallParts(start, zone), start);
  if (offsetFromParts(intlWallParts(last, zone), last) !== offset) return undefined;
  if (offsets.size >= MAX_OFFSETS) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** Year, month, day, hour, minute, second of instant `ms` on the wall clocks of `zone`. */
export function wallParts(ms: number, zone: string): Record<string, number> {
  const offset = ms >= ARITHMETIC_FROM && ms < ARITHMETIC_UNTIL ? quarterOffset(ms, zone) : undefined;
  if (offset === undefined) return intlWallParts(ms, zone);
  const wall = new Date(ms + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The zone's offset from UTC at instant `ms`, in milliseconds (Paris in summer: +7 200 000). */
export function zoneOffsetMs(ms: number, zone: string): number {
  const p = wallParts(ms, zone);
  const asUtc = Date.UTC(p['year']!, p['month']! - 1, p['day']!, p['hour']!, p['minute']!, p['second']!);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * True when the wall time of instant `ms` in `zone` happens twice (the hour an autumn change
 * repeats), so a local time alone cannot say which of the two instants is meant.
 */
export function isRepeatedWallTime(ms: number, zone: string): boolean {
  const offset = zoneOffsetMs(ms, zone);
  // The offsets a few hours either side cover both sides of any change near this instant.
  return [ms - 3 * 3_600_000, ms + 3 * 3_600_000].some((near) => {
    const other = zoneOffsetMs(near, zone);
    return other !== offset && zoneOffsetMs(ms + offset - other, zone) === other;
  });
}

/** "2031-07-12T19:30:00+02:00": instant `ms` as ISO 8601 in the wall time of `zone`, with its offset. */
export function formatIsoWithOffset(ms: number, zone: string): string {
  const offset = zoneOffsetMs(ms, zone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset).toISOString().slice(0, 19);
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${wall}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** True when the runtime knows the zone. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant of wall time `wall` (`YYYY-MM-DDTHH:mm`) in `zone`, or null when either is invalid.
 * In a spring-forward gap the time is read with the offset before the change (02:30 → 03:30);
 * in an autumn overlap the earlier of the two instants is chosen.
 */
export function wallTimeToInstant(wall: string, zone: string): Date | null {
  const match = WALL.exec(wall);
  if (!match || !isKnownTimeZone(zone)) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  // Date.UTC rolls over (month 13 → next year): refuse anything that is not a real calendar time.
  const check = new Date(guess);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // The offsets half a day either side cover both sides of any transition near this time.
  const HALF_DAY = 12 * 3_600_000;
  const before = guess - zoneOffsetMs(guess - HALF_DAY, zone);
  const after = guess - zoneOffsetMs(guess + HALF_DAY, zone);
  const valid = [before, after].filter((ms) => ms + zoneOffsetMs(ms, zone) === guess);
  // No valid reading: the time falls in a gap; read it with the offset from before the change.
  return new Date(valid.length ? Math.min(...valid) : before);
}

/** The wall time (`YYYY-MM-DDTHH:mm`) of an instant in `zone`; '' for a missing or invalid one. */
export function instantToWallTime(instant: string | Date | null | undefined, zone: string): string {
  if (!instant) return '';
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms) || !isKnownTimeZone(zone)) return '';
  const p = wallParts(ms, zone);
  const pad = (n: number | undefined, width = 2) => String(n ?? 0).padStart(width, '0');
  return `${pad(p['year'], 4)}-${pad(p['month'])}-${pad(p['day'])}T${pad(p['hour'])}:${pad(p['minute'])}`;
}

/** Every IANA zone the runtime knows, with UTC first. */
export function listTimeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

/** The browser's own zone (a sensible default for a new event), else UTC. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
