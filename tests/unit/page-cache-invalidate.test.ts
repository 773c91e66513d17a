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

  describe("an event write and its edition's lists of first events", () => {
    const state = (id: number, values: Record<string, unknown>) => ({ id, values });
    const before = state(7, { status: 'published', publishAt: null, unpublishAt: null, startsAt: new Date(1_000), editionId: 2, room: 'A' });
    const update = (values: Record<string, unknown>) =>
      tagsToInvalidate({ events: [7], eventStates: [before, { ...before, values: { ...before.values, ...values } }] });

    it('keeps them for one event whose publication, start and edition are unchanged, and purges its edition', () => {
      expect(update({ room: 'B', startsAt: new Date(1_000) })).toEqual(['edition:2', 'event:7', 'feeds', 'hub', 'search', 'sitemap']);
    });

    it('purges them for a publication change, a new start, a move (both editions), a new event, several events', () => {
      for (const [field, value] of [
        ['status', 'draft'],
        ['publishAt', new Date(5_000)],
        ['unpublishAt', new Date(5_000)],
        ['startsAt', new Date(2_000)],
      ] as const) {
        expect(update({ [field]: value }), field).toContain('edition-list:2');
      }
      expect(update({ editionId: 3 })).toEqual(expect.arrayContaining(['edition-list:2', 'edition-list:3', 'edition:2', 'edition:3']));
      expect(tagsToInvalidate({ events: [7], eventStates: [before] })).toContain('edition-list:2');
      expect(tagsToInvalidate({ events: [7, 8], eventStates: [before, { ...before, id: 8 }] })).toContain('edition-list:2');
      expect(tagsToInvalidate({ events: [7], eventStates: [before, before, before] })).toContain('edition-list:2');
    });

    it('purges no edition for an event in none', () => {
      expect(update({ editionId: null }).filter((tag) => tag.startsWith('edition'))).toEqual(['edition-list:2', 'edition:2']);
      const alone = state(9, { ...before.values, editionId: null });
      expect(tagsToInvalidate({ events: [9], eventStates: [alone, alone] })).toEqual(['event:9', 'feeds', 'hub', 'search', 'sitemap']);
    });
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
    const tags = invalidateHubFor(cache.handleFor(), { tags: tagsToInvalidate({ events: [1] }), id: 42 });
    expect(calls).toEqual([[tags, 42]]);
    // A render that started before the purge cannot be stored under a purged tag.
    expect(
      cache.store.set({ key: '/en', status: 200, headers: [], bodies: {}, etag: '"x"', tags: ['hub'], expiresAt: Date.now() + 1000, bytes: 10 }, startedAt),
    ).toBe(false);
    expect(invalidateHubFor(undefined, { tags: ['event:1'] })).toEqual(['event:1']);
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
