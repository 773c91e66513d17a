/**
 * GET /sitemap.xml — every public page with its locale alternates (a sitemap index over
 * `?part=N` when the programme is very large). Cached with the `sitemap` tag.
 */
import type { APIRoute } from 'astro';
import { getDb } from '../server/db.ts';
import { respondCached } from '../server/page-cache/decision.ts';
import { hubTags } from '../server/page-cache/tags.ts';
import { buildSitemap, buildSitemapIndex, countSitemapParts } from '../server/seo/sitemap.ts';
import { getSiteOrigin } from '../server/config/site-origin.ts';

export const GET: APIRoute = async (context) => {
  const db = await getDb();
  const now = new Date();
  const origin = getSiteOrigin();
  const rawPart = context.url.searchParams.get('part');
  const parts = await countSitemapParts(db, now);
  const part = rawPart === null ? undefined : Number(rawPart);
  if (part !== undefined && (!Number.isInteger(part) || part < 0 || part > parts || parts === 0)) return context.rewrite('/404');
  const xml = 'application/xml; charset=utf-8';
  const policy = { db, now, tags: [hubTags.sitemap], fingerprint: [origin, parts, part] };
  // Without a cheap data fingerprint, the ETag covers the build and parameters; the route cache
  // (purged on every write) is what keeps this fresh.
  if (part === undefined && parts > 0) return respondCached(context, policy, xml, () => buildSitemapIndex(origin, parts));
  const body = await buildSitemap(db, origin, now, part);
  return respondCached(context, { ...policy, fingerprint: body }, xml, () => body);
};
