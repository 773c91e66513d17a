/** Number formatting through Intl in the page's locale. */
import { localeConfig, type Locale } from '../i18n/config.ts';

const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** "1.2 MB" / "1,2 Mo": a file size with a localized unit (1 kB = 1000 bytes). */
export function formatFileSize(locale: Locale, bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(localeConfig[locale].intl, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A plain count in the locale's digits and grouping. */
export function formatCount(locale: Locale, value: number): string {
  return new Intl.NumberFormat(localeConfig[locale].intl).format(value);
}
