/**
 * The hub's caching decision on a real database: what a page tells the request's page cache
 * handle (tags, lifetime) and what it tells a CDN, and that a 304 is never kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideHubCaching, PAGE_MAX_AGE } from '../../src/server/page-cache/decision.ts';
import { ProcessPageCache } from '../../src/server/page-cache/process-cache.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test?.close());

async function decide(method: string, ifNoneMatch?: string) {
  const url = new URL('http://127.0.0.1/en/hub/events/some-event');
  const request = new Request(url, { method, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });
  const pageCache = new ProcessPageCache({ maxBytes: 1_000_000 }).handleFor();
  const result = await decideHubCaching({ request, url, locals: { pageCache } }, { tags: ['event:1'], fingerprint: { id: 1 }, now: new Date(), db: test.db });
  return { rule: pageCache.rule, result };
}

describe('hub caching decision', () => {
  it('asks the page cache to keep the page under its tags and `all`, for the page lifetime', async () => {
    const { rule, result } = await decide('GET');
    expect(rule).toEqual({ tags: ['event:1', 'all'], maxAge: PAGE_MAX_AGE });
    expect(result.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
    // The decision travels on the handle only: no header carries it.
    expect([...result.headers.keys()].sort()).toEqual(['cache-control', 'etag']);
  });

  it('never keeps a 304', async () => {
    const { result: first } = await decide('GET');
    const { rule, result } = await decide('GET', first.headers.get('etag')!);
    expect(result.notModified).toBe(true);
    expect(rule).toBeUndefined();
  });

  it('leaves the ETag and its 304 to the server when it hashes the body it answers', async () => {
    const url = new URL('http://127.0.0.1/en/hub/events/some-event');
    const { result: first } = await decide('GET');
    const request = new Request(url, { headers: { 'if-none-match': first.headers.get('etag')! } });
    const pageCache = new ProcessPageCache({ maxBytes: 1_000_000 }).handleFor({ validatesBody: true });
    let fingerprintRead = false;
    const fingerprint = { toJSON: () => ((fingerprintRead = true), 1) };
    const result = await decideHubCaching({ request, url, locals: { pageCache } }, { tags: ['event:1'], fingerprint, now: new Date(), db: test.db });
    expect(result.notModified).toBe(false);
    expect(result.headers.has('etag')).toBe(false);
    expect(fingerprintRead).toBe(false);
    expect(pageCache.rule).toEqual({ tags: ['event:1', 'all'], maxAge: PAGE_MAX_AGE });
  });

  it('decides without a page cache (astro dev) and keeps nothing', async () => {
    const url = new URL('http://127.0.0.1/en/hub');
    const result = await decideHubCaching({ request: new Request(url), url, locals: {} }, { tags: ['hub'], fingerprint: 1, now: new Date(), db: test.db });
    expect(result.notModified).toBe(false);
  });
});
