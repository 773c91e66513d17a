/**
 * The request side of `/api/admin/notes/…` (docs/decisions/061): the route's item or note, a
 * per-person limit on writes, and the resource of a stored note's collection.
 */
import type { APIContext } from 'astro';
import { isCollectionName } from '../../lib/collections/index.ts';
import type { AdminRequest } from '../admin/http.ts';
import { routeId, routeResource } from '../admin/http.ts';
import { adminResources } from '../collections/registry.ts';
import type { AdminResource } from '../engine/resource.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { createSharedLimiter } from '../rate-limit/shared.ts';

/** Note writes one person may make per minute: a conversation stays far below, a runaway script does not. */
const noteWriteLimiter = createSharedLimiter('note-writes', { limit: 30, windowMs: 60_000 });

/** Counts one note write for the actor; 429 with `Retry-After` past the limit. */
export async function countNoteWrite(admin: AdminRequest): Promise<void> {
  const verdict = await noteWriteLimiter.count(admin.actor.id);
  if (!verdict.allowed) {
    throw new AdminError(429, 'NOTES_RATE_LIMITED', 'Too many notes written in a short time; try again in a minute', {
      extensions: { retryAfterSeconds: verdict.retryAfterSeconds },
    });
  }
}

/** The route's collection and item id (404 for a malformed id). */
export function routeItem(context: APIContext): { resource: AdminResource; id: number } {
  const resource = routeResource(context);
  return { resource, id: routeId(context, resource.spec.entity) };
}

/** The `[noteId]` route parameter; anything but a positive integer is an unknown note. */
export function routeNoteId(context: Pick<APIContext, 'params'>): number {
  const raw = context.params['noteId'] ?? '';
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new AdminError(404, 'NOTE_NOT_FOUND', 'No such note');
  return id;
}

/** The resource of a stored note's collection (undefined for a name no collection has any more). */
export const resourceOfCollection = (collection: string): AdminResource | undefined => (isCollectionName(collection) ? adminResources[collection] : undefined);
