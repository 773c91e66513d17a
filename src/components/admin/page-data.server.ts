/**
 * Data the admin pages load on the server before rendering their island: the collection named
 * by the route, the item as the API would describe it (so the form renders filled, with no
 * loading flash), or null for an id that does not exist (the page answers 404). Server-side
 * only: pages import it, islands never.
 */
import { isCollectionName, type CollectionName } from '../../lib/collections/index.ts';
import { AdminError } from '../../server/errors/domain-errors.ts';
import { adminResources } from '../../server/collections/registry.ts';
import { getItem } from '../../server/engine/service.ts';
import { getDb } from '../../server/db.ts';
import { actorFromUser } from '../../server/auth/actor.ts';
import type { AuthUser } from '../../server/auth/types.ts';
import { actorMayChange } from '../../server/engine/edition-scope.ts';
import { latestReview, type ReviewView } from '../../server/review/service.ts';

/**
 * The `[collection]` route parameter. The middleware has already answered 404 for any other
 * value, so a miss here is a wiring bug, not a visitor's typo.
 */
export function collectionParam(params: Record<string, string | undefined>): CollectionName {
  const { collection } = params;
  if (!isCollectionName(collection)) throw new Error(`Route parameter collection=${String(collection)} passed the middleware`);
  return collection;
}

/** The item with id `rawId` (a route segment), as plain JSON; null when there is none. */
export async function loadAdminItem(collection: CollectionName, rawId: string | undefined): Promise<Record<string, unknown> | null> {
  if (!rawId || !/^[1-9]\d{0,15}$/.test(rawId) || !Number.isSafeInteger(Number(rawId))) return null;
  try {
    const item = await getItem(await getDb(), adminResources[collection], Number(rawId));
    // The same JSON the API sends (dates as ISO strings), so the form sees one shape either way.
    const json: unknown = JSON.parse(JSON.stringify(item));
    return isRecord(json) ? json : null;
  } catch (error) {
    if (error instanceof AdminError && error.status === 404) return null;
    throw error;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Initial values a create page takes from its URL: an event's edition (`?edition=3`). */
export function readCreateDefaults(collection: CollectionName, url: URL): Record<string, unknown> {
  const raw = url.searchParams.get('edition');
  return collection === 'events' && raw && /^[1-9]\d{0,9}$/.test(raw) ? { editionId: Number(raw) } : {};
}

/**
 * True when `user` may change `item` (docs/decisions/059): someone limited to editions gets a
 * read-only answer instead of a form they could not save.
 */
export function mayEditAdminItem(user: AuthUser, collection: CollectionName, item: Record<string, unknown>): boolean {
  const state = { id: typeof item['id'] === 'number' ? item['id'] : 0, values: item, translations: {}, links: {} };
  return actorMayChange(actorFromUser(user), adminResources[collection].spec, state);
}

/** The item's newest review request as plain JSON (docs/decisions/064), or null. */
export async function loadItemReview(collection: CollectionName, id: number): Promise<ReviewView | null> {
  return latestReview(await getDb(), collection, id);
}
