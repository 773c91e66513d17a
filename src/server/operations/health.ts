/** Liveness and readiness for load balancers: no secrets, never cached. */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';

const journalUrl = new URL('../../../db/migrations/meta/_journal.json', import.meta.url);

/** Number of migrations this build ships (from drizzle-kit's journal). */
export function countShippedMigrations(): number {
  const journal = JSON.parse(readFileSync(journalUrl, 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  migrations: 'ok' | 'pending' | 'unknown';
}

/** Ready = the database answers and every shipped migration is applied. */
export async function checkReadiness(db: Database, shipped = countShippedMigrations()): Promise<Readiness> {
  try {
    await db.run(sql`SELECT 1`);
  } catch {
    return { ready: false, database: 'unreachable', migrations: 'unknown' };
  }
  try {
    const row = await db.get<{ applied: number }>(sql`SELECT count(*) AS applied FROM __drizzle_migrations`);
    const migrations = (row?.applied ?? 0) >= shipped ? 'ok' : 'pending';
    return { ready: migrations === 'ok', database: 'ok', migrations };
  } catch {
    return { ready: false, database: 'ok', migrations: 'pending' };
  }
}
