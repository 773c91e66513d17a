/** Builders for the product's public and admin URLs, so no page assembles paths by hand. */
import type { Locale } from '../i18n/config.ts';

export const paths = {
  home: (locale: Locale) => `/${locale}`,
  hub: (locale: Locale, query?: URLSearchParams) => `/${locale}/hub${query && query.size ? `?${query}` : ''}`,
  event: (locale: Locale, slug: string) => `/${locale}/hub/event/${slug}`,
  edition: (locale: Locale, slug: string) => `/${locale}/hub/edition/${slug}`,
  search: (locale: Locale) => `/${locale}/hub/search`,
  about: (locale: Locale) => `/${locale}/hub/about`,
  contact: (locale: Locale) => `/${locale}/hub/contact`,
  privacy: (locale: Locale) => `/${locale}/hub/privacy-policy`,
  terms: (locale: Locale) => `/${locale}/hub/terms-and-conditions`,
  admin: (locale: Locale) => `/${locale}/admin`,
};

/** The same page in another locale: swaps the leading `/{locale}` segment, keeps the query. */
export function switchLocale(url: URL, to: Locale): string {
  const [, , ...rest] = url.pathname.split('/');
  const tail = rest.join('/');
  return `/${to}${tail ? `/${tail}` : ''}${url.search}`;
}
