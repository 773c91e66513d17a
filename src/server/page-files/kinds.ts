/**
 * Which responses become files for nginx, under which name, and the headers nginx answers them
 * with (deploy/nginx/hub.conf sets the same ones, location by location). nginx knows a file only
 * by its name, so a response is written only when nginx, from that name alone, would answer it
 * exactly as the app did: same Content-Type, same security headers, same Cache-Control
 * (docs/decisions/051).
 */
import { embedPlayerOrigins } from '../../lib/embeds.ts';
import { CDN_MAX_AGE, CDN_SWR } from '../page-cache/decision.ts';

/** What every file of a machine is answered with that comes from its build and configuration. */
export interface HeaderProfile {
  /** The policy of an ordinary page (no framed player, framed by no one). */
  csp: string;
  cacheControl: string;
  /** Strict-Transport-Security, or '' when the app sends none. */
  hsts: string;
}

/** Sent with every response (src/server/runtime/security-headers.ts), so with every file. */
const BASE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** Feeds, calendars and exports may be read by other sites' scripts (src/server/http/cors.ts). */
const CORS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag',
};

/** A named file (not a page): its URL pattern, its type, and the headers only it carries. */
interface NamedKind {
  pattern: RegExp;
  contentType: string;
  extra: (match: RegExpExecArray) => Record<string, string>;
}

const attachment = (name: string) => ({ 'content-disposition': `attachment; filename="${name}"` });

/** Mirrored by the `location ~` blocks of deploy/nginx/hub.conf (a unit test compares them). */
export const NAMED_KINDS: readonly NamedKind[] = [
  { pattern: /^\/sitemap\.xml$/, contentType: 'application/xml; charset=utf-8', extra: () => ({}) },
  { pattern: /^\/[a-z]{2}\/hub\/feed\.xml$/, contentType: 'application/rss+xml; charset=utf-8', extra: () => CORS },
  { pattern: /^\/[a-z]{2}\/hub\/edition\/[a-z0-9-]+\/schedule\.xml$/, contentType: 'application/xml; charset=utf-8', extra: () => CORS },
  { pattern: /^\/[a-z]{2}\/hub\/edition\/[a-z0-9-]+\/schedule\.json$/, contentType: 'application/json; charset=utf-8', extra: () => CORS },
  { pattern: /^\/[a-z]{2}\/hub\/calendar\.ics$/, contentType: 'text/calendar; charset=utf-8', extra: () => ({ ...CORS, ...attachment('programme.ics') }) },
  {
    pattern: /^\/[a-z]{2}\/hub\/(?:event|edition)\/(?<slug>[a-z0-9-]+)\/calendar\.ics$/,
    contentType: 'text/calendar; charset=utf-8',
    extra: (match) => ({ ...CORS, ...attachment(`${match.groups!['slug']}.ics`) }),
  },
];

/** Pages: paths of plain segments (no extension, no dot file), answered as `<path>/index.html`. */
const PAGE_PATH = /^(?:\/[\p{L}\p{N}_~-][\p{L}\p{N}._~-]*)+$/u;
const HAS_EXTENSION = /\.[a-z0-9]+$/i;

/** Where a response to `url` goes as a file (relative to the served folder), with the headers it must have had. */
export interface FileTarget {
  file: string;
  headers: Record<string, string>;
}

/**
 * The file for a GET of `url` whose response has `contentType`, and the headers nginx will answer
 * it with; undefined for anything nginx could not answer the same way (a query string, an
 * unknown name, an encoded path nginx would read differently, another type).
 */
export function fileTargetOf(url: string, contentType: string, profile: HeaderProfile): FileTarget | undefined {
  if (url.includes('?') || url.includes('#') || url.includes('%') || url.length > 1024) return undefined;
  const common = { ...BASE_HEADERS, 'cache-control': profile.cacheControl, ...(profile.hsts ? { 'strict-transport-security': profile.hsts } : {}) };
  if (contentType === 'text/html' && url !== '/' && PAGE_PATH.test(url) && !HAS_EXTENSION.test(url)) {
    return { file: fileOfUrl(url), headers: { ...common, 'content-type': 'text/html', 'content-security-policy': profile.csp } };
  }
  for (const kind of NAMED_KINDS) {
    const match = kind.pattern.exec(url);
    if (match && contentType === kind.contentType)
      return { file: url.slice(1), headers: { ...common, ...kind.extra(match), 'content-type': kind.contentType } };
  }
  return undefined;
}

/** The file of a URL `fileTargetOf` accepted: pages never have an extension, named files always do. */
export function fileOfUrl(url: string): string {
  return HAS_EXTENSION.test(url) ? url.slice(1) : `${url.slice(1)}/index.html`;
}

/**
 * Headers nginx sends differently for a file, or not at all, and that say nothing about its
 * content. Cache-Control among them: a file always goes with `FILE_CACHE_CONTROL`.
 */
const NOT_COMPARED = new Set([
  'vary',
  'etag',
  'last-modified',
  'x-cache',
  'surrogate-key',
  'cache-tag',
  'content-length',
  'content-encoding',
  'date',
  'cache-control',
]);

/**
 * What nginx sends with a file: the short shared-cache lifetime, whatever the app sends. A file
 * carries no cache tags, so a cache in front of nginx cannot be purged of it by tag: with a
 * purger configured the app's own answers may live a day (decision 050), a file's copies never.
 */
export const FILE_CACHE_CONTROL = `public, max-age=0, s-maxage=${CDN_MAX_AGE}, stale-while-revalidate=${CDN_SWR}`;

/** True when `headers` (a response's) are exactly `expected` (those nginx sends for its file). */
export function headersMatch(headers: readonly [string, string][], expected: Readonly<Record<string, string>>): boolean {
  // A response that varies on anything but the encoding (which gzip_static picks) is not the same for everyone.
  const vary = headers.find(([name]) => name === 'vary')?.[1] ?? '';
  if (vary.split(',').some((name) => name.trim() !== '' && name.trim().toLowerCase() !== 'accept-encoding')) return false;
  const compared = headers.filter(([name]) => !NOT_COMPARED.has(name));
  if (compared.length !== Object.keys(expected).filter((name) => !NOT_COMPARED.has(name)).length) return false;
  return compared.every(([name, value]) => expected[name] === value);
}

/**
 * How long before a page's expiry its file must go, in ms: a shared cache may keep what nginx
 * sends for `s-maxage` plus `stale-while-revalidate`, and the page expires at the latest at the
 * next scheduled change, from which the app shortens both (decision.ts). Deleted this early, a
 * file is only ever answered while the app would still send the profile's Cache-Control.
 */
export function sharedCacheWindowMs(profile: HeaderProfile): number {
  const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(profile.cacheControl)?.[1] ?? 0);
  return (seconds('s-maxage') + seconds('stale-while-revalidate')) * 1000;
}

const playerOrigins = Object.values(embedPlayerOrigins);

/**
 * The profile an HTML response shows when it is an ordinary page: framed by no one, framing no
 * player, cached for its full lifetime (a page near a scheduled publication gets shorter
 * lifetimes and no stale-while-revalidate). Undefined for any other response.
 */
export function profileOf(headers: readonly [string, string][]): HeaderProfile | undefined {
  const get = (name: string) => headers.find(([key]) => key === name)?.[1] ?? '';
  const csp = get('content-security-policy');
  const cacheControl = get('cache-control');
  if (!csp.includes("frame-ancestors 'none'") || playerOrigins.some((origin) => csp.includes(origin))) return undefined;
  if (!/stale-while-revalidate=[1-9]/.test(cacheControl)) return undefined;
  // nginx writes these between double quotes; none of them can carry such characters.
  if (/["\\$\n\r]/.test(csp + cacheControl)) return undefined;
  return { csp, cacheControl: FILE_CACHE_CONTROL, hsts: get('strict-transport-security') };
}
