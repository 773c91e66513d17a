/**
 * The head of the three editorial hub pages (docs/decisions/038): the page's text in the request's
 * locale (or the default locale's), a 404 page when it has none, and the caching decision —
 * tagged per page and locale, so saving the French About purges `/fr/hub/about` alone.
 */
import type { AstroGlobal } from 'astro';
import type { SitePageSlug } from '../../../db/schema.ts';
import { paths } from '../../lib/paths.ts';
import { getDb } from '../db.ts';
import { applyHeaders, decideHubCaching } from '../page-cache/decision.ts';
import { getPublicSitePage, publicSitePageTags, type PublicSitePage } from './pages.ts';

/** The page to render, or the response to send instead (404 page, 304). */
export async function loadPublicSitePage(astro: AstroGlobal, slug: SitePageSlug): Promise<PublicSitePage | Response> {
  const { locale } = astro.locals;
  const db = await getDb();
  const page = await getPublicSitePage(db, slug, locale);
  if (!page) return astro.rewrite(paths.notFound(locale));
  const caching = await decideHubCaching(astro, { db, now: new Date(), tags: publicSitePageTags(page, locale), fingerprint: page });
  applyHeaders(astro.response.headers, caching.headers);
  if (caching.notModified) return new Response(null, { status: 304, headers: caching.headers });
  return page;
}
