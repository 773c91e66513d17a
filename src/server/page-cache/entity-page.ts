/**
 * The shared head of the hub's entity pages (event, edition): look the entity up by its slug in
 * the page's locale, answer 404 for anything not public, then decide caching (tags from what the
 * page shows) and answer 304 when the client's copy is current.
 */
import type { APIContext, AstroGlobal } from 'astro';
import type { Executor } from '../../../db/client.ts';
import { isLocale, type Locale } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { getDb } from '../db.ts';
import { applyHeaders, decideHubCaching } from './decision.ts';

const SLUG = /^[a-z0-9-]{1,80}$/;

export interface EntityPageSpec<T> {
  load: (db: Executor, lookup: { slug: string; locale: Locale; now: Date }) => Promise<T | undefined>;
  /** The cache tags of everything the page shows. */
  tags: (entity: T) => string[];
  /** When the page changes by itself (see HubCachePolicy.expiresAt). */
  expiresAt?: (entity: T) => Date | null;
}

/** The public entity the page shows, or the response to send instead (404 page, 304). */
export async function loadEntityPage<T>(astro: AstroGlobal, { load, tags, expiresAt }: EntityPageSpec<T>): Promise<{ entity: T } | Response> {
  const { locale } = astro.params;
  if (!isLocale(locale)) return astro.rewrite('/404');
  const slug = astro.params['slug'] ?? '';
  const db = await getDb();
  const now = new Date();
  const entity = SLUG.test(slug) ? await load(db, { slug, locale, now }) : undefined;
  if (entity === undefined) return astro.rewrite(paths.notFound(locale));
  const caching = await decideHubCaching(astro, { db, now, tags: tags(entity), fingerprint: entity, expiresAt: expiresAt?.(entity) });
  applyHeaders(astro.response.headers, caching.headers);
  if (caching.notModified) return new Response(null, { status: 304, headers: caching.headers });
  return { entity };
}

/**
 * The public entity a `[slug]` download route names (an edition's or an event's calendar), read
 * now in the request's locale, with the database and that time; the 404 response instead for a
 * malformed slug or nothing public.
 */
export async function findEntityBySlug<T>(context: APIContext, load: EntityPageSpec<T>['load']): Promise<{ db: Executor; now: Date; entity: T } | Response> {
  const { locale } = context.locals;
  const { slug = '' } = context.params;
  const db = await getDb();
  const now = new Date();
  const entity = SLUG.test(slug) ? await load(db, { slug, locale, now }) : undefined;
  if (!entity) return context.rewrite(paths.notFound(locale));
  return { db, now, entity };
}
