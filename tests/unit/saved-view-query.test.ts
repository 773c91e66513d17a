/**
 * A saved view's query goes through the list's own query schema (docs/decisions/063): strictly
 * when it is saved, leniently when it is applied, so a view saved before a filter was removed
 * still opens with the rest of its settings, and says what it lost.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collections } from '../../src/lib/collections/index.ts';
import { listQuerySchema } from '../../src/lib/admin-schemas/list-query.ts';
import { checkViewQuery, normaliseViewQuery } from '../../src/lib/admin-schemas/saved-views.ts';

const events = collections.events.listQuery;

describe('checkViewQuery (saving)', () => {
  it('keeps a query the list accepts, trimmed, without its page', () => {
    expect(checkViewQuery(events, { status: 'draft', q: ' jazz ', sort: '-updatedAt', limit: '50', page: '3', tag: '' })).toEqual({
      ok: true,
      query: { status: 'draft', q: 'jazz', sort: '-updatedAt', limit: '50' },
    });
  });

  it('refuses unknown parameters and values the list refuses, each under query.<parameter>', () => {
    expect(checkViewQuery(events, { status: 'lost', venue: '4', sort: 'colour', limit: '5000' })).toEqual({
      ok: false,
      errors: { 'query.status': ['INVALID_VALUE'], 'query.sort': ['INVALID_SORT'], 'query.limit': ['OUT_OF_RANGE'], 'query.venue': ['UNKNOWN_FIELD'] },
    });
  });

  it('refuses a value that is not text', () => {
    expect(checkViewQuery(events, { status: 'draft', edition: 4 })).toEqual({ ok: false, errors: { 'query.edition': ['INVALID_TYPE'] } });
  });
});

describe('normaliseViewQuery (applying)', () => {
  it('leaves a valid query as it is', () => {
    expect(normaliseViewQuery(events, { status: 'published', missing: 'fr', sort: 'title' })).toEqual({
      query: { status: 'published', missing: 'fr', sort: 'title' },
      dropped: [],
    });
  });

  it('drops a filter the list no longer has and keeps the rest', () => {
    // The list as it was when the view was saved had a `venue` filter; today's has none.
    const before = listQuerySchema(['title', 'startsAt'], 'startsAt', { status: z.enum(['draft', 'published']).optional(), venue: z.string().optional() });
    const saved = checkViewQuery(before, { status: 'draft', venue: '7', sort: '-startsAt' });
    expect(saved.ok).toBe(true);
    const today = listQuerySchema(['title', 'startsAt'], 'startsAt', { status: z.enum(['draft', 'published']).optional() });
    expect(normaliseViewQuery(today, saved.ok ? saved.query : {})).toEqual({ query: { status: 'draft', sort: '-startsAt' }, dropped: ['venue'] });
  });

  it('drops values no longer offered (a sort, a status, a page size) and anything that is not text', () => {
    expect(normaliseViewQuery(events, { status: 'hidden', sort: 'colour', limit: '0', q: 'jazz', tag: 12, edition: '3' })).toEqual({
      query: { q: 'jazz', edition: '3' },
      dropped: expect.arrayContaining(['tag', 'status', 'sort', 'limit']) as unknown as string[],
    });
  });

  it('reads a stored value that is not an object as an empty view', () => {
    expect(normaliseViewQuery(events, 'status=draft')).toEqual({ query: {}, dropped: [] });
    expect(normaliseViewQuery(events, null)).toEqual({ query: {}, dropped: [] });
  });

  it('never keeps the page', () => {
    expect(normaliseViewQuery(events, { page: '9', status: 'draft' })).toEqual({ query: { status: 'draft' }, dropped: [] });
  });
});
