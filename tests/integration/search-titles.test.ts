/**
 * The titles' own search index (migration 0046): `search_titles` holds the titles of `search_fts`
 * row for row through every write, and a search finds its title matches there, so a title match
 * ranks first even when newer events hold the word only in their text.
 */
import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEvent } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

/** Both indexes hold the same rows with the same titles. */
async function expectTitlesInStep(): Promise<void> {
  const { server } = running.app;
  const titles = await server.query('SELECT rowid, title, title_forms FROM search_titles ORDER BY rowid');
  const full = await server.query('SELECT rowid, title, title_forms FROM search_fts ORDER BY rowid');
  expect(titles).toEqual(full);
}

/** Ids of the events whose indexed title (or its word forms) holds `word`. */
async function titledEvents(word: string): Promise<number[]> {
  const rows = await running.app.server.query<{ id: number }>(
    'SELECT DISTINCT rowid / 64 AS id FROM search_titles WHERE search_titles MATCH ? AND (rowid / 16) % 4 = 0 ORDER BY id',
    [word],
  );
  return rows.map((row) => row.id);
}

describe('the titles index', () => {
  it('follows creates, title changes and deletes, and puts a title match first', async () => {
    const { admin, server } = running.app;
    await expectTitlesInStep();
    // The title match is the oldest: newest-first scanning alone would list it last.
    const titled = await createEvent(admin, { status: 'published', translations: { en: { title: 'Quillwort walk by the pond' } } });
    const bodies = [];
    for (const name of ['Heron watch', 'Dragonfly count', 'Reed weaving']) {
      bodies.push(
        await createEvent(admin, {
          status: 'published',
          translations: { en: { title: name, summary: 'Meet at the gate.', body: 'Bring boots: the quillwort beds are wet.' } },
        }),
      );
    }
    await expectTitlesInStep();
    expect(await titledEvents('quillwort')).toEqual([titled.id]);

    const page = await server.html('/en/hub/search?q=quillwort');
    expect(page.status).toBe(200);
    const positions = [titled, ...bodies].map((event) => page.body.indexOf(`/en/hub/event/${event.slug}`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect(positions[0]).toBeLessThan(Math.min(...positions.slice(1)));

    const current = await admin.call<{ version: number }>('GET', `/api/admin/events/${titled.id}`);
    const renamed = await admin.call('PATCH', `/api/admin/events/${titled.id}`, {
      version: current.body.version,
      translations: { en: { title: 'Moss walk by the pond' } },
    });
    expect(renamed.status).toBe(200);
    expect(await titledEvents('quillwort')).toEqual([]);
    expect(await titledEvents('moss')).toEqual([titled.id]);
    await expectTitlesInStep();

    expect((await admin.request('DELETE', `/api/admin/events/${titled.id}`)).status).toBe(204);
    expect(await titledEvents('moss')).toEqual([]);
    await expectTitlesInStep();
  });
});
