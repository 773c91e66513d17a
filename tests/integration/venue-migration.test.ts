/** The data migration that turns today's free-text places into venue rows (docs/decisions/025). */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsFolder } from '../../db/migrate.ts';
import { createTestDatabase, makeTempDir, type TestDatabase } from '../helpers/db.ts';

interface Journal {
  entries: { tag: string }[];
}

/** A copy of the migrations that stops before the one creating the venues table. */
function migrationsBeforeVenues(): string {
  const folder = join(makeTempDir('hub-migrations-'), 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const first = journal.entries.findIndex((entry) => /CREATE TABLE `venues`/.test(readFileSync(join(folder, `${entry.tag}.sql`), 'utf8')));
  expect(first).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, first) }));
  return folder;
}

let t: TestDatabase;
let nextId = 1;

/** An event as the schema before venues stored it: a venue name per locale and one address. */
async function insertOldEvent(status: 'draft' | 'published', address: string | null, names: Record<string, string | null>): Promise<number> {
  const id = nextId++;
  await t.db.run(sql`INSERT INTO events (id, slug, status, starts_at, ends_at, time_zone, venue_address)
    VALUES (${id}, ${`old-event-${id}`}, ${status}, 1780000000000, 1780003600000, 'Europe/Paris', ${address})`);
  for (const [locale, venueName] of Object.entries(names)) {
    await t.db.run(sql`INSERT INTO event_translations (event_id, locale, title, venue_name) VALUES (${id}, ${locale}, ${`Event ${id}`}, ${venueName})`);
  }
  return id;
}

beforeAll(async () => {
  t = await createTestDatabase({ migrate: false });
  await migrateDatabase(t.db, migrationsBeforeVenues());
});
afterAll(() => t.close());

describe('moving free-text venues into venue rows', () => {
  it('makes one venue per name and address, slugged, published when one of its events is, and points every event at it', async () => {
    const gaveauDraft = await insertOldEvent('draft', '45 rue La Boétie, 75008 Paris', { en: 'Salle Gaveau', fr: 'Salle Gaveau' });
    const gaveauPublished = await insertOldEvent('published', ' 45 rue La Boétie, 75008 Paris ', { en: 'salle gaveau' });
    const gaveauElsewhere = await insertOldEvent('draft', '1 Quai Branly, Paris', { en: 'Salle Gaveau' });
    // No default-locale name: the first locale's (de before fr) names the venue.
    const frenchOnly = await insertOldEvent('draft', null, { fr: 'Théâtre du Châtelet', de: 'Châtelet-Theater' });
    const addressOnly = await insertOldEvent('published', 'Hafenstraße 4, Hamburg', {});
    const online = await insertOldEvent('draft', null, { en: null });
    const symbols = await insertOldEvent('draft', null, { en: '★★★' });

    await migrateDatabase(t.db);

    const venues = await t.db.all<{ id: number; slug: string; name: string; address: string | null; status: string; published_at: number | null }>(
      sql`SELECT id, slug, name, address, status, published_at FROM venues ORDER BY id`,
    );
    expect(venues.map(({ slug, name, address, status }) => ({ slug, name, address, status }))).toEqual([
      { slug: 'salle-gaveau', name: 'Salle Gaveau', address: '45 rue La Boétie, 75008 Paris', status: 'published' },
      { slug: `salle-gaveau-${venues[1]!.id}`, name: 'Salle Gaveau', address: '1 Quai Branly, Paris', status: 'draft' },
      { slug: 'chatelet-theater', name: 'Châtelet-Theater', address: null, status: 'draft' },
      { slug: 'hafenstrasse-4-hamburg', name: 'Hafenstraße 4, Hamburg', address: 'Hafenstraße 4, Hamburg', status: 'published' },
      { slug: 'migrated-venue-5', name: '★★★', address: null, status: 'draft' },
    ]);
    expect(venues[0]!.published_at).toBeGreaterThan(0);
    expect(venues[1]!.published_at).toBeNull();

    const events = await t.db.all<{ id: number; venue_id: number | null; venue_address: string | null }>(
      sql`SELECT id, venue_id, venue_address FROM events ORDER BY id`,
    );
    const venueOf = new Map(events.map((event) => [event.id, event.venue_id]));
    expect(venueOf.get(gaveauDraft)).toBe(venues[0]!.id);
    expect(venueOf.get(gaveauPublished)).toBe(venues[0]!.id);
    expect(venueOf.get(gaveauElsewhere)).toBe(venues[1]!.id);
    expect(venueOf.get(frenchOnly)).toBe(venues[2]!.id);
    expect(venueOf.get(addressOnly)).toBe(venues[3]!.id);
    expect(venueOf.get(symbols)).toBe(venues[4]!.id);
    expect(venueOf.get(online)).toBeNull();
    // The free text now lives in the venue row only.
    expect(events.every((event) => event.venue_address === null)).toBe(true);
    expect(await t.db.all(sql`SELECT event_id FROM event_translations WHERE venue_name IS NOT NULL`)).toEqual([]);
    expect(await t.db.all(sql`SELECT name FROM sqlite_master WHERE name LIKE 'venue_migration_%'`)).toEqual([]);
    expect(await t.db.all(sql`PRAGMA foreign_key_check`)).toEqual([]);
  });
});
