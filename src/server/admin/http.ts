/**
 * The request side of every admin route: authorize, turn typed failures into problem+json, find
 * the route's collection and item, purge the hub cache after a committed write.
 */
import type { APIContext } from 'astro';
import type { Database } from '../../../db/client.ts';
import { isCollectionName } from '../../lib/collections/index.ts';
import { normalisePath } from '../auth/request-path.ts';
import { declaredAccess, refuseAccess } from '../auth/permissions.ts';
import { getDb } from '../db.ts';
import { invalidateHubFor } from '../page-cache/invalidate.ts';
import { pageCacheOf } from '../page-cache/request.ts';
import { problem } from '../http/problem.ts';
import { actorFromUser, type Actor } from '../auth/actor.ts';
import { AdminError, notFound } from '../errors/domain-errors.ts';
import type { AdminResource } from '../engine/resource.ts';
import { adminResources } from '../collections/registry.ts';
import type { WriteOutcome } from '../engine/service.ts';
import { logLine } from '../log/log-line.ts';

export interface AdminRequest {
  db: Database;
  actor: Actor;
}

/** JSON that no cache keeps: admin data is per user and changes all the time. */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const result = new Headers(headers);
  result.set('Content-Type', 'application/json; charset=utf-8');
  result.set('Cache-Control', 'private, no-store');
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: result });
}

/** The problem+json response of a typed failure. */
export function problemOf(error: AdminError): Response {
  return problem(error.status, error.code, error.message, {
    ...(error.details.errors ? { errors: error.details.errors } : {}),
    ...(error.details.extensions ? { extensions: error.details.extensions } : {}),
  });
}

/**
 * Runs an admin route's steps; a typed failure (`AdminError`) becomes its problem+json, anything
 * else is a bug and goes on to the 500 handler.
 */
export async function answer(steps: () => Promise<Response>): Promise<Response> {
  try {
    return await steps();
  } catch (error) {
    if (error instanceof AdminError) return problemOf(error);
    throw error;
  }
}

/**
 * The database and the acting user, when they hold the permission this route and method declare
 * in `routeRules` (the middleware checked too; routes authorize on their own so a gap there
 * cannot open them); 401/403 otherwise.
 */
export async function authorize(context: Pick<APIContext, 'locals' | 'url' | 'request'>): Promise<AdminRequest> {
  const { user } = context.locals;
  const refusal = refuseAccess(user, declaredAccess(normalisePath(context.url.pathname), context.request.method));
  if (refusal) {
    throw new AdminError(refusal.status, refusal.code, refusal.title, refusal.permission ? { extensions: { permission: refusal.permission } } : {});
  }
  // refuseAccess refuses anonymous requests: someone is signed in here.
  return { db: await getDb(), actor: actorFromUser(user!) };
}

/** The resource of the route's `[collection]` segment (the middleware 404s unknown ones). */
export function routeResource(context: Pick<APIContext, 'params'>): AdminResource {
  const { collection } = context.params;
  if (!isCollectionName(collection)) throw new AdminError(404, 'NOT_FOUND', 'Not found');
  return adminResources[collection];
}

/** The `[id]` route parameter as a positive integer; anything else is an unknown item (404). */
export function routeId(context: APIContext, entity: string): number {
  const raw = context.params['id'] ?? '';
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(entity, raw.slice(0, 40));
  return id;
}

/** What a `[collection]` route works with once the caller is authorized. */
export interface CollectionRequest extends AdminRequest {
  resource: AdminResource;
}

/** What a `[collection]/[id]` route works with once the caller is authorized. */
export interface ItemRequest extends CollectionRequest {
  id: number;
}

/** `authorize`, then the route's collection: the first step of every `[collection]` route. */
export async function authorizeCollection(context: Pick<APIContext, 'locals' | 'url' | 'request' | 'params'>): Promise<CollectionRequest> {
  const { db, actor } = await authorize(context);
  return { db, actor, resource: routeResource(context) };
}

/** `authorize`, then the route's collection and item id (404 for a malformed one): the first step of every item route. */
export async function authorizeItem(context: APIContext): Promise<ItemRequest> {
  const request = await authorizeCollection(context);
  return { ...request, id: routeId(context, request.resource.spec.entity) };
}

/**
 * Purges the hub pages a committed write affected. A purge failure is logged, not returned: the
 * write did happen, and answering 500 would make the editor retry it.
 */
export function invalidateAfterWrite(context: Pick<APIContext, 'locals' | 'url'>, { purge }: Pick<WriteOutcome, 'purge'>): void {
  if (purge.tags.length === 0) return;
  try {
    // The purge row for the other nodes was committed with the write (`purge.id`).
    invalidateHubFor(pageCacheOf(context.locals), purge);
  } catch (error) {
    logLine('warn', 'hub cache invalidation failed', { path: context.url.pathname, error: String(error) });
  }
}
