/** The process-wide database handle for the running server (opened lazily from the env). */
import { openDatabase, type Database } from '../../db/client.ts';
import { getEnv } from './config/env.ts';

let pending: Promise<Database> | undefined;

/** Returns the shared database, opening it on first use. */
export function getDb(): Promise<Database> {
  if (!pending) {
    const env = getEnv();
    pending = openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  }
  return pending;
}
