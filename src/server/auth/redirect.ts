/**
 * Where to send a visitor after signing in or up. Only same-origin paths are honoured: anything
 * that a browser could read as another origin (`//evil`, `/\evil`, `https://evil`, `javascript:`,
 * and the same behind one or more rounds of percent-encoding) falls back to the dashboard.
 */
import type { Locale } from '../../i18n/config.ts';

const PROBE_ORIGIN = 'https://redirect-probe.invalid';
const MAX_LENGTH = 2048;
// Whitespace and control characters are stripped by URL parsers in surprising places.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\]/;

function isSafeLayer(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !UNSAFE_CHARACTERS.test(value);
}

/** The normalised same-origin path (`/path?query#hash`), or `null` when `raw` is not one. */
export function toSafeRedirectPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  // Check the value and every decoded form of it: some hop (a proxy, a framework, the browser)
  // may decode once more than we expect.
  let layer = raw;
  for (let round = 0; round < 4; round++) {
    if (!isSafeLayer(layer)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return null;
    }
    if (decoded === layer) break;
    layer = decoded;
  }
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSafeLayer(path) ? path : null;
}

/** Pages a redirect must not land on: the auth forms themselves (a loop) and the JSON APIs. */
function isPoorTarget(path: string): boolean {
  return /^\/[^/]+\/admin\/(sign-in|sign-up|sign-out)(\/|\?|#|$)/.test(path) || /^\/api(\/|\?|#|$)/.test(path);
}

/** The post-sign-in destination: `raw` when it is a safe same-origin page, else the dashboard. */
export function resolveRedirectTarget(raw: string | null | undefined, locale: Locale): string {
  const safe = toSafeRedirectPath(raw);
  return safe && !isPoorTarget(safe) ? safe : `/${locale}/admin`;
}

/** The sign-in URL that brings the visitor back to `returnTo` afterwards. */
export function signInUrl(locale: Locale, returnTo?: string | null): string {
  const base = `/${locale}/admin/sign-in`;
  return returnTo ? `${base}?redirect_url=${encodeURIComponent(returnTo)}` : base;
}

/** The sign-up URL, carrying the same destination. */
export function signUpUrl(locale: Locale, returnTo?: string | null): string {
  const base = `/${locale}/admin/sign-up`;
  return returnTo ? `${base}?redirect_url=${encodeURIComponent(returnTo)}` : base;
}
