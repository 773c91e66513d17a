/**
 * The request side of `/api/admin/views/…` (docs/decisions/063): authorize with the route's
 * declared permission, the route's collection (404 for an unknown one), a per-person limit on
 * writes, and problems titled in the caller's language.
 */
import type { APIContext } from 'astro';
import { isCollectionName, type CollectionName } from '../../lib/collections/index.ts';
import type { AdminRequest } from '../admin/http.ts';
import { routeId } from '../admin/http.ts';
import { localizedAdminRoute } from '../admin/localized-route.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { createSharedLimiter } from '../rate-limit/shared.ts';

/** Writes one person may make per minute: saving, renaming and deleting by hand stay far below. */
const viewWriteLimiter = createSharedLimiter('saved-view-writes', { limit: 60, windowMs: 60_000 });

export interface ViewsRequest extends AdminRequest {
  collection: CollectionName;
  /** The signed-in person: views belong to them. */
  userId: string;
}

/** Counts one write for the actor; 429 with `Retry-After` past the limit. */
async function countWrite(admin: AdminRequest): Promise<void> {
  const verdict = await viewWriteLimiter.count(admin.actor.id);
  if (!verdict.allowed) {
    throw new AdminError(429, 'VIEWS_RATE_LIMITED', 'Too many changes to saved views; try again in a minute', {
      extensions: { retryAfterSeconds: verdict.retryAfterSeconds },
    });
  }
}

/** Runs a saved-views route for the signed-in person and the route's collection. */
export function viewsRoute(context: APIContext, steps: (request: ViewsRequest) => Promise<Response>): Promise<Response> {
  return localizedAdminRoute(context, async (admin) => {
    const { collection } = context.params;
    if (!isCollectionName(collection)) throw new AdminError(404, 'NOT_FOUND', 'Not found');
    if (context.request.method !== 'GET') await countWrite(admin);
    return steps({ ...admin, collection, userId: admin.actor.id });
  });
}

/** The route's `[id]`: a view id (404 for a malformed one). */
export function routeViewId(context: APIContext): number {
  return routeId(context, 'saved view');
}
