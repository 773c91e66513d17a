import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';
import { fillEventGuids } from './event-guids.ts';
import { ensureSearchIndexCurrent } from './search-index.ts';
import { forgetPreparedStatements } from './statement-cache.ts';

/** Folder of the drizzle-kit migrations, resolved from this file so any working directory works. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies every pending migration (forward-only) in order, then brings the search index up to date. */
export async function migrateDatabase(db: Database, folder = migrationsFolder): Promise<void> {
  await migrate(db, { migrationsFolder: folder });
  // Statements prepared before a schema change would keep their old result columns.
  forgetPreparedStatements();
  // Word forms are computed in JavaScript, so no SQL migration can fill them: rows written by
  // older code are rebuilt here (only once the whole schema is in place).
  if (folder === migrationsFolder) await ensureSearchIndexCurrent(db);
  // Likewise the name-based GUIDs of events from before the column (SHA-1 is not SQL).
  if (folder === migrationsFolder) await fillEventGuids(db);
}
