import { describe, expect, it } from 'vitest';
import { paths } from '../../src/lib/paths.ts';
import { createSearchHrefs, toSearchQuery, type SearchParams } from '../../src/server/search/params.ts';

describe('search links that change one parameter', () => {
  const searches: Partial<SearchParams>[] = [
    { q: 'concert', when: 'all', page: 1 },
    { q: 'théâtre & co = 100% "free"', type: 'event', edition: 'autumn-2026', when: 'upcoming', page: 3 },
    { q: 'page=2&tag=x %00 ?#', tag: 'jazz', venue: 'main-hall', when: 'past', page: 1 },
    { q: '', edition: 'spring', page: 7 },
  ];
  const keys = ['type', 'edition', 'tag', 'venue', 'page'] as const;
  const values = [undefined, 'event', 'curator', 'autumn-2026', 'a', 'not safe', 'Ünïcode', '', 1, 2, 25, '12'];

  it.each(searches)('are the links URLSearchParams would write (%o)', (params) => {
    const toHref = (query: URLSearchParams) => paths.search('fr', query);
    for (const key of keys) {
      const hrefs = createSearchHrefs(toHref, params, key);
      for (const value of values) {
        if (key === 'page' && typeof value === 'string' && !/^\d+$/.test(value)) continue;
        const changed = { ...params, [key]: key === 'page' && value !== undefined ? Number(value) : value };
        expect(hrefs(value), `${key}=${String(value)}`).toBe(toHref(toSearchQuery(changed)));
      }
    }
  });

  it('keep the other parameters in their order', () => {
    const hrefs = createSearchHrefs((query) => paths.search('en', query), { q: 'jazz night', tag: 'jazz', when: 'upcoming', page: 1 }, 'edition');
    expect(hrefs('autumn-2026')).toBe('/en/hub/search?q=jazz+night&edition=autumn-2026&tag=jazz&when=upcoming');
    expect(hrefs(undefined)).toBe('/en/hub/search?q=jazz+night&tag=jazz&when=upcoming');
  });
});
