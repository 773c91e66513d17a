import { describe, expect, it } from 'vitest';
import { isDateKey, nextDateKey, startOfLocalDay, toLocalDateKey } from '../../src/lib/dates.ts';
import { findInvalidHubFilters, parseHubFilters, toHubQuery } from '../../src/server/events/filters.ts';

const parse = (query: string) => parseHubFilters(new URLSearchParams(query));

describe('hub filters', () => {
  it('defaults to upcoming events, page 1', () => {
    expect(parse('')).toEqual({ when: 'upcoming', page: 1 });
  });

  it('drops invalid values instead of failing', () => {
    expect(parse('edition=Not A Slug&tag=../x&when=soon&from=2026-02-30&to=yesterday&page=-3')).toEqual({ when: 'upcoming', page: 1 });
    expect(parse('page=99999')).toMatchObject({ page: 1 });
  });

  it('treats empty form fields as absent and a bare date range as any time', () => {
    expect(parse('edition=&tag=music&from=2026-03-01&to=')).toEqual({ tag: 'music', from: '2026-03-01', when: 'all', page: 1 });
    expect(parse('when=upcoming&from=2026-03-01')).toMatchObject({ when: 'upcoming' });
  });

  it('swaps a reversed date range', () => {
    expect(parse('from=2026-05-01&to=2026-04-01')).toMatchObject({ from: '2026-04-01', to: '2026-05-01' });
  });

  it('builds one canonical query per view: fixed order, defaults left out', () => {
    const filters = parse('page=2&tag=music&when=past&edition=spring-2026');
    expect(toHubQuery(filters).toString()).toBe('edition=spring-2026&tag=music&when=past&page=2');
    expect(toHubQuery(filters, { withPage: false }).toString()).toBe('edition=spring-2026&tag=music&when=past');
    expect(toHubQuery(parse('when=upcoming&page=1')).toString()).toBe('');
    // Round trip: parsing the canonical query gives the same filters.
    expect(parse(toHubQuery(filters).toString())).toEqual(filters);
  });
});

describe('local days', () => {
  it('validates calendar dates', () => {
    expect(isDateKey('2026-02-28')).toBe(true);
    expect(isDateKey('2026-02-29')).toBe(false);
    expect(isDateKey('2026-2-1')).toBe(false);
    expect(nextDateKey('2026-12-31')).toBe('2027-01-01');
  });

  it('finds where a local day starts, across daylight-saving changes', () => {
    expect(startOfLocalDay('Europe/Paris', '2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfLocalDay('Europe/Paris', '2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    // The day the clocks go forward still starts at midnight (winter offset).
    expect(startOfLocalDay('Europe/Paris', '2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDay('Asia/Tokyo', '2026-03-05').toISOString()).toBe('2026-03-04T15:00:00.000Z');
    expect(startOfLocalDay('America/New_York', '2026-11-01').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('names the local date of an instant', () => {
    const instant = new Date('2026-03-04T23:30:00Z');
    expect(toLocalDateKey('Asia/Tokyo', instant)).toBe('2026-03-05');
    expect(toLocalDateKey('America/New_York', instant)).toBe('2026-03-04');
  });
});

describe('invalid hub filters', () => {
  it('names the fields whose value the page would drop, ignoring empty and absent ones', () => {
    const invalid = (query: string) => findInvalidHubFilters(new URLSearchParams(query));
    expect(invalid('tag=music&edition=spring-2026&when=past&from=2026-03-01&to=2026-03-31')).toEqual([]);
    expect(invalid('tag=&edition=&from=')).toEqual([]);
    expect(invalid('tag=<b>&edition=Not A Slug&when=soon&from=2026-02-30&to=x')).toEqual(['edition', 'tag', 'when', 'from', 'to']);
    // Pagination and unknown parameters are not filters: canonicalization drops them.
    expect(invalid('page=-3&junk=1')).toEqual([]);
  });
});
