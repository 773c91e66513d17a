/**
 * The caching decision of a public hub response, one decision for two caches:
 * - this server's page cache: the rule set on the request's handle (tags, lifetime);
 * - a CDN or reverse proxy: `Cache-Control` with `s-maxage` and `stale-while-revalidate`; the
 *   `ETag` and its 304 come from the page cache's hash of the body (serve.ts), or from a weak
 *   `ETag` over the data when the server does not see the response.
 * Neither may outlive the next scheduled publication (see schedule.ts). When this hub purges the
 * shared caches (docs/decisions/050), they keep a copy for a day and are told its tags
 * (`Surrogate-Key`, `Cache-Tag`); otherwise a minute, and no tags.
 */
import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Executor } from '../../../db/client.ts';
import { ifNoneMatchMatches } from '../http/conditional.ts';
import { forgetContentMemos } from './invalidate.ts';
import { pageCacheOf } from './request.ts';
import { getNextScheduledChange } from './schedule.ts';
import { hasSharedPurger, sharedTagHeaders } from './shared-tags.ts';
import { hubTags } from './tags.ts';

/** Lifetime in this server's page cache: long, because every write purges exactly what it changed. */
export const PAGE_MAX_AGE = 600;
/** Shared caches we cannot purge: keep their copy short and let them revalidate. */
export const CDN_MAX_AGE = 60;
/** Shared caches we purge by tag (docs/decisions/050): every write reaches them, so a day. */
export const PURGED_CDN_MAX_AGE = 86_400;
export const CDN_SWR = 300;

/**
 * Identifies the build the server runs, so a deploy changes every ETag even when the data did
 * not (templates may have). The bundle chunk's mtime is the same on every node of one artifact.
 */
const buildId = (() => {
  try {
    return String(Math.floor(statSync(fileURLToPath(import.meta.url)).mtimeMs));
  } catch {
    return randomBytes(8).toString('hex');
  }
})();

/** What `Astro` (pages) and the APIContext (endpoints) expose that caching needs. */
export interface CachingContext {
  request: Request;
  url: URL;
  locals: object;
}

export interface HubCachePolicy {
  tags: string[];
  /**
   * Everything the response is rendered from; its hash is the ETag when the server does not
   * hash the body (`astro dev`, URLs the page cache never sees). Only read then.
   */
  fingerprint: unknown;
  now: Date;
  db: Executor;
  /**
   * When the response changes by itself, without any write (an event on the page ends and is
   * marked past): no cache may keep it longer.
   */
  expiresAt?: Date | null | undefined;
  /**
   * A strong validator the caller computed from the exact bytes it sends (the public API), used
   * instead of the weak ETag over `fingerprint`.
   */
  etag?: string | undefined;
}

export interface HubCacheDecision {
  headers: Headers;
  /** The request's If-None-Match matched: answer 304 with `headers` and no body. */
  notModified: boolean;
}

/** A weak ETag over the build, the URL and the data the response is made of. */
export function computeEtag(url: URL, fingerprint: unknown): string {
  const hash = createHash('sha256')
    .update(buildId)
    .update('\0')
    .update(url.pathname + url.search)
    .update('\0');
  hash.update(JSON.stringify(fingerprint) ?? 'null');
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/**
 * Decides caching for a public hub response: tells the page cache what to keep (never a 304)
 * and returns the HTTP headers to send.
 */
export async function decideHubCaching(context: CachingContext, policy: HubCachePolicy): Promise<HubCacheDecision> {
  const pageCache = pageCacheOf(context.locals);
  // Purges made outside this request (other workers, other machines) also clear the memos.
  pageCache?.onPurge(forgetContentMemos);
  const scheduled = await getNextScheduledChange(policy.db, policy.now);
  const next = policy.expiresAt && (!scheduled || policy.expiresAt < scheduled) ? policy.expiresAt : scheduled;
  const untilNext = next ? Math.max(1, Math.ceil((next.getTime() - policy.now.getTime()) / 1000)) : Infinity;
  // Never serve a stale copy across a scheduled publication or expiry: cap the lifetimes and drop SWR.
  const pageMaxAge = Math.min(PAGE_MAX_AGE, untilNext);
  const purged = hasSharedPurger();
  const cdnLifetime = purged ? PURGED_CDN_MAX_AGE : CDN_MAX_AGE;
  const cdnMaxAge = Math.min(cdnLifetime, untilNext);
  const cdnSwr = untilNext <= cdnLifetime + CDN_SWR ? 0 : CDN_SWR;
  const tags = [...new Set([...policy.tags, hubTags.all])];

  const headers = new Headers({ 'Cache-Control': `public, max-age=0, s-maxage=${cdnMaxAge}, stale-while-revalidate=${cdnSwr}` });
  // Only a cache we purge needs the tags; others would keep up to 7 KB per response for nothing.
  if (purged) for (const [name, value] of Object.entries(sharedTagHeaders(tags))) headers.set(name, value);
  let notModified = false;
  // The server hashes the body it answers (serve.ts); hashing the data too would cost more
  // than the render of a big page. Only responses it does not see need the data's ETag.
  if (!pageCache?.validatesBody) {
    // Every page shows the site settings (name, logo, accent): a settings save changes every ETag.
    const site = 'site' in context.locals ? context.locals.site : null;
    const etag = policy.etag ?? computeEtag(context.url, [policy.fingerprint, site ?? null]);
    headers.set('ETag', etag);
    notModified = ifNoneMatchMatches(context.request.headers.get('if-none-match'), etag);
  }
  // `all` lets a node that may have missed purges drop everything at once (decision 010).
  if (!notModified) pageCache?.keep({ tags, maxAge: pageMaxAge });
  return { headers, notModified };
}

/** Copies decision headers onto a response's headers. */
export function applyHeaders(target: Headers, source: Headers): void {
  source.forEach((value, key) => target.set(key, value));
}

/**
 * A cacheable endpoint response (feeds, calendars, sitemap); a matching If-None-Match gets an
 * empty 304, from the page cache's hash of the body or, where it does not see the response,
 * before the body is built.
 */
export async function respondCached(
  context: CachingContext,
  policy: HubCachePolicy,
  contentType: string,
  buildBody: () => string | Promise<string>,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const { headers, notModified } = await decideHubCaching(context, policy);
  for (const [key, value] of Object.entries(extraHeaders)) headers.set(key, value);
  if (notModified) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', contentType);
  headers.set('X-Content-Type-Options', 'nosniff');
  return new Response(await buildBody(), { status: 200, headers });
}
