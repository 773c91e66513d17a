/**
 * Data the admin edit pages load on the server before rendering their island: the item as the
 * API would describe it (so the form renders filled, with no loading flash), or null for an id
 * that does not exist (the page answers 404). Server-side only: pages import it, islands never.
 */
import { curatorsAdmin } from '../../server/curators/admin-resource.ts';
import { editionsAdmin } from '../../server/editions/admin-resource.ts';
import { eventsAdmin } from '../../server/events/admin-resource.ts';
import { filesAdmin } from '../../server/files/admin-resource.ts';
import { mediasAdmin } from '../../server/medias/admin-resource.ts';
import { organizersAdmin } from '../../server/organizers/admin-resource.ts';
import { tagsAdmin } from '../../server/tags/admin-resource.ts';
import { AdminError } from '../../server/admin/errors.ts';
import { getItem } from '../../server/admin/service.ts';
import { getDb } from '../../server/db.ts';
import type { CollectionName } from './collections.ts';

const resources = {
  curators: curatorsAdmin,
  editions: editionsAdmin,
  events: eventsAdmin,
  files: filesAdmin,
  medias: mediasAdmin,
  organizers: organizersAdmin,
  tags: tagsAdmin,
} as const;

/** The item with id `rawId` (a route segment), as plain JSON; null when there is none. */
export async function loadAdminItem(collection: CollectionName, rawId: string | undefined): Promise<Record<string, unknown> | null> {
  if (!rawId || !/^[1-9]\d{0,15}$/.test(rawId) || !Number.isSafeInteger(Number(rawId))) return null;
  try {
    const item = await getItem(await getDb(), resources[collection], Number(rawId));
    // The same JSON the API sends (dates as ISO strings), so the form sees one shape either way.
    return JSON.parse(JSON.stringify(item)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof AdminError && error.status === 404) return null;
    throw error;
  }
}

/** Positive integer query values a create page may pre-fill (`?edition=3`). */
export function readIdParam(url: URL, name: string): number | undefined {
  const raw = url.searchParams.get(name);
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
}
