/**
 * The visitor's time zone on a hub page (`?tz=`, decision 026): read once per page, an empty
 * choice redirected to the default URL, an unknown zone answered 400 and kept by no cache.
 */
import type { AstroGlobal } from 'astro';
import { parseViewZone, VIEW_ZONE_PARAM, type ViewZone } from '../../lib/view-zone.ts';

/** The page's zone choice, or a redirect when `tz` is empty ("each event's zone" has one URL: none). */
export function readViewZone(astro: AstroGlobal): ViewZone | Response {
  const view = parseViewZone(astro.url.searchParams);
  if (view.kind !== 'empty') return view;
  const query = new URLSearchParams(astro.url.searchParams);
  query.delete(VIEW_ZONE_PARAM);
  return astro.redirect(query.size ? `${astro.url.pathname}?${query}` : astro.url.pathname, 301);
}

/**
 * Once the page's caching headers are set: an unknown zone makes the page a 400 (it still shows
 * every time in its event's zone, with the notice and the zone select), which no cache keeps.
 */
export function answerUnknownZone(astro: AstroGlobal, view: ViewZone): void {
  if (view.kind !== 'invalid') return;
  astro.response.status = 400;
  astro.response.headers.set('Cache-Control', 'no-store');
  astro.response.headers.delete('ETag');
}
