/** A real, migrated libSQL file per test (never a mock). */
import { mkdtempSync, rmSync } from 'node:fs';
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

/** Where the run's temporary folders go: one folder per test run, made and removed by `useRunTempRoot`. */
const RUN_TEMP_ENV = 'EDITION_HUB_TEST_TMP';

/**
 * For a tier's global setup: every `makeTempDir` of the run (its workers inherit the variable) goes
 * into one new folder, removed by the returned teardown, so a run leaves no databases, uploads or
 * mail behind (about 100 server folders of a few MB each per run).
 */
export function useRunTempRoot(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'edition-hub-run-'));
  process.env[RUN_TEMP_ENV] = root;
  return () => rmSync(root, { recursive: true, force: true });
}

/** Creates a fresh temporary directory for a test's files (database, uploads). */
export function makeTempDir(prefix = 'hub-test-'): string {
  return mkdtempSync(join(process.env[RUN_TEMP_ENV] ?? tmpdir(), prefix));
}

/** Opens a new database file in a temporary folder and applies every migration. */
export async function createTestDatabase({ migrate = true } = {}): Promise<TestDatabase> {
  const dir = makeTempDir();
  const url = `file:${join(dir, 'hub.db')}`;
  const db = await openDatabase({ url });
  if (migrate) await migrateDatabase(db);
  return { db, url, dir, close: () => db.$client.close() };
}
