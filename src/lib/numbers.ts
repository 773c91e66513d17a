/** Number formatting through Intl in the page's locale. */
import { localeConfig, type Locale } from '../i18n/config.ts';

const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** Building an Intl formatter costs far more than using one: keep one per locale and options. */
const formatters = new Map<string, Intl.NumberFormat>();

function getFormatter(locale: Locale, unit?: (typeof units)[number]): Intl.NumberFormat {
  const key = `${locale}|${unit ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // Bytes are spelled out ("880 bytes", "880 octets": the short form is "880 byte" in English);
    // larger units keep their symbols ("1.2 MB", "1,2 Mo").
    const options: Intl.NumberFormatOptions = unit
      ? { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: unit === 'byte' ? 0 : 1 }
      : {};
    formatter = new Intl.NumberFormat(localeConfig[locale].intl, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "1.2 MB" / "1,2 Mo": a file size with a localized unit (1 kB = 1000 bytes). */
export function formatFileSize(locale: Locale, bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return getFormatter(locale, units[unit]).format(value);
}

/** A plain count in the locale's digits and grouping. */
export function formatCount(locale: Locale, value: number): string {
  return getFormatter(locale).format(value);
}
