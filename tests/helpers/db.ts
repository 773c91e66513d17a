/** A real, migrated libSQL file per test (never a mock). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';

export interface TestDatabase {
  db: Database;
  url: string;
  dir: string;
  close: () => void;
}

/** Creates a fresh temporary directory for a test's files (database, uploads). */
export function makeTempDir(prefix = 'hub-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Opens a new database file in a temporary folder and applies every migration. */
export async function createTestDatabase({ migrate = true } = {}): Promise<TestDatabase> {
  const dir = makeTempDir();
  const url = `file:${join(dir, 'hub.db')}`;
  const db = await openDatabase({ url });
  if (migrate) await migrateDatabase(db);
  return { db, url, dir, close: () => db.$client.close() };
}
