/**
 * What the service worker keeps (decision 041). Pages are listed by what may be kept, not by
 * what may not: the home and hub pages of each locale. The admin, sign-in, APIs, search,
 * embeds, the error tunnel and every non-GET request are outside it by construction.
 */

/** `/{locale}`, `/{locale}/hub` and its pages without a file extension, but not search. */
const OFFLINE_PAGE = /^\/[a-z]{2}(?:\/hub(?:\/(?!search(?:\/|$))[^.]*)?)?\/?$/;

/** A page the worker serves network-first and keeps for reading offline. */
export function isOfflinePage(url: URL, origin: string): boolean {
  return url.origin === origin && OFFLINE_PAGE.test(url.pathname);
}

const ADMIN_PAGE = /^\/[a-z]{2}\/admin(?:\/|$)/;

/** A hashed bundle (script, style, font) asked for by a public page, never by the admin. */
export function isPublicAsset(url: URL, origin: string, referrer: string): boolean {
  if (url.origin !== origin || !url.pathname.startsWith('/_astro/')) return false;
  try {
    return !ADMIN_PAGE.test(new URL(referrer).pathname);
  } catch {
    return true;
  }
}

/** An uploaded image or an app icon. */
export function isSiteImage(url: URL, origin: string): boolean {
  return url.origin === origin && /^\/(?:media|icons)\//.test(url.pathname);
}
