/**
 * The guard of the `text_state` triggers (docs/decisions/037): the triggers a migrated database
 * holds are exactly the ones the declarations give, for every collection. A new collection, a
 * changed text or `complete` list, or a migration that rebuilt a translations table without its
 * triggers, fails here until a migration installs them again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionNames } from '../../src/lib/collections/index.ts';
import { adminResources } from '../../src/server/collections/registry.ts';
import { normalisedSql, textStateSql } from '../../src/server/engine/text-state-sql.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

describe('text_state triggers', () => {
  it('are installed by the migrations exactly as the declarations generate them', async () => {
    const rows = await t.db.all<{ name: string; sql: string }>(sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%text_state%'`);
    const installed = new Map(rows.map((row) => [row.name, normalisedSql(row.sql)]));
    const stale = new Set<string>();
    const expectedNames = new Set<string>();
    for (const collection of collectionNames) {
      const generated = textStateSql(adminResources[collection].spec);
      for (const trigger of [generated.insertTrigger, generated.updateTrigger]) {
        expectedNames.add(trigger.name);
        if (installed.get(trigger.name) !== normalisedSql(trigger.sql)) stale.add(collection);
      }
    }
    const unexpected = [...installed.keys()].filter((name) => !expectedNames.has(name));
    expect(
      { stale: [...stale], unexpected },
      `The text_state triggers disagree with the declarations: add a migration with the output of ` +
        `\`npm run db:text-state -- ${[...stale].join(' ')}\` (see scripts/text-state-sql.ts); ` +
        `drop triggers no collection declares any more.`,
    ).toEqual({ stale: [], unexpected: [] });
  });
});
