/**
 * Listing and purging trash entries (docs/decisions/053); the engine writes them when it deletes
 * (engine/trash-log.ts). Purging one deletes the item's revisions and notes with it and releases its
 * upload once nothing else (a row or another entry) keeps the stored bytes.
 */
import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { revisions, trash } from '../../../db/schema.ts';
import type { CollectionName } from '../../lib/collections/index.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import type { EntitySpec } from '../engine/entity-spec.ts';
import { deleteNotesOf } from '../notes/store.ts';
import { releaseBlobs } from '../storage/blobs.ts';
import type { Storage } from '../storage/types.ts';
import { purgeCutoff } from './snapshot.ts';

export type TrashRow = typeof trash.$inferSelect;

export interface TrashQuery {
  collection?: CollectionName | undefined;
  page: number;
  limit: number;
}

/** The trash, most recently deleted first, a page at a time. */
export async function listTrash(db: Executor, query: TrashQuery): Promise<{ items: TrashRow[]; total: number }> {
  const where = query.collection ? eq(trash.collection, query.collection) : undefined;
  const [counted] = await db.select({ n: count() }).from(trash).where(where);
  const items = await db
    .select()
    .from(trash)
    .where(where)
    .orderBy(desc(trash.deletedAt), desc(trash.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { items, total: counted?.n ?? 0 };
}

/** One entry by the item it keeps, or undefined. */
export async function findTrashEntry(db: Executor, collection: string, entityId: number): Promise<TrashRow | undefined> {
  const [row] = await db
    .select()
    .from(trash)
    .where(and(eq(trash.collection, collection), eq(trash.entityId, entityId)));
  return row;
}

/** Titles of trashed items by collection and id, to name the links a restore had to drop. */
export async function trashedTitles(db: Executor, collection: string, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: trash.entityId, title: trash.title })
    .from(trash)
    .where(and(eq(trash.collection, collection), inArray(trash.entityId, [...ids])));
  return new Map(rows.map((row) => [row.id, row.title ?? '']));
}

/**
 * Deletes the entries `where` selects with the items' revisions, audited as `purge` when someone
 * asked for it (the daily round by age is not a person), then releases their uploads. Returns
 * how many entries went.
 */
export async function purgeTrash(db: Database, storage: Storage, where: SQL | undefined, actor?: AuditActor): Promise<number> {
  const purged = await writeTransaction(db, async (tx) => {
    const rows = await tx
      .delete(trash)
      .where(where)
      .returning({ collection: trash.collection, entity: trash.entity, entityId: trash.entityId, title: trash.title, storageKey: trash.storageKey });
    for (const row of rows) {
      await tx.delete(revisions).where(and(eq(revisions.entity, row.entity), eq(revisions.entityId, row.entityId)));
      // The item's notes waited with it in the trash (docs/decisions/061).
      await deleteNotesOf(tx, row.collection, [row.entityId]);
    }
    if (actor) {
      await recordAudit(
        tx,
        actor,
        rows.map((row) => ({ action: 'purge', entity: row.entity as EntitySpec['entity'], entityId: row.entityId, changedFields: [], title: row.title })),
      );
    }
    return rows;
  });
  // After the commit: a failed transaction must not have removed the bytes.
  await releaseBlobs(
    db,
    storage,
    purged.map((row) => row.storageKey),
  );
  return purged.length;
}

/** The entries of one item (`collection`/`id`), or of a collection, or all. */
export function trashSelection(collection?: string, entityId?: number): SQL | undefined {
  if (collection && entityId !== undefined) return and(eq(trash.collection, collection), eq(trash.entityId, entityId));
  return collection ? eq(trash.collection, collection) : sql`1 = 1`;
}

/** The daily round: purges entries deleted more than `days` days before `now`. */
export function purgeExpiredTrash(db: Database, storage: Storage, { now = new Date(), days }: { now?: Date; days: number }): Promise<number> {
  return purgeTrash(db, storage, lt(trash.deletedAt, purgeCutoff(now, days)));
}
