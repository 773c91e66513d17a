/** The process-wide database handle for the running server (opened lazily from the env). */
import { openDatabase, type Database } from '../../db/client.ts';
import { getEnv } from './config/env.ts';

/**
 * The start script opens the database before Astro's bundle loads and shares it here, so the
 * process has one connection pool (and one write queue) and shutdown can close it.
 */
const SHARED = Symbol.for('edition-hub.database');
type Shared = typeof globalThis & { [SHARED]?: Promise<Database> };

/** Makes `db` the handle `getDb()` returns in this process. */
export function shareDatabase(db: Database): void {
  (globalThis as Shared)[SHARED] = Promise.resolve(db);
}

/** Returns the shared database, opening it on first use. */
export function getDb(): Promise<Database> {
  const shared = globalThis as Shared;
  if (!shared[SHARED]) {
    const env = getEnv();
    shared[SHARED] = openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  }
  return shared[SHARED];
}
