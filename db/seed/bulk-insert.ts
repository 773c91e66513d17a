/**
 * Multi-row inserts in chunks sized to stay under SQLite's bound-variable limit, so a large seed
 * costs a few hundred statements instead of a round trip per row.
 */
import { getTableColumns } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Transaction } from '../client.ts';

/** SQLite's default SQLITE_MAX_VARIABLE_NUMBER is 32766; keep a margin. */
const MAX_VARIABLES = 32_000;
const MAX_ROWS_PER_STATEMENT = 500;

/** Inserts `rows` into `table` with as few statements as the variable limit allows. */
export async function insertRows<T extends SQLiteTable>(tx: Transaction, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  // Drizzle binds a value for every column of the table, given or not.
  const columns = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_VARIABLES / columns)));
  for (let start = 0; start < rows.length; start += size) {
    await tx.insert(table).values(rows.slice(start, start + size) as T['$inferInsert'][]);
  }
}
