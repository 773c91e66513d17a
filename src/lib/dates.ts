/** Date formatting through Intl, always in an explicit time zone (never the server's). */
import { localeConfig, type Locale } from '../i18n/config.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function getFormatter(locale: Locale, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(localeConfig[locale].intl, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "Sat 21 Nov 2026, 19:30 – 21:00" in the event's own zone. */
export function formatDateTimeRange(locale: Locale, timeZone: string, start: Date, end: Date): string {
  return getFormatter(locale, timeZone, { dateStyle: 'medium', timeStyle: 'short' }).formatRange(start, end);
}

/** "21 – 29 Nov 2026" for multi-day spans such as editions. */
export function formatDateRange(locale: Locale, timeZone: string, start: Date, end: Date): string {
  return getFormatter(locale, timeZone, { dateStyle: 'long' }).formatRange(start, end);
}

/** The zone's localized name, e.g. "Central European Standard Time" or "heure normale d’Europe centrale". */
export function formatTimeZoneName(locale: Locale, timeZone: string, at: Date): string {
  const parts = getFormatter(locale, timeZone, { timeZoneName: 'long' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}
