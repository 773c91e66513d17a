/**
 * What the public API's routes do (their files stay thin): read the query, load, shape the body
 * with the resource's schema, and answer through the page cache. The answer never depends on who
 * asks: nothing here reads the session, cookies or the Host header.
 */
import type { APIContext } from 'astro';
import { defaultLocale, isLocale } from '../../i18n/config.ts';
import { getDb } from '../db.ts';
import { API_BASE, siteUrl } from './links.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { readItemQuery, readListQuery } from './params.ts';
import { encodeCursor } from './cursor.ts';
import { apiProblem, respondJson } from './respond.ts';
import { findApiResource, resolveSlug } from './resources.ts';

/** GET /api/public/v1/{resource}: one page of the list. */
export async function answerList(context: APIContext): Promise<Response> {
  const params = context.url.searchParams;
  const resource = findApiResource(context.params['resource']);
  if (!resource) return apiProblem(localeHint(params), 404, 'NOT_FOUND');
  const read = readListQuery(params, resource.name, resource.filters, resource.keyLength);
  if (!read.ok) return apiProblem(read.locale, 400, 'INVALID_PARAMETER', read.errors);
  const { query } = read;
  const db = await getDb();
  const now = new Date();
  const result = await resource.list(db, query, now);
  const nextCursor = result.nextKey ? encodeCursor(query.scope, result.nextKey) : null;
  const next = new URLSearchParams(params);
  if (nextCursor) next.set('cursor', nextCursor);
  const path = `${API_BASE}/${resource.name}`;
  const body = resource.page.parse({
    data: result.items,
    nextCursor,
    links: { self: siteUrl(`${path}${context.url.search}`), next: nextCursor ? siteUrl(`${path}?${next}`) : null },
  });
  return respondJson(context, body, { db, now, tags: result.tags, expiresAt: result.expiresAt ?? null });
}

/** GET /api/public/v1/{resource}/{idOrSlug}: one public item, else 404. */
export async function answerItem(context: APIContext): Promise<Response> {
  const params = context.url.searchParams;
  const resource = findApiResource(context.params['resource']);
  if (!resource) return apiProblem(localeHint(params), 404, 'NOT_FOUND');
  const read = readItemQuery(params);
  if (!read.ok) return apiProblem(read.locale, 400, 'INVALID_PARAMETER', read.errors);
  const { locale } = read.query;
  const db = await getDb();
  const now = new Date();
  const slug = await resolveSlug(db, resource, context.params['id'] ?? '');
  const found = slug ? await resource.one(db, slug, locale, now) : undefined;
  if (!found) return apiProblem(locale, 404, 'NOT_FOUND');
  return respondJson(context, resource.detail.parse(found.item), { db, now, tags: found.tags });
}

/** GET /api/public/v1/openapi.json: the document, generated from the response schemas. */
export async function answerOpenApi(context: APIContext): Promise<Response> {
  const params = context.url.searchParams;
  // It takes no parameters: junk query strings get no cache entry of their own.
  if (params.size) return apiProblem(localeHint(params), 400, 'INVALID_PARAMETER', Object.fromEntries([...params.keys()].map((name) => [name, ['UNKNOWN']])));
  // The document changes only with a deploy; no content tag purges it (`all` still does).
  return respondJson(context, buildOpenApiDocument(), { db: await getDb(), now: new Date(), tags: [] });
}

/** Any method but GET, HEAD and OPTIONS. */
export function answerOtherMethod(context: APIContext): Response {
  return apiProblem(localeHint(context.url.searchParams), 405, 'METHOD_NOT_ALLOWED');
}

/** The locale of an error's title: the one asked for when it is ours. */
function localeHint(params: URLSearchParams) {
  const locale = params.get('locale');
  return isLocale(locale) ? locale : defaultLocale;
}
