/**
 * The pure side of the trash (docs/decisions/053): turning a kept snapshot back into a row the
 * table accepts, and how long an entry has left. No database here, so it is tested on its own.
 */
import { getTableColumns } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { RevisionSnapshot } from '../../../db/schema.ts';

const DAY = 24 * 60 * 60_000;

/**
 * The row to insert for a snapshot's values: every column of `table` the snapshot has, with the
 * timestamps its JSON round trip turned into ISO strings made dates again. Keys the table no
 * longer has (a column dropped since) are left out rather than failing the insert.
 */
export function rowFromSnapshot(table: SQLiteTable, values: RevisionSnapshot['values']): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!Object.hasOwn(values, key)) continue;
    const value = values[key];
    row[key] = column.columnType === 'SQLiteTimestamp' && (typeof value === 'string' || typeof value === 'number') ? new Date(value) : value;
  }
  return row;
}

/**
 * True for an item that is or once was public (`publishedAt` is never cleared): deleting it needed
 * `content.deletePublished`, and so does bringing it back or purging it (decision 029).
 */
export function wasEverPublished(values: Record<string, unknown>): boolean {
  return values['status'] === 'published' || values['publishedAt'] instanceof Date || typeof values['publishedAt'] === 'string';
}

/** When an entry deleted at `deletedAt` is purged by age. */
export function expiresAt(deletedAt: Date, days: number): Date {
  return new Date(deletedAt.getTime() + days * DAY);
}

/** Days an entry has left before the daily round purges it, a started day counting as one (0 once due). */
export function daysLeft(deletedAt: Date, days: number, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt(deletedAt, days).getTime() - now.getTime()) / DAY));
}

/** The moment before which entries are old enough to purge. */
export function purgeCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY);
}
