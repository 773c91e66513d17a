/**
 * Responses of the public API: JSON through the page cache like hub pages (tags, `s-maxage`,
 * strong ETag and 304, lifetimes capped at the next scheduled publication), problem+json errors
 * from the one helper, and CORS for reads from any origin, never with credentials.
 */
import type { APIContext } from 'astro';
import type { Executor } from '../../../db/client.ts';
import type { Locale } from '../../i18n/config.ts';
import { getTranslator, type UiKey } from '../../i18n/index.ts';
import { publicReadCors } from '../http/cors.ts';
import { problem } from '../http/problem.ts';
import { etagFor } from '../page-cache/bodies.ts';
import { decideHubCaching } from '../page-cache/decision.ts';
import { hubTags } from '../page-cache/tags.ts';
import type { ParamErrors } from './params.ts';

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

export interface JsonCaching {
  db: Executor;
  now: Date;
  /** Cache tags of everything the body shows (`all` and `hub` are added). */
  tags: readonly string[];
  /** When the body changes by itself (an event leaves "upcoming"). */
  expiresAt?: Date | null;
}

/** A cacheable JSON answer, or 304 when the client's copy (If-None-Match) is current. */
export async function respondJson(context: APIContext, body: unknown, caching: JsonCaching): Promise<Response> {
  const json = JSON.stringify(body);
  // The same validator the page cache computes from the bytes it keeps (bodies.ts).
  const etag = etagFor(Buffer.from(json));
  // `hub` is purged by every write of an event, edition, tag, media or venue (invalidate.ts).
  const tags = [...new Set([hubTags.hub, ...caching.tags])];
  const { headers, notModified } = await decideHubCaching(context, { ...caching, tags, fingerprint: null, etag });
  for (const [name, value] of Object.entries(publicReadCors)) headers.set(name, value);
  if (notModified) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set('X-Content-Type-Options', 'nosniff');
  return new Response(json, { status: 200, headers });
}

const titles = {
  INVALID_PARAMETER: 'api.public.invalidParameter',
  NOT_FOUND: 'api.public.notFound',
  METHOD_NOT_ALLOWED: 'api.public.methodNotAllowed',
} as const satisfies Record<string, UiKey>;

/** A problem+json answer in `locale`, readable by any site. */
export function apiProblem(locale: Locale, status: 400 | 404 | 405, code: keyof typeof titles, errors?: ParamErrors): Response {
  return problem(status, code, getTranslator(locale)(titles[code]), {
    ...(errors ? { errors } : {}),
    headers: { ...publicReadCors, ...(status === 405 ? { Allow: ALLOWED_METHODS } : {}) },
  });
}

/** The answer to a CORS preflight: GET and HEAD from any origin, with the headers a reader sends. */
export function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...publicReadCors,
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers': 'Accept, If-None-Match, Cache-Control',
      'Access-Control-Max-Age': '86400',
      Allow: ALLOWED_METHODS,
      'Cache-Control': 'public, max-age=86400',
    },
  });
}
