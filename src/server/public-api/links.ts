/** Absolute links of the public API: hub pages, and the API's own pages of a list. */
import type { Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { absoluteUrl, getSiteOrigin } from '../config/site-origin.ts';
import type { TagView } from '../events/queries.ts';
import type { Localized } from './translated.ts';

/** The API's base path; a breaking change gets `/v2` beside it. */
export const API_BASE = '/api/public/v1';

/** An absolute URL on the public site (`PUBLIC_SITE_URL`, never the request's Host). */
export function siteUrl(path: string): string {
  return absoluteUrl(getSiteOrigin(), path);
}

/** A tag as the API shows it: its label's locale, and the hub listing filtered by it. */
export function tagOf(tag: TagView, locale: Locale): { id: number; slug: string; label: Localized; url: string } {
  return {
    id: tag.id,
    slug: tag.slug,
    label: { value: tag.label, locale: tag.labelLocale },
    url: siteUrl(paths.hub(locale, new URLSearchParams({ tag: tag.slug }))),
  };
}
