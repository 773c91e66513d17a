/**
 * An edition's list of other events is rendered once per locale and shown zone and reused by the
 * page of every event of the edition that is not among the listed events (decision 012): shown
 * by a change written behind the cache's back, which a page reusing the list does not show. Every
 * write that can change the list, to a listed event or to what its card shows, purges it.
 */
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createEdition, createEvent, createTag, type Created } from '../helpers/factories.ts';

let app: AdminServer;
let db: Client;
let edition: Created;
let tag: Created;
/** Fifteen public events of one edition, soonest first: the first thirteen are the list's pick. */
let listed: Created[];

beforeAll(async () => {
  app = await startAdminServer({ HUB_DEMO: '0' });
  db = createClient({ url: app.server.databaseUrl, intMode: 'number' });
  edition = await createEdition(app.admin, { status: 'published' });
  tag = await createTag(app.admin, { translations: { en: { label: 'Harbour walks' } } });
  listed = [];
  for (let day = 2; day <= 16; day += 1) {
    const date = `2031-03-${String(day).padStart(2, '0')}`;
    listed.push(
      await createEvent(app.admin, {
        status: 'published',
        editionId: edition.id,
        startsAt: `${date}T18:30:00+01:00`,
        endsAt: `${date}T21:00:00+01:00`,
        translations: { en: { title: `Evening ${day}` } },
        ...(day === 3 ? { tagIds: [tag.id] } : {}),
      }),
    );
  }
});
afterAll(async () => {
  db?.close();
  await app?.server.stop();
});

/** The page, its "More in …" list, and whether the page came from the page cache. */
async function otherEventsOf(path: string): Promise<{ body: string; list: string; state: string | null }> {
  const response = await fetch(`${app.server.origin}${path}`);
  const body = await response.text();
  expect(response.status, path).toBe(200);
  const list = /aria-labelledby="more-heading"[\s\S]*?<\/section>/.exec(body)?.[0];
  expect(list, path).toBeDefined();
  return { body, list: list!, state: cacheState(response) };
}

/** A write through the admin API (the editor's path), on the event's current version. */
async function patchEvent(id: number, patch: Record<string, unknown>): Promise<void> {
  const current = await app.admin.call('GET', `/api/admin/events/${id}`);
  const saved = await app.admin.call('PATCH', `/api/admin/events/${id}`, { version: current.body.version, ...patch });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** The titles of the list's lines, in order. */
const titlesOf = (list: string) => [...list.matchAll(/<a class="more-title"[^>]*>\s*([^<]+?)\s*<\/a>/g)].map((match) => match[1]);

/** A title changed in the database only: no purge, so only a fresh render shows it. */
const retitleBehindTheCache = (event: Created, title: string) =>
  db.execute({ sql: `UPDATE event_translations SET title = ? WHERE event_id = ? AND locale = 'en'`, args: [title, event.id] });

describe("an edition's list of other events", () => {
  it('is rendered once for the pages of the events outside it, in each locale and zone', async () => {
    const first = await otherEventsOf(`/en/hub/event/${listed[13]!.slug}`);
    expect(first.state).toBe('MISS');
    // The first twelve events, soonest first; not the thirteenth.
    expect(titlesOf(first.list)).toEqual(Array.from({ length: 12 }, (_, i) => `Evening ${i + 2}`));

    await retitleBehindTheCache(listed[0]!, 'Evening two, renamed quietly');
    // Another event outside the list: the same list as rendered for the first page.
    const reused = await otherEventsOf(`/en/hub/event/${listed[14]!.slug}`);
    expect(reused.state).toBe('MISS');
    expect(reused.list).toBe(first.list);
    // An event among the listed ones shows the others, itself left out, rendered for its page.
    const own = await otherEventsOf(`/en/hub/event/${listed[4]!.slug}`);
    expect(own.list).toContain('Evening two, renamed quietly');
    expect(own.list).not.toContain('>Evening 6<');
    expect(own.list).toContain('Evening 14');
    // Another locale and another shown zone are lists of their own.
    expect((await otherEventsOf(`/fr/hub/event/${listed[14]!.slug}`)).list).toContain('Evening two, renamed quietly');
    const tokyo = await otherEventsOf(`/en/hub/event/${listed[14]!.slug}?tz=Asia%2FTokyo`);
    expect(tokyo.list).toContain('Evening two, renamed quietly');
    expect(tokyo.list).toContain('Your time zone: Japan Standard Time');
    expect(tokyo.list).not.toContain('Central European');
  });

  it('is purged by a write to a listed event', async () => {
    await patchEvent(listed[1]!.id, { translations: { en: { title: 'Evening three, renamed' } } });
    const after = await otherEventsOf(`/en/hub/event/${listed[14]!.slug}`);
    expect(after.state).toBe('MISS');
    expect(after.list).toContain('Evening three, renamed');
    // Rendered again: the quiet change shows now.
    expect(after.list).toContain('Evening two, renamed quietly');
  });

  it("is purged by a write to what a listed event's card shows", async () => {
    const page = `/en/hub/event/${listed[13]!.slug}`;
    expect((await otherEventsOf(page)).list).toContain('Harbour walks');
    expect((await otherEventsOf(page)).state).toBe('HIT');
    const saved = await app.admin.call('PATCH', `/api/admin/tags/${tag.id}`, { version: tag.version, translations: { en: { label: 'Quay walks' } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const path of [page, `/en/hub/event/${listed[14]!.slug}`]) {
      const after = await otherEventsOf(path);
      expect(after.list, path).toContain('Quay walks');
      expect(after.list, path).not.toContain('Harbour walks');
    }
  });

  it('is kept when an event outside it changes only its texts', async () => {
    const other = `/en/hub/event/${listed[13]!.slug}`;
    expect(titlesOf((await otherEventsOf(other)).list)).toContain('Evening 4');
    await retitleBehindTheCache(listed[2]!, 'Evening four, renamed quietly');
    await patchEvent(listed[14]!.id, { translations: { en: { title: 'Evening sixteen, renamed' } } });
    // The changed event's page and its edition's other pages are rendered again, with the list as it was.
    const own = await otherEventsOf(`/en/hub/event/${listed[14]!.slug}`);
    expect(own.state).toBe('MISS');
    expect(own.body).toContain('Evening sixteen, renamed</h1>');
    const after = await otherEventsOf(other);
    expect(after.state).toBe('MISS');
    expect(titlesOf(after.list)).toContain('Evening 4');
    expect(after.list).not.toContain('Evening sixteen, renamed');
  });

  it('is purged when an event outside it moves ahead of the listed ones', async () => {
    await patchEvent(listed[14]!.id, { startsAt: '2031-03-01T18:30:00+01:00', endsAt: '2031-03-01T21:00:00+01:00' });
    const titles = titlesOf((await otherEventsOf(`/en/hub/event/${listed[13]!.slug}`)).list);
    expect(titles[0]).toBe('Evening sixteen, renamed');
    // Rendered again: the quiet change shows now.
    expect(titles).toContain('Evening four, renamed quietly');
    expect(titles).toHaveLength(12);
  });

  it('is purged when an event of the edition is published ahead of the listed ones', async () => {
    const draft = await createEvent(app.admin, {
      editionId: edition.id,
      startsAt: '2031-03-01T10:00:00+01:00',
      endsAt: '2031-03-01T12:00:00+01:00',
      translations: { en: { title: 'Morning opening' } },
    });
    const page = `/en/hub/event/${listed[13]!.slug}`;
    expect(titlesOf((await otherEventsOf(page)).list)).not.toContain('Morning opening');
    await patchEvent(draft.id, { status: 'published' });
    expect(titlesOf((await otherEventsOf(page)).list)[0]).toBe('Morning opening');
  });

  it("is kept for one of the edition's first events through a change of its own texts", async () => {
    const page = `/en/hub/event/${listed[4]!.slug}`;
    expect(titlesOf((await otherEventsOf(page)).list)).toContain('Evening 7');
    await retitleBehindTheCache(listed[5]!, 'Evening seven, renamed quietly');
    await patchEvent(listed[4]!.id, { translations: { en: { title: 'Evening six, renamed' } } });
    const { body, list, state } = await otherEventsOf(page);
    expect(state).toBe('MISS');
    expect(body).toContain('Evening six, renamed</h1>');
    expect(titlesOf(list)).toContain('Evening 7');
    expect(list).not.toContain('Evening six, renamed');
  });
});
