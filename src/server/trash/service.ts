/**
 * The trash's use cases for its API and screen (docs/decisions/053): a page of entries as the
 * API shows them, and purging one item or the whole trash. Restoring is restore.ts.
 */
import { z } from 'zod';
import type { Database, Executor } from '../../../db/client.ts';
import { collectionNames, type CollectionName } from '../../lib/collections/index.ts';
import type { Actor } from '../auth/actor.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { parseInput } from '../engine/validation.ts';
import type { Storage } from '../storage/types.ts';
import { daysLeft, expiresAt, wasEverPublished } from './snapshot.ts';
import { findTrashEntry, listTrash, purgeTrash, trashSelection, type TrashRow } from './store.ts';

export const TRASH_PAGE_DEFAULT = 25;

const trashQuery = z.object({
  collection: z.enum(collectionNames).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(TRASH_PAGE_DEFAULT),
});

export type TrashListQuery = z.output<typeof trashQuery>;

/** `?collection=&page=&limit=`; anything else is a 400 (`INVALID_QUERY`). */
export function parseTrashQuery(search: URLSearchParams): TrashListQuery {
  return parseInput(trashQuery, Object.fromEntries(search), 'INVALID_QUERY');
}

/** One entry as the API and the screen show it. */
export function trashItemView(row: TrashRow, days: number, now: Date) {
  return {
    collection: row.collection as CollectionName,
    entity: row.entity,
    id: row.entityId,
    title: row.title ?? '',
    /** Whether it was ever public: restoring or purging it needs `content.deletePublished`. */
    published: wasEverPublished(row.snapshot.values),
    deletedBy: { id: row.deletedBy, label: row.deletedByLabel },
    deletedAt: row.deletedAt,
    expiresAt: expiresAt(row.deletedAt, days),
    daysLeft: daysLeft(row.deletedAt, days, now),
  };
}

export type TrashItemView = ReturnType<typeof trashItemView>;

/** GET /api/admin/trash: a page of entries, most recently deleted first. */
export async function getTrashPage(db: Executor, query: TrashListQuery, days: number, now = new Date()) {
  const { items, total } = await listTrash(db, query);
  return {
    items: items.map((row) => trashItemView(row, days, now)),
    total,
    page: query.page,
    limit: query.limit,
    pages: Math.max(1, Math.ceil(total / query.limit)),
    days,
  };
}

/** Deletes one item for good; 404 when it is not in the trash. */
export async function purgeTrashItem(db: Database, storage: Storage, actor: Actor, collection: CollectionName, id: number): Promise<void> {
  if (!(await findTrashEntry(db, collection, id))) throw new AdminError(404, 'NOT_IN_TRASH', `No ${collection} ${id} in the trash`);
  await purgeTrash(db, storage, trashSelection(collection, id), actor);
}

/** "Empty trash": every entry, or those of one collection; returns how many went. */
export function emptyTrash(db: Database, storage: Storage, actor: Actor, collection?: CollectionName): Promise<number> {
  return purgeTrash(db, storage, trashSelection(collection), actor);
}
