/** Choosing between a row's own-locale translation and the default-locale fallback. */
import { defaultLocale, isLocale, type Locale } from '../i18n/config.ts';

/** A piece of content text and the locale it is actually written in. */
export interface Localized<T = string> {
  value: T;
  /** Locale of `value`: the page's locale, or the default locale when falling back. */
  locale: Locale;
  /** True when the page's locale had no translation and `value` is default-locale text. */
  isFallback: boolean;
}

/**
 * Picks the translation row for `locale`, else the default-locale row; undefined when neither
 * exists. Rows of other locales are ignored.
 */
export function pickTranslation<R extends { locale: string }>(rows: readonly R[], locale: Locale): { row: R; locale: Locale; isFallback: boolean } | undefined {
  const own = rows.find((row) => row.locale === locale);
  if (own) return { row: own, locale, isFallback: false };
  const fallback = rows.find((row) => row.locale === defaultLocale);
  return fallback ? { row: fallback, locale: defaultLocale, isFallback: true } : undefined;
}

/** The locale of texts a query picked with `foundText` (the page's own when it found none). */
export function textLocaleOf(found: 'own' | 'fallback' | null, locale: Locale): Locale {
  return found === 'fallback' ? defaultLocale : locale;
}

/** The `lang` of text written in `textLocale` on a page in `pageLocale`: set only when they differ. */
export function langAttribute<L extends string>(textLocale: L | null | undefined, pageLocale: string): L | undefined {
  return textLocale && textLocale !== pageLocale ? textLocale : undefined;
}

/** The supported locales among translation rows, in configuration order of appearance. */
export function translatedLocales(rows: readonly { locale: string }[]): Locale[] {
  return [...new Set(rows.map((row) => row.locale))].filter(isLocale);
}

/** Groups rows by an id, keeping insertion order; used to attach batched relation rows. */
export function groupBy<R, K>(rows: readonly R[], keyOf: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
