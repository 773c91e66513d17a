/** Date formatting through Intl, always in an explicit time zone (never the server's). */
import { localeConfig, type Locale } from '../i18n/config.ts';
import { wallParts } from './zoned-time.ts';

const styles = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'long' },
  day: { dateStyle: 'full' },
  shortDay: { weekday: 'short', day: 'numeric', month: 'short' },
  time: { timeStyle: 'short' },
  zoneName: { timeZoneName: 'long' },
  shortZoneName: { timeZoneName: 'short' },
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
  shortDate: { dateStyle: 'medium' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function getFormatter(locale: Locale, timeZone: string, style: keyof typeof styles): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(localeConfig[locale].intl, { ...styles[style], timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Adds `value` to a memo, first dropping its oldest entry when it holds `max`. */
function remember(memo: Map<string, string>, max: number, key: string, value: string): string {
  if (memo.size >= max) memo.delete(memo.keys().next().value!);
  memo.set(key, value);
  return value;
}

/**
 * Formatted ranges by locale, zone and instants. `formatRange` costs tens of microseconds and a
 * listing shows the same events' ranges on many pages; a few thousand strings are a few hundred KB.
 */
const ranges = new Map<string, string>();
const MAX_RANGES = 4096;

/** "Sat 21 Nov 2026, 19:30 – 21:00" in the event's own zone. */
export function formatDateTimeRange(locale: Locale, timeZone: string, start: Date, end: Date): string {
  const key = `${locale}|${timeZone}|${start.getTime()}|${end.getTime()}`;
  return ranges.get(key) ?? remember(ranges, MAX_RANGES, key, getFormatter(locale, timeZone, 'dateTime').formatRange(start, end));
}

/** "21 – 29 Nov 2026" for multi-day spans such as editions. */
export function formatDateRange(locale: Locale, timeZone: string, start: Date, end: Date): string {
  return getFormatter(locale, timeZone, 'date').formatRange(start, end);
}

/**
 * Zone names by locale, zone and quarter hour: a zone's name changes only when its offset does,
 * and today's rules change offsets on quarter hours of UTC (even zones with :30 and :45 offsets).
 */
const zoneNames = new Map<string, string>();
const QUARTER_HOUR = 900_000;

/** The zone's localized name, e.g. "Central European Standard Time" or "heure normale d’Europe centrale". */
export function formatTimeZoneName(locale: Locale, timeZone: string, at: Date): string {
  const key = `${locale}|${timeZone}|${Math.floor(at.getTime() / QUARTER_HOUR)}`;
  const cached = zoneNames.get(key);
  if (cached !== undefined) return cached;
  const parts = getFormatter(locale, timeZone, 'zoneName').formatToParts(at);
  return remember(zoneNames, MAX_RANGES, key, parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone);
}

/** The zone's short localized name ("GMT-4", "EDT", "MESZ"), for a compact line that names the long one elsewhere. */
export function formatShortTimeZoneName(locale: Locale, timeZone: string, at: Date): string {
  const parts = getFormatter(locale, timeZone, 'shortZoneName').formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** "Saturday 21 November 2026": a day heading in the given zone. */
export function formatDayHeading(locale: Locale, timeZone: string, at: Date): string {
  return getFormatter(locale, timeZone, 'day').format(at);
}

/** "21 Nov 2026, 19:30" for single instants (feeds, "published on"). */
export function formatDateTime(locale: Locale, timeZone: string, at: Date): string {
  return getFormatter(locale, timeZone, 'dateTime').format(at);
}

/** What the admin shows of an instant: date and time (default), with seconds, the date alone, or the time alone (today's). */
export type AdminDateStyle = 'dateTime' | 'dateTimeSeconds' | 'shortDate' | 'time';

/**
 * "26 nov. 2026, 14:00 (Europe/Paris)": every date the admin shows, in the admin's locale, in an
 * explicit zone that is named, so the server's render and the browser's hydration agree and a
 * reader never has to guess which clock is meant. Empty for a missing or invalid instant.
 */
export function formatAdminDate(locale: Locale, timeZone: string, at: Date | string | number | null | undefined, style: AdminDateStyle = 'dateTime'): string {
  if (at === null || at === undefined || at === '') return '';
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return `${getFormatter(locale, timeZone, style).format(date)} (${timeZone})`;
}

/** The calendar date ("2026-11-21") of an instant as seen in `timeZone`. */
export function toLocalDateKey(timeZone: string, at: Date): string {
  const { year, month, day } = wallParts(at.getTime(), timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** True for a real calendar date written as YYYY-MM-DD. */
export function isDateKey(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The UTC instant at which the local day `dateKey` (YYYY-MM-DD) begins in `timeZone`. Uses only
 * Intl: the offset is read twice so days starting inside a DST change still resolve correctly.
 */
export function startOfLocalDay(timeZone: string, dateKey: string): Date {
  const wall = Date.parse(`${dateKey}T00:00:00Z`);
  const offsetAt = (instant: number) => {
    const p = wallParts(instant, timeZone);
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - (instant - (instant % 1000));
  };
  const guess = wall - offsetAt(wall);
  return new Date(wall - offsetAt(guess));
}

/** The date key of the day after `dateKey`. */
export function nextDateKey(dateKey: string): string {
  return new Date(Date.parse(`${dateKey}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** "21 November 2026": a single date in the given zone. */
export function formatDate(locale: Locale, timeZone: string, at: Date): string {
  return getFormatter(locale, timeZone, 'date').format(at);
}

/** "Sat 21 Nov": a compact day label (jump links to days). */
export function formatShortDay(locale: Locale, timeZone: string, at: Date): string {
  return getFormatter(locale, timeZone, 'shortDay').format(at);
}

/** "19:30": the time of day alone, in the given zone. */
export function formatTime(locale: Locale, timeZone: string, at: Date): string {
  return getFormatter(locale, timeZone, 'time').format(at);
}
