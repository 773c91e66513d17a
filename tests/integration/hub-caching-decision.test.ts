/**
 * The hub's caching decision on a real database: which cache keeps a public page. With a front
 * cache in the process, a GET is kept by it alone (Astro's route cache would hold a second copy
 * of every page); HEADs and processes without a front cache still use Astro's route cache.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decideHubCaching } from '../../src/server/page-cache/decision.ts';
import { CACHE_DIRECTIVE_HEADER, FrontCache, registerFrontCache } from '../../src/server/runtime/front-cache.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test?.close());
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('edition-hub.front-cache')];
});

type Decision = { maxAge?: number; swr?: number; tags?: string[] } | false;

async function decide(method: string, ifNoneMatch?: string) {
  const decisions: Decision[] = [];
  const url = new URL('http://127.0.0.1/en/hub/events/some-event');
  const request = new Request(url, { method, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });
  const cache = { set: (decision: Decision) => void decisions.push(decision), invalidate: async () => {} };
  const result = await decideHubCaching(
    { request, url, cache },
    { tags: ['event:1'], fingerprint: { id: 1 }, now: new Date(), db: test.db },
  );
  return { decisions, result };
}

describe('hub caching decision', () => {
  it('keeps a GET in the route cache when no front cache runs', async () => {
    const { decisions, result } = await decide('GET');
    expect(decisions).toEqual([expect.objectContaining({ tags: expect.arrayContaining(['event:1']) })]);
    expect(result.headers.get(CACHE_DIRECTIVE_HEADER)).toMatch(/^tags=.*event:1/);
  });

  it('leaves a GET to the front cache alone when one runs, and still tells it what to keep', async () => {
    registerFrontCache(new FrontCache(1_000_000));
    const { decisions, result } = await decide('GET');
    expect(decisions).toEqual([false]);
    expect(result.headers.get(CACHE_DIRECTIVE_HEADER)).toMatch(/^tags=.*event:1.*; max-age=\d+$/);
  });

  it('keeps a HEAD in the route cache even with a front cache', async () => {
    registerFrontCache(new FrontCache(1_000_000));
    const { decisions } = await decide('HEAD');
    expect(decisions).toEqual([expect.objectContaining({ tags: expect.arrayContaining(['event:1']) })]);
  });

  it('never stores a 304, and sends no directive with it', async () => {
    const { result: first } = await decide('GET');
    const { decisions, result } = await decide('GET', first.headers.get('etag')!);
    expect(result.notModified).toBe(true);
    expect(decisions).toEqual([false]);
    expect(result.headers.get(CACHE_DIRECTIVE_HEADER)).toBeNull();
  });
});
