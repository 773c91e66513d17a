import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsFolder } from '../../db/migrate.ts';
import { eventTranslations, events, tags } from '../../db/schema.ts';
import { expectDbError } from '../helpers/expect-db.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.close());

const baseEvent = {
  startsAt: new Date('2026-05-01T18:00:00Z'),
  endsAt: new Date('2026-05-01T20:00:00Z'),
  timeZone: 'Europe/Paris',
};

describe('migrations', () => {
  it('create every table from an empty file, with FTS5, WAL and foreign keys', async () => {
    const rows = await t.db.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`);
    const names = rows.map((r) => r.name);
    for (const table of [
      'editions',
      'events',
      'curators',
      'organizers',
      'tags',
      'medias',
      'files',
      'audit_log',
      'contact_messages',
      'search_fts',
      'event_translations',
      'edition_curators',
      'event_medias',
    ]) {
      expect(names).toContain(table);
    }
    expect(await t.db.get(sql`PRAGMA journal_mode`)).toEqual({ journal_mode: 'wal' });
    expect(await t.db.get(sql`PRAGMA foreign_keys`)).toEqual({ foreign_keys: 1 });
    expect(await t.db.get(sql`PRAGMA busy_timeout`)).toEqual({ timeout: 5000 });
    expect(await t.db.get(sql`PRAGMA integrity_check`)).toEqual({ integrity_check: 'ok' });
  });

  it('are idempotent: applying them again changes nothing', async () => {
    const snapshot = async () => ({
      applied: await t.db.all<{ hash: string }>(sql`SELECT id, hash, created_at FROM __drizzle_migrations ORDER BY id`),
      objects: await t.db.all(sql`SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name`),
    });
    const before = await snapshot();
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(before.applied).toHaveLength(journal.entries.length);

    await migrateDatabase(t.db);
    expect(await snapshot()).toEqual(before);
  });
});

describe('schema constraints', () => {
  it('keeps slugs unique', async () => {
    await t.db.insert(events).values({ ...baseEvent, slug: 'opening-night' });
    await expectDbError(t.db.insert(events).values({ ...baseEvent, slug: 'opening-night' }), /UNIQUE/);
  });

  it.each(['Opening', 'opening night', '-opening', 'opening-', 'open--ing', 'é-t-é', '', 'a'.repeat(81)])('refuses the slug %j', async (slug) => {
    await expectDbError(t.db.insert(events).values({ ...baseEvent, slug }), /CHECK/);
  });

  it('accepts a well-formed slug of 80 characters', async () => {
    await t.db.insert(tags).values({ slug: 'a'.repeat(80) });
    expect(await t.db.select({ slug: tags.slug }).from(tags)).toEqual([{ slug: 'a'.repeat(80) }]);
  });

  it('refuses unknown statuses and end before start', async () => {
    await expectDbError(t.db.run(sql`INSERT INTO events (slug, status, starts_at, ends_at, time_zone) VALUES ('x', 'live', 1, 2, 'UTC')`), /CHECK/);
    await expectDbError(t.db.insert(events).values({ ...baseEvent, slug: 'backwards', endsAt: new Date('2026-04-01T00:00:00Z') }), /CHECK/);
  });

  it('enforces foreign keys on every pooled connection', async () => {
    for (let i = 0; i < 4; i++) {
      await expectDbError(t.db.insert(eventTranslations).values({ eventId: 999 + i, locale: 'en', title: 'Ghost' }), /FOREIGN KEY/);
    }
    await expectDbError(t.db.insert(events).values({ ...baseEvent, slug: 'orphan', editionId: 42 }), /FOREIGN KEY/);
  });

  it('cascades translations when an event is deleted', async () => {
    const [row] = await t.db
      .insert(events)
      .values({ ...baseEvent, slug: 'gone' })
      .returning({ id: events.id });
    await t.db.insert(eventTranslations).values({ eventId: row!.id, locale: 'en', title: 'Gone' });
    await t.db.delete(events).where(sql`id = ${row!.id}`);
    expect(await t.db.select().from(eventTranslations)).toEqual([]);
  });
});
