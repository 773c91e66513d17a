/**
 * Page caching and invalidation on the built server: MISS then HIT, ETag/304, a write through
 * the admin API is visible on the next request everywhere it shows, unrelated pages stay
 * cached, and a scheduled event appears at its publishAt without any further write.
 */
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createEdition, createEvent, type Created } from '../helpers/factories.ts';
import { anHourAhead, expectKeptNoLaterThan, sMaxAgeOf } from '../helpers/near-instant.ts';

let app: AdminServer;
let db: Client;
/** An event the writes target, in its edition; one in another edition; and spares for the later tests. */
let target: Created;
let edition: Created;
let other: Created;
let otherEdition: Created;
let spare: Created;
let scheduled: Created;
let scheduledEdition: Created;

beforeAll(async () => {
  app = await startAdminServer({ HUB_DEMO: '0' });
  db = createClient({ url: app.server.databaseUrl, intMode: 'number' });
  edition = await createEdition(app.admin, { status: 'published' });
  otherEdition = await createEdition(app.admin, { status: 'published' });
  scheduledEdition = await createEdition(app.admin, { status: 'published' });
  target = await createEvent(app.admin, { status: 'published', editionId: edition.id, translations: { en: { title: 'Harbour evening' } } });
  other = await createEvent(app.admin, { status: 'published', editionId: otherEdition.id, translations: { en: { title: 'Cache of letters' } } });
  // Keeps the scheduled event's edition listing non-empty before its publication.
  spare = await createEvent(app.admin, { status: 'published', editionId: scheduledEdition.id });
  scheduled = await createEvent(app.admin, { status: 'published', editionId: scheduledEdition.id });
});
afterAll(async () => {
  db?.close();
  await app?.server.stop();
});

const server = {
  get: (path: string, init?: RequestInit) => fetch(`${app.server.origin}${path}`, { redirect: 'manual', ...init }),
  query: async <T>(sql: string, args: (string | number | null)[] = []) => (await db.execute({ sql, args })).rows as unknown as T[],
};

/** A write through the admin API (the editor's path), on the event's current version. */
async function patchEvent(id: number, patch: Record<string, unknown>): Promise<void> {
  const current = await app.admin.call('GET', `/api/admin/events/${id}`);
  const result = await app.admin.call('PATCH', `/api/admin/events/${id}`, { version: current.body.version, ...patch });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

const probe = async (path: string) => {
  const response = await server.get(path);
  const body = await response.text();
  expect(response.status, path).toBe(200);
  expect(response.headers.get('set-cookie'), path).toBeNull();
  return { state: cacheState(response), body, etag: response.headers.get('etag'), cacheControl: response.headers.get('cache-control') };
};

describe('page cache', () => {
  it('renders once, then serves from the cache with CDN headers', async () => {
    const first = await probe('/de/hub');
    const second = await probe('/de/hub');
    expect(first.state).toBe('MISS');
    expect(second.state).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.etag).toBe(first.etag);
    expect(second.cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
  });

  it('purges exactly the pages a write affects, in every locale', async () => {
    const affected = [
      ...['en', 'fr', 'de'].map((l) => `/${l}/hub/event/${target.slug}`),
      `/en/hub/edition/${edition.slug}`,
      `/en/hub?edition=${edition.slug}&when=all`,
      `/en/hub/event/${target.slug}/calendar.ics`,
      '/en/hub/feed.xml',
      '/sitemap.xml',
    ];
    const unrelated = [`/en/hub/event/${other.slug}`, `/fr/hub/event/${other.slug}`, `/en/hub/edition/${otherEdition.slug}`];
    for (const path of [...affected, ...unrelated]) await probe(path);
    for (const path of [...affected, ...unrelated]) expect((await probe(path)).state, path).toBe('HIT');

    const title = 'Invalidation Rehearsal Evening';
    await patchEvent(target.id, { translations: { en: { title } } });

    for (const path of affected) expect((await probe(path)).state, path).toBe('MISS');
    for (const path of unrelated) expect((await probe(path)).state, path).toBe('HIT');
    expect((await probe(`/en/hub/event/${target.slug}`)).body).toContain(`<h1 id="event-title">${title}</h1>`);
    expect((await probe(`/en/hub/edition/${edition.slug}`)).body).toContain(title);
    expect((await probe(`/en/hub?edition=${edition.slug}&when=all`)).body).toContain(title);
    // Searches with typed words are never kept (page-cache-serve.test.ts): the new title is found at once.
    expect((await probe('/en/hub/search?q=rehearsal')).body).toContain('<mark>Rehearsal</mark>');
    expect((await probe('/en/hub/search?q=cache')).body).toContain('<mark>Cache</mark>');
  });

  it('answers 304 when the client copy is still current, without caching the 304', async () => {
    const path = '/fr/hub/search';
    const { etag } = await probe(path);
    // Purge the search pages (a write elsewhere), so the next request renders again.
    await patchEvent(spare.id, { translations: { de: { title: 'Neuer Titel' } } });
    const conditional = await server.get(path, { headers: { 'if-none-match': etag! } });
    expect(conditional.status).toBe(304);
    expect(await conditional.text()).toBe('');
    expect(conditional.headers.get('etag')).toBe(etag);
    // What is cached is the full 200 representation (the front cache answered the 304 from it).
    const full = await probe(path);
    expect(full.state).toBe('HIT');
    expect(full.body).toContain('<h1');
  });

  it('shows a scheduled event at its publishAt with no further write, and keeps no stale copy', async () => {
    // A published event moved to a publication instant an hour ahead, while its absence is checked...
    const listing = `/en/hub?edition=${scheduledEdition.slug}&when=all`;
    const link = `/en/hub/event/${scheduled.slug}"`;
    await patchEvent(scheduled.id, { publishAt: anHourAhead().toISOString() });
    expect((await server.get(`/en/hub/event/${scheduled.slug}`)).status).toBe(404);
    const hidden = await probe(listing);
    expect(hidden.body).toContain(`/en/hub/event/${spare.slug}"`);
    expect(hidden.body).not.toContain(link);

    // ...then a moment ahead; from here the test only waits.
    const publishAt = new Date(Date.now() + 1_000);
    await patchEvent(scheduled.id, { publishAt: publishAt.toISOString() });
    const requestedAt = Date.now();
    const before = await probe(listing);
    const receivedAt = Date.now();
    // Neither the page cache nor a CDN may keep a listing rendered before the instant past it (one
    // rendered after it, on a slow machine, already shows the event).
    if (!before.body.includes(link)) expectKeptNoLaterThan(before.cacheControl, publishAt, requestedAt);

    await vi.waitFor(async () => expect((await server.get(`/en/hub/event/${scheduled.slug}`)).status).toBe(200), { timeout: 10_000, interval: 100 });
    expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());
    // The listing shows the event once the copy kept before the instant has lived what it announced
    // (whole seconds, from its render): no request made after that gets the old listing.
    const keptUntil = receivedAt + sMaxAgeOf(before.cacheControl) * 1000;
    let lastStaleAskedAt = 0;
    await vi.waitFor(
      async () => {
        const askedAt = Date.now();
        const after = await probe(listing);
        if (!after.body.includes(link)) lastStaleAskedAt = askedAt;
        expect(after.body).toContain(link);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(lastStaleAskedAt).toBeLessThanOrEqual(keptUntil);
  });
});
