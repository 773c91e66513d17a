/**
 * Saved views of the admin lists (docs/decisions/063): one person's named list queries per
 * collection. Every function takes the owner's id: a view of someone else is "not found", so
 * nobody learns what colleagues saved. A stored query is checked with the list's own schema when
 * saved and again whenever it is read (`normaliseViewQuery`), so a view outlives a removed filter.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { savedViews } from '../../../db/schema.ts';
import { collections, type CollectionName } from '../../lib/collections/index.ts';
import {
  MAX_VIEWS_PER_COLLECTION,
  checkViewQuery,
  normaliseViewQuery,
  type SavedView,
  type SavedViewInput,
  type SavedViewPatch,
} from '../../lib/admin-schemas/saved-views.ts';
import { AdminError } from '../errors/domain-errors.ts';

type Row = typeof savedViews.$inferSelect;

/** The view as answered: its query fit for today's list, and what had to be left out. */
function viewOf(row: Row): SavedView {
  const collection = row.collection as CollectionName;
  const { query, dropped } = normaliseViewQuery(collections[collection].listQuery, row.query);
  return { id: row.id, collection: row.collection, name: row.name, isDefault: row.isDefault, query, dropped, updatedAt: row.updatedAt.toISOString() };
}

/** The query to store, or a 400 naming each parameter the list refuses. */
function storedQuery(collection: CollectionName, raw: unknown): Record<string, string> {
  const checked = checkViewQuery(collections[collection].listQuery, raw);
  if (!checked.ok) throw new AdminError(400, 'VALIDATION_FAILED', 'The view’s filters are not valid for this list', { errors: checked.errors });
  return checked.query;
}

const owned = (userId: string, collection: CollectionName) => and(eq(savedViews.userId, userId), eq(savedViews.collection, collection));

const nameTaken = () =>
  new AdminError(409, 'VIEW_NAME_TAKEN', 'You already have a view with this name for this list', { errors: { name: ['VIEW_NAME_TAKEN'] } });

/** A write whose unique indexes another request beat us to answers like the checks would have. */
async function withRaceAnswers<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AdminError) throw error;
    const text = error instanceof Error ? `${error.message} ${String(error.cause)}` : '';
    // SQLite names every column of the index: `saved_views.user_id, saved_views.collection, saved_views.name`.
    if (/UNIQUE constraint failed: [\w., ]*saved_views\.name/.test(text)) throw nameTaken();
    if (/UNIQUE constraint failed: saved_views\./.test(text)) throw new AdminError(409, 'VIEW_CHANGED', 'Your views changed meanwhile; try again');
    throw error;
  }
}

/** 409 when the owner already has a view of that name (letter case aside) in the collection. */
async function refuseTakenName(tx: Executor, userId: string, collection: CollectionName, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(owned(userId, collection), sql`lower(${savedViews.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(savedViews.id, exceptId)))
    .limit(1);
  if (taken) throw nameTaken();
}

/**
 * Unmarks the owner's default view of the collection (but `exceptId`), before another becomes it:
 * a unique index allows one default per person and collection.
 */
async function clearDefault(tx: Executor, userId: string, collection: CollectionName, exceptId?: number): Promise<void> {
  await tx
    .update(savedViews)
    .set({ isDefault: false })
    .where(and(owned(userId, collection), eq(savedViews.isDefault, true), exceptId === undefined ? undefined : ne(savedViews.id, exceptId)));
}

/** The owner's views of a collection, by name. */
export async function listViews(db: Executor, userId: string, collection: CollectionName): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(owned(userId, collection))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return rows.map(viewOf);
}

/** The owner's default view of a collection, if they chose one. */
export async function findDefaultView(db: Executor, userId: string, collection: CollectionName): Promise<SavedView | undefined> {
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(owned(userId, collection), eq(savedViews.isDefault, true)))
    .limit(1);
  return row && viewOf(row);
}

/** Saves a new view; 400 for a query the list refuses, 409 for a name already used or too many views. */
export async function createView(db: Database, userId: string, collection: CollectionName, input: SavedViewInput, now = new Date()): Promise<SavedView> {
  const query = storedQuery(collection, input.query);
  return withRaceAnswers(() =>
    writeTransaction(db, async (tx) => {
      await refuseTakenName(tx, userId, collection, input.name);
      const [held] = await tx.select({ n: count() }).from(savedViews).where(owned(userId, collection));
      if ((held?.n ?? 0) >= MAX_VIEWS_PER_COLLECTION) {
        throw new AdminError(409, 'TOO_MANY_VIEWS', `At most ${MAX_VIEWS_PER_COLLECTION} views per list`, { extensions: { max: MAX_VIEWS_PER_COLLECTION } });
      }
      if (input.isDefault) await clearDefault(tx, userId, collection);
      const [row] = await tx
        .insert(savedViews)
        .values({ userId, collection, name: input.name, query, isDefault: input.isDefault, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('saved view insert returned no row');
      return viewOf(row);
    }),
  );
}

function viewNotFound(id: number): AdminError {
  return new AdminError(404, 'NOT_FOUND', `No saved view with id ${id}`);
}

/** Renames a view, replaces its query, or makes it (or stops it being) the default; 404 unless the owner's. */
export async function updateView(
  db: Database,
  userId: string,
  collection: CollectionName,
  id: number,
  patch: SavedViewPatch,
  now = new Date(),
): Promise<SavedView> {
  const query = patch.query === undefined ? undefined : storedQuery(collection, patch.query);
  return withRaceAnswers(() =>
    writeTransaction(db, async (tx) => {
      if (patch.name !== undefined) await refuseTakenName(tx, userId, collection, patch.name, id);
      // Another view's mark goes first; for a view that is not the owner's, the 404 below rolls it back.
      if (patch.isDefault === true) await clearDefault(tx, userId, collection, id);
      const [row] = await tx
        .update(savedViews)
        .set({
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(query === undefined ? {} : { query }),
          ...(patch.isDefault === undefined ? {} : { isDefault: patch.isDefault }),
          updatedAt: now,
        })
        .where(and(owned(userId, collection), eq(savedViews.id, id)))
        .returning();
      if (!row) throw viewNotFound(id);
      return viewOf(row);
    }),
  );
}

/** Deletes a view; 404 unless the owner's. */
export async function deleteView(db: Database, userId: string, collection: CollectionName, id: number): Promise<void> {
  const deleted = await db
    .delete(savedViews)
    .where(and(owned(userId, collection), eq(savedViews.id, id)))
    .returning({ id: savedViews.id });
  if (deleted.length === 0) throw viewNotFound(id);
}
