import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed/generate.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { join } from 'node:path';

const count = async (db: Awaited<ReturnType<typeof createTestDatabase>>['db'], table: string) =>
  (await db.get<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)))!.n;

describe('demo content', () => {
  it('loads the promised breadth of content and is idempotent', async () => {
    const t = await createTestDatabase();
    const uploadsDir = join(t.dir, 'uploads');
    const now = new Date('2026-11-21T00:00:00Z');
    const first = await seedDatabase(t.db, { uploadsDir, now });
    expect(first.inserted).toBe(true);

    expect(await count(t.db, 'editions')).toBeGreaterThanOrEqual(3);
    expect(await count(t.db, 'events')).toBeGreaterThanOrEqual(60);
    expect(await count(t.db, 'curators')).toBeGreaterThanOrEqual(10);
    expect(await count(t.db, 'organizers')).toBeGreaterThanOrEqual(8);
    expect(await count(t.db, 'tags')).toBeGreaterThanOrEqual(15);
    expect(await count(t.db, 'files')).toBeGreaterThanOrEqual(2);
    expect(await count(t.db, "medias WHERE kind = 'image'")).toBeGreaterThanOrEqual(10);
    expect(await count(t.db, "media_translations WHERE alt = ''")).toBe(0);

    // Past, current and upcoming editions relative to `now`.
    const at = now.getTime();
    expect(await count(t.db, `editions WHERE status = 'published' AND ends_at < ${at}`)).toBeGreaterThanOrEqual(1);
    expect(await count(t.db, `editions WHERE status = 'published' AND starts_at <= ${at} AND ends_at >= ${at}`)).toBeGreaterThanOrEqual(1);
    expect(await count(t.db, `editions WHERE status = 'published' AND starts_at > ${at}`)).toBeGreaterThanOrEqual(1);
    expect(await count(t.db, "events WHERE status = 'draft'")).toBeGreaterThanOrEqual(1);
    expect(await count(t.db, `events WHERE publish_at > ${at}`)).toBeGreaterThanOrEqual(1);
    expect(await count(t.db, '(SELECT DISTINCT time_zone FROM events)')).toBeGreaterThanOrEqual(4);

    // Some translations are deliberately missing, so fallback is visible.
    const missingDe = await count(t.db, "events e WHERE NOT EXISTS (SELECT 1 FROM event_translations t WHERE t.event_id = e.id AND t.locale = 'de')");
    expect(missingDe).toBeGreaterThan(0);
    expect(await count(t.db, "events e WHERE NOT EXISTS (SELECT 1 FROM event_translations t WHERE t.event_id = e.id AND t.locale = 'en')")).toBe(0);

    // The search index covers every locale, with diacritics folded.
    expect(await count(t.db, "search_fts WHERE search_fts MATCH 'ete' AND locale = 'fr'")).toBeGreaterThan(0);
    expect(await t.db.all(sql`PRAGMA foreign_key_check`)).toEqual([]);

    const snapshot = async () =>
      Promise.all(['editions', 'events', 'event_translations', 'event_tags', 'medias', 'search_fts'].map((table) => count(t.db, table)));
    const before = await snapshot();
    const second = await seedDatabase(t.db, { uploadsDir, now });
    expect(second.inserted).toBe(false);
    expect(await snapshot()).toEqual(before);
    t.close();
  });
});
