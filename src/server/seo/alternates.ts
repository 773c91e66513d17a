/** Canonical and hreflang alternates of a page, limited to the locales that have its content. */
import { defaultLocale, locales, type Locale } from '../../i18n/config.ts';
import { absoluteUrl } from '../config/site-origin.ts';

export interface Alternate {
  hreflang: string;
  href: string;
}

/**
 * One alternate per locale with a translation, plus `x-default` pointing at the default locale
 * (or, when that is missing, the first translated locale). Locales showing only fallback text
 * are left out: they are not a translation of the page.
 */
export function buildAlternates(origin: string, pathFor: (locale: Locale) => string, available: readonly Locale[] = locales): Alternate[] {
  const translated = locales.filter((locale) => available.includes(locale));
  if (translated.length === 0) return [];
  const fallback = translated.includes(defaultLocale) ? defaultLocale : translated[0]!;
  return [
    ...translated.map((locale) => ({ hreflang: locale, href: absoluteUrl(origin, pathFor(locale)) })),
    { hreflang: 'x-default', href: absoluteUrl(origin, pathFor(fallback)) },
  ];
}
