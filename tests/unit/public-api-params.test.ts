/** Query strings of the public API (src/server/public-api/params.ts) and their cursors. */
import { describe, expect, it, vi } from 'vitest';
import { encodeCursor } from '../../src/server/public-api/cursor.ts';
import { eventFilters } from '../../src/server/public-api/events.ts';
import { noFilters, readItemQuery, readListQuery } from '../../src/server/public-api/params.ts';

// Cursors are signed with the server's secret.
vi.stubEnv('BETTER_AUTH_SECRET', 'unit-test-secret-of-at-least-32-characters');

const read = (query: string) => readListQuery(new URLSearchParams(query), 'events', eventFilters, 2);

describe('readListQuery', () => {
  it('reads the hub filters with the hub’s rules: an edition means all of its dates', () => {
    const result = read('edition=spring-2031&tag=jazz&locale=fr&limit=5');
    expect(result.ok && result.query).toMatchObject({
      locale: 'fr',
      limit: 5,
      after: undefined,
      filters: { hub: { edition: 'spring-2031', tag: 'jazz', when: 'all' } },
    });
  });

  it('names every unknown, repeated or invalid parameter', () => {
    const result = read('page=2&tag=a&tag=b&from=2031-02-30&limit=500&locale=xx&status=lost');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual({
      page: ['UNKNOWN'],
      tag: ['REPEATED'],
      from: ['INVALID'],
      limit: ['INVALID'],
      locale: ['INVALID'],
      status: ['INVALID'],
    });
  });

  it('takes back a cursor only with the filters it was made for, whatever the order of the parameters', () => {
    const first = read('tag=jazz&edition=spring-2031');
    if (!first.ok) throw new Error('valid query refused');
    const cursor = encodeCursor(first.query.scope, [1_900_000_000_000, 42]);
    const same = read(`edition=spring-2031&cursor=${cursor}&tag=jazz&limit=3`);
    expect(same.ok && same.query.after).toEqual([1_900_000_000_000, 42]);
    const other = read(`edition=spring-2031&cursor=${cursor}`);
    expect(!other.ok && other.errors).toEqual({ cursor: ['INVALID'] });
    const elsewhere = readListQuery(new URLSearchParams({ cursor }), 'tags', noFilters, 1);
    expect(!elsewhere.ok && elsewhere.errors).toEqual({ cursor: ['INVALID'] });
  });

  it('refuses a cursor that is not one of ours', () => {
    const first = read('');
    if (!first.ok) throw new Error('valid query refused');
    const [body, signature] = encodeCursor(first.query.scope, [1_900_000_000_000, 42]).split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), k: [1_900_000_000_000, 41] })).toString('base64url');
    const unbounded = encodeCursor(first.query.scope, [Number.MAX_SAFE_INTEGER, 42]);
    for (const cursor of ['%%%', Buffer.from('{"s":"x","k":[1]}').toString('base64url'), 'a'.repeat(300), body, `${forged}.${signature}`, unbounded]) {
      const result = read(`cursor=${encodeURIComponent(cursor)}`);
      expect(!result.ok && result.errors['cursor']).toEqual(['INVALID']);
    }
  });
});

describe('readItemQuery', () => {
  it('takes only a locale', () => {
    expect(readItemQuery(new URLSearchParams('locale=de'))).toEqual({ ok: true, query: { locale: 'de' } });
    expect(readItemQuery(new URLSearchParams('limit=2'))).toEqual({ ok: false, locale: 'en', errors: { limit: ['UNKNOWN'] } });
  });
});
