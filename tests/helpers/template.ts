/**
 * A migrated, demo-seeded database (+ uploads) made once per test run and copied for each test
 * server, so servers start in a fraction of a second instead of re-generating the demo images.
 */
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { seedDatabase } from '../../db/seed/generate.ts';
import { makeTempDir } from './db.ts';

export const TEMPLATE_ENV = 'HUB_TEST_TEMPLATE';

/** Builds the template and records its folder in `process.env.HUB_TEST_TEMPLATE` for workers. */
export async function prepareSeededTemplate(): Promise<string> {
  const dir = makeTempDir('hub-template-');
  const db = await openDatabase({ url: `file:${join(dir, 'hub.db')}` });
  await migrateDatabase(db);
  await seedDatabase(db, { uploadsDir: join(dir, 'uploads') });
  await db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
  db.$client.close();
  process.env[TEMPLATE_ENV] = dir;
  return dir;
}

/** Copies the template into `dir` when one was prepared; returns whether it did. */
export function copySeededTemplate(dir: string): boolean {
  const template = process.env[TEMPLATE_ENV];
  if (!template || !existsSync(join(template, 'hub.db'))) return false;
  cpSync(join(template, 'hub.db'), join(dir, 'hub.db'));
  cpSync(join(template, 'uploads'), join(dir, 'uploads'), { recursive: true });
  return true;
}
