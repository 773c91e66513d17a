/** The locales the product speaks. Adding one = one entry here + one `<code>.json` strings file. */
export const localeConfig = {
  en: { label: 'English', dir: 'ltr', intl: 'en-GB' },
  fr: { label: 'Français', dir: 'ltr', intl: 'fr-FR' },
  de: { label: 'Deutsch', dir: 'ltr', intl: 'de-DE' },
} as const;

export type Locale = keyof typeof localeConfig;

export const defaultLocale: Locale = 'en';

export const locales = Object.keys(localeConfig) as Locale[];

/** Narrows an arbitrary string (a URL segment, a form value) to a supported locale. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(localeConfig, value);
}

function hasEveryLocale<V>(record: Partial<Record<Locale, V>>): record is Record<Locale, V> {
  return locales.every((locale) => Object.hasOwn(record, locale));
}

/** A record with one entry per locale, each from `valueOf(locale)`: `Object.fromEntries` with its keys kept. */
export function perLocale<V>(valueOf: (locale: Locale) => V): Record<Locale, V> {
  const record: Partial<Record<Locale, V>> = {};
  for (const locale of locales) record[locale] = valueOf(locale);
  if (!hasEveryLocale(record)) throw new Error('perLocale: a locale has no entry');
  return record;
}

/** Text direction of a locale, for `dir` on `<html>` and on fallback text. */
export function getTextDirection(locale: Locale): 'ltr' | 'rtl' {
  return localeConfig[locale].dir;
}
