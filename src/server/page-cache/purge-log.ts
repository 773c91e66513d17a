/**
 * The `cache_purges` log: how a write's cache purge reaches every app node (docs/decisions/010).
 * A row is written with the content change, every node's poller reads the rows after the last id
 * it applied, and rows older than the retention are pruned. Ids are commit order: SQLite (and a
 * libSQL server) runs one write transaction at a time, and AUTOINCREMENT does not leave a gap for
 * a rolled-back insert, so a missing id means the row was pruned before this node read it.
 */
import { EventEmitter } from 'node:events';
import { gt, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { cachePurges } from '../../../db/schema.ts';

/** Rows read per poll; a node that is further behind reads again at once. */
export const PURGE_BATCH = 500;
/** How long rows are kept: far longer than any poll can stall, far shorter than the table can grow. */
export const PURGE_RETENTION_MS = 60 * 60 * 1000;

export interface PurgeRow {
  id: number;
  /** The tags to purge; null when the row cannot be read (then the reader purges everything). */
  tags: string[] | null;
}

const tagList = z.array(z.string());

// One emitter per process, wherever this module is loaded from (the pages' bundle and the start
// script each have a copy), as for mail and webhooks.
const EVENTS = Symbol.for('edition-hub.purge-log-events');
type WithPurgeLogEvents = typeof globalThis & { [EVENTS]?: EventEmitter };

/** Emits `inserted` after a purge row was written, so this process's shared cache purger wakes early. */
export const purgeLogEvents: EventEmitter = ((globalThis as WithPurgeLogEvents)[EVENTS] ??= new EventEmitter());

/** Appends a purge of `tags`; returns its id. Call it inside the write transaction it follows. */
export async function insertPurge(db: Executor, tags: readonly string[]): Promise<number> {
  const [row] = await db
    .insert(cachePurges)
    .values({ tags: [...tags] })
    .returning({ id: cachePurges.id });
  // Readable once the caller's transaction commits; a reader's write transaction queues behind it.
  setImmediate(() => purgeLogEvents.emit('inserted'));
  return row!.id;
}

/** The purges after `lastId`, oldest first. */
export async function readPurgesAfter(db: Executor, lastId: number, limit = PURGE_BATCH): Promise<PurgeRow[]> {
  // The raw text, not drizzle's JSON mode: one unreadable row must not make every poll throw.
  const rows = await db
    .select({ id: cachePurges.id, tags: sql<string>`${cachePurges.tags}` })
    .from(cachePurges)
    .where(gt(cachePurges.id, lastId))
    .orderBy(cachePurges.id)
    .limit(limit);
  return rows.map((row) => ({ id: row.id, tags: parseTags(row.tags) }));
}

function parseTags(text: string): string[] | null {
  try {
    const parsed = tagList.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The newest purge id (0 when there is none): where a starting node begins. */
export async function getLatestPurgeId(db: Executor): Promise<number> {
  const row = await db.get<{ id: number | null }>(sql`SELECT max(${cachePurges.id}) AS id FROM ${cachePurges}`);
  return row?.id ?? 0;
}

/**
 * The newest purge id written at least `ageMs` ago by the database's clock (the one that stamped
 * the rows; 0 when there is none).
 */
export async function getLatestPurgeIdOlderThan(db: Executor, ageMs: number): Promise<number> {
  const [row] = await db
    .select({ id: max(cachePurges.id) })
    .from(cachePurges)
    .where(sql`${cachePurges.createdAt} <= cast(unixepoch('subsec') * 1000 as integer) - ${ageMs}`);
  return row?.id ?? 0;
}

/**
 * Deletes rows older than `retentionMs` (by the database's clock, the one that stamped them),
 * always keeping the newest row so that a starting node's `max(id)` is the last id handed out.
 * Returns how many rows went.
 */
export async function prunePurges(db: Database, retentionMs = PURGE_RETENTION_MS): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const result = await tx.run(sql`
      DELETE FROM ${cachePurges}
      WHERE ${cachePurges.createdAt} < cast(unixepoch('subsec') * 1000 as integer) - ${retentionMs}
        AND ${cachePurges.id} < (SELECT max(id) FROM ${cachePurges})`);
    return result.rowsAffected;
  });
}
