import { describe, expect, it } from 'vitest';
import { computeEtag } from '../../src/server/page-cache/decision.ts';
import { invalidateHubFor, tagsToInvalidate } from '../../src/server/page-cache/invalidate.ts';
import { ProcessPageCache } from '../../src/server/page-cache/process-cache.ts';

describe('tagsToInvalidate', () => {
  it('purges an event, the listings, search, feeds and sitemap', () => {
    expect(tagsToInvalidate({ events: [7] })).toEqual(['event:7', 'feeds', 'hub', 'search', 'sitemap']);
  });

  it('purges an edition the same way, with the lists of its first events', () => {
    expect(tagsToInvalidate({ editions: [2, 3] })).toEqual(['edition-list:2', 'edition-list:3', 'edition:2', 'edition:3', 'feeds', 'hub', 'search', 'sitemap']);
  });

  it("keeps an edition's lists of first events when the changed event cannot have entered them", () => {
    expect(tagsToInvalidate({ events: [7], editionsKeepingLists: [2] })).toEqual(['edition:2', 'event:7', 'feeds', 'hub', 'search', 'sitemap']);
  });

  it('purges people only where they appear (their pages, search and the sitemap of their pages), not every listing', () => {
    expect(tagsToInvalidate({ curators: [4] })).toEqual(['curator:4', 'search', 'sitemap']);
    expect(tagsToInvalidate({ organizers: [5] })).toEqual(['organizer:5', 'search', 'sitemap']);
    expect(tagsToInvalidate({ files: [9] })).toEqual(['file:9']);
    expect(tagsToInvalidate({ medias: [1] })).toEqual(['hub', 'media:1']);
    expect(tagsToInvalidate({ tags: [3] })).toEqual(['feeds', 'hub', 'search', 'tag:3']);
  });

  it('purges nothing for no change', () => {
    expect(tagsToInvalidate({})).toEqual([]);
    expect(tagsToInvalidate({ events: [] })).toEqual([]);
  });

  it('purges the tags here and hands them on to the other workers with the recorded row', async () => {
    const calls: [readonly string[], number | undefined][] = [];
    const cache = new ProcessPageCache({ maxBytes: 1_000_000, fanOut: (tags, { purgeId }) => void calls.push([tags, purgeId]) });
    const startedAt = cache.store.now();
    const tags = await invalidateHubFor(cache.handleFor(), { events: [1] }, undefined, { purgeId: 42 });
    expect(calls).toEqual([[tags, 42]]);
    // A render that started before the purge cannot be stored under a purged tag.
    expect(
      cache.store.set({ key: '/en', status: 200, headers: [], bodies: {}, etag: '"x"', tags: ['hub'], expiresAt: Date.now() + 1000, bytes: 10 }, startedAt),
    ).toBe(false);
    expect(await invalidateHubFor(undefined, { events: [1] })).toContain('event:1');
  });
});

describe('ETags', () => {
  const url = new URL('http://x/fr/hub?tag=music');

  it('depend on the URL and the data, and are weak', () => {
    const etag = computeEtag(url, { a: 1 });
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(computeEtag(url, { a: 1 })).toBe(etag);
    expect(computeEtag(url, { a: 2 })).not.toBe(etag);
    expect(computeEtag(new URL('http://x/de/hub?tag=music'), { a: 1 })).not.toBe(etag);
  });
});
