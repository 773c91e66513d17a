/** The hub page a time zone choice returns to, from the choice page's `from` parameter. */
import type { Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { VIEW_ZONE_PARAM } from '../../lib/view-zone.ts';

export interface ReturnPage {
  /** The form's action: a path of this locale's hub. */
  path: string;
  /** The page's own parameters, sent again as hidden fields (its zone and page number dropped). */
  query: [string, string][];
  /** The page itself, for a plain link back. */
  href: string;
}

/** Parameters that do not survive a change of zone: the new zone, a page of results, a day of another zone's calendar. */
const DROPPED = new Set([VIEW_ZONE_PARAM, 'page', 'day']);

/** `from` when it is a page of this locale's hub (never this choice page), else the hub landing. */
export function returnPageOf(locale: Locale, from: string | null): ReturnPage {
  const hub = paths.hub(locale);
  let url: URL | null = null;
  try {
    // Parsed against a placeholder origin: an absolute or protocol-relative `from` changes the origin and is refused.
    url = from ? new URL(from, 'http://hub.invalid') : null;
  } catch {
    url = null;
  }
  const path = url?.origin === 'http://hub.invalid' ? url.pathname : '';
  const isHubPage = (path === hub || path.startsWith(`${hub}/`)) && path !== `${hub}/time-zone` && /^[a-z0-9/-]+$/.test(path);
  if (!url || !isHubPage) return { path: hub, query: [], href: hub };
  const query = [...url.searchParams].filter(([name]) => !DROPPED.has(name));
  return { path, query, href: url.searchParams.size ? `${path}${url.search}` : path };
}
