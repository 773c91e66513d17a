import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';
import { forgetPreparedStatements } from './statement-cache.ts';

/** Folder of the drizzle-kit migrations, resolved from this file so any working directory works. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies every pending migration (forward-only) in order. */
export async function migrateDatabase(db: Database, folder = migrationsFolder): Promise<void> {
  await migrate(db, { migrationsFolder: folder });
  // Statements prepared before a schema change would keep their old result columns.
  forgetPreparedStatements();
}
