/**
 * Route caching and invalidation on the built server: MISS then HIT, ETag/304, a write through
 * the server's write functions is visible on the next request everywhere it shows, unrelated
 * pages stay cached, and a scheduled event appears at its publishAt without any further write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { publicSql } from '../helpers/visibility.ts';
import { cacheState } from '../helpers/cache-state.ts';

let server: TestServer;
interface EventRow { id: number; slug: string; edition_id: number }

beforeAll(async () => {
  server = await startTestServer({ HUB_TEST_HOOKS: '1' });
});
afterAll(() => server?.stop());

const probe = async (path: string) => {
  const response = await server.get(path);
  const body = await response.text();
  expect(response.status, path).toBe(200);
  expect(response.headers.get('set-cookie'), path).toBeNull();
  return { state: cacheState(response), body, etag: response.headers.get('etag'), cacheControl: response.headers.get('cache-control') };
};

const hook = async (body: unknown) => {
  const response = await server.get('/api/test/invalidate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: number; tags: string[] };
};

describe('route cache', () => {
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
    const [target] = await server.query<EventRow>(`SELECT e.id, e.slug, e.edition_id FROM events e WHERE ${publicSql('e')} AND e.edition_id IS NOT NULL ORDER BY e.id LIMIT 1`);
    const [other] = await server.query<EventRow>(`SELECT e.id, e.slug, e.edition_id FROM events e WHERE ${publicSql('e')} AND e.edition_id <> ? ORDER BY e.id LIMIT 1`, [target!.edition_id]);
    const [edition] = await server.query<{ slug: string }>('SELECT slug FROM editions WHERE id = ?', [target!.edition_id]);
    const [otherEdition] = await server.query<{ slug: string }>('SELECT slug FROM editions WHERE id = ?', [other!.edition_id]);

    const affected = [
      ...['en', 'fr', 'de'].map((l) => `/${l}/hub/event/${target!.slug}`),
      `/en/hub/edition/${edition!.slug}`,
      `/en/hub?edition=${edition!.slug}&when=all`,
      `/en/hub/event/${target!.slug}/calendar.ics`,
      '/en/hub/feed.xml',
      '/sitemap.xml',
      '/en/hub/search?q=cache',
    ];
    const unrelated = [`/en/hub/event/${other!.slug}`, `/fr/hub/event/${other!.slug}`, `/en/hub/edition/${otherEdition!.slug}`];
    for (const path of [...affected, ...unrelated]) await probe(path);
    for (const path of [...affected, ...unrelated]) expect((await probe(path)).state, path).toBe('HIT');
    const searchBefore = await probe('/en/hub/search?q=cache');

    const title = 'Invalidation Rehearsal Evening';
    const { tags } = await hook({ rename: { slug: target!.slug, locale: 'en', title } });
    expect(tags).toEqual(expect.arrayContaining([`event:${target!.id}`, `edition:${target!.edition_id}`, 'hub', 'search', 'feeds', 'sitemap']));

    for (const path of affected) expect((await probe(path)).state, path).toBe('MISS');
    for (const path of unrelated) expect((await probe(path)).state, path).toBe('HIT');
    expect((await probe(`/en/hub/event/${target!.slug}`)).body).toContain(`<h1 id="event-title">${title}</h1>`);
    expect((await probe(`/en/hub/edition/${edition!.slug}`)).body).toContain(title);
    expect((await probe(`/en/hub?edition=${edition!.slug}&when=all`)).body).toContain(title);
    expect((await probe('/en/hub/search?q=rehearsal')).body).toContain('<mark>Rehearsal</mark>');
    // The search page's data did not change: its ETag survives the purge.
    expect((await probe('/en/hub/search?q=cache')).etag).toBe(searchBefore.etag);
  });

  it('answers 304 when the client copy is still current, without caching the 304', async () => {
    const path = '/fr/hub/search?q=zzzzzz';
    const { etag } = await probe(path);
    // Purge the search pages (a write elsewhere), so the next request renders again.
    const [any] = await server.query<EventRow>(`SELECT e.id, e.slug, e.edition_id FROM events e WHERE ${publicSql('e')} ORDER BY e.id DESC LIMIT 1`);
    await hook({ rename: { slug: any!.slug, locale: 'de', title: 'Neuer Titel' } });
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
    const [draft] = await server.query<EventRow>("SELECT id, slug, edition_id FROM events WHERE status = 'draft' AND edition_id IS NOT NULL LIMIT 1");
    const [edition] = await server.query<{ slug: string }>('SELECT slug FROM editions WHERE id = ?', [draft!.edition_id]);
    const listing = `/en/hub?edition=${edition!.slug}&when=all`;
    const publishAt = new Date(Date.now() + 4_000);
    await hook({ schedule: { slug: draft!.slug, publishAt: publishAt.toISOString() } });

    expect((await server.get(`/en/hub/event/${draft!.slug}`)).status).toBe(404);
    const before = await probe(listing);
    expect(before.body).not.toContain(`/en/hub/event/${draft!.slug}"`);
    // Neither the route cache nor a CDN may keep the page past the publication instant.
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(before.cacheControl!)![1]);
    expect(sMaxAge).toBeLessThanOrEqual(4);
    expect(before.cacheControl).toContain('stale-while-revalidate=0');

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, publishAt.getTime() - Date.now()) + 1_100));
    expect((await server.get(`/en/hub/event/${draft!.slug}`)).status).toBe(200);
    const after = await probe(listing);
    expect(after.state).not.toBe('HIT');
    expect(after.body).toContain(`/en/hub/event/${draft!.slug}"`);
  });
});
