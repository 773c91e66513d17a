/**
 * Full-text search against a seeded database: locale and fallback text, diacritics, prefixes,
 * bm25 ranking, highlighting, facets, the time filter, pagination, visibility and hostile input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPublicEditionId } from '../../src/server/editions/queries.ts';
import { findTagId } from '../../src/server/events/queries.ts';
import { loadPeopleLinks } from '../../src/server/search/people.ts';
import { searchHub, type SearchInput } from '../../src/server/search/search.ts';
import { createSeededDatabase, rows } from './hub-fixtures.ts';

let test: Awaited<ReturnType<typeof createSeededDatabase>>;
const now = new Date();
const search = (input: Partial<SearchInput> & { q: string }) => searchHub(test.db, { locale: 'en', now, pageSize: 100, ...input });

beforeAll(async () => {
  test = await createSeededDatabase();
});
afterAll(() => test?.close());

describe('matching', () => {
  it('is insensitive to diacritics in both directions', async () => {
    const plain = await search({ q: 'theatre', locale: 'fr' });
    const accented = await search({ q: 'THÉÂTRE', locale: 'fr' });
    expect(plain.total).toBeGreaterThan(0);
    expect(accented.hits.map((hit) => hit.id)).toEqual(plain.hits.map((hit) => hit.id));
    expect(plain.hits.some((hit) => hit.titleMarked.includes('\u0001Théâtre\u0002'))).toBe(true);
  });

  it('matches prefixes of every term', async () => {
    const result = await search({ q: 'archit heatw' });
    expect(result.total).toBeGreaterThan(0);
    for (const hit of result.hits) expect(`${hit.titleMarked} ${hit.snippetMarked}`.toLowerCase()).toMatch(/\u0001archit/);
  });

  it('searches the page locale, and the default locale where a translation is missing', async () => {
    const [missing] = await rows<{ id: number; title: string }>(test, `SELECT e.id, t.title FROM events e JOIN event_translations t ON t.event_id = e.id AND t.locale = 'en'
      WHERE e.status = 'published' AND e.publish_at IS NULL AND NOT EXISTS (SELECT 1 FROM event_translations f WHERE f.event_id = e.id AND f.locale = 'fr')`);
    const word = missing!.title.split(/[^\p{L}]+/u).filter((w) => w.length > 4).at(-1)!;
    const result = await search({ q: word, locale: 'fr', type: 'event' });
    const hit = result.hits.find((h) => h.id === missing!.id);
    expect(hit?.isFallback).toBe(true);
    // French text is searched in French: a French-only word finds French rows.
    const french = await search({ q: 'réparation', locale: 'fr' });
    expect(french.hits.every((h) => !h.isFallback || h.type !== 'event')).toBe(true);
  });

  it('ranks title matches above body-only matches (bm25)', async () => {
    // "city" is in some titles and in many more bodies.
    const result = await search({ q: 'city' });
    const inTitle = result.hits.map((hit) => hit.titleMarked.includes('\u0001'));
    const firstBodyOnly = inTitle.indexOf(false);
    expect(inTitle.indexOf(true)).toBe(0);
    expect(firstBodyOnly).toBeGreaterThan(0);
    expect(inTitle.lastIndexOf(true)).toBeLessThan(firstBodyOnly);
  });

  it('finds curators and organizers, linked to what they present', async () => {
    const [curator] = await rows<{ id: number; name: string }>(test, 'SELECT id, name FROM curators ORDER BY id LIMIT 1');
    const result = await search({ q: curator!.name.split(' ')[1]!, type: 'curator' });
    expect(result.hits.map((hit) => hit.id)).toContain(curator!.id);
    const links = await loadPeopleLinks(test.db, { curators: [curator!.id], organizers: [] }, 'en', now);
    expect(links.curators.get(curator!.id)?.length).toBeGreaterThan(0);
  });
});

describe('visibility', () => {
  it('never returns drafts, archived or scheduled events, nor the draft edition', async () => {
    const hidden = await rows<{ id: number; title: string; kind: string }>(test, `
      SELECT e.id, t.title, 'event' AS kind FROM events e JOIN event_translations t ON t.event_id = e.id AND t.locale = 'en'
        WHERE e.status <> 'published' OR e.publish_at > ?
      UNION ALL
      SELECT e.id, t.title, 'edition' FROM editions e JOIN edition_translations t ON t.edition_id = e.id AND t.locale = 'en' WHERE e.status <> 'published'`,
      [now.getTime()]);
    expect(hidden.length).toBeGreaterThan(3);
    for (const item of hidden) {
      const result = await search({ q: item.title });
      expect(result.hits.some((hit) => hit.type === item.kind && hit.id === item.id), item.title).toBe(false);
    }
  });
});

describe('facets, filters and pages', () => {
  it('counts results per type, edition and tag; counts add up', async () => {
    const result = await search({ q: 'the' });
    const typeSum = result.facets.type.reduce((sum, facet) => sum + facet.count, 0);
    expect(typeSum).toBe(result.total);
    expect(result.facets.edition.length).toBeGreaterThan(0);
    expect(result.facets.tag.length).toBeGreaterThan(0);
    const eventOnly = await search({ q: 'the', type: 'event' });
    expect(eventOnly.total).toBe(result.facets.type.find((facet) => facet.value === 'event')!.count);
    expect(eventOnly.hits.every((hit) => hit.type === 'event')).toBe(true);
    // Facets are disjunctive: choosing a type keeps the other types' counts visible.
    expect(eventOnly.facets.type).toEqual(result.facets.type);
  });

  it('filters by edition and by tag with the counts the facets announced', async () => {
    const all = await search({ q: 'the' });
    const editionFacet = all.facets.edition[0]!;
    const editionId = (await findPublicEditionId(test.db, editionFacet.value, now))!;
    const inEdition = await search({ q: 'the', editionId });
    expect(inEdition.total).toBe(editionFacet.count);
    const tagFacet = all.facets.tag[0]!;
    const tagId = (await findTagId(test.db, tagFacet.value))!;
    const tagged = await search({ q: 'the', tagId });
    expect(tagged.total).toBe(tagFacet.count);
    expect(tagged.hits.every((hit) => hit.type === 'event' || hit.type === 'edition')).toBe(true);
  });

  it('filters upcoming and past by end date (people have no dates)', async () => {
    const upcoming = await search({ q: 'the', when: 'upcoming' });
    const past = await search({ q: 'the', when: 'past' });
    expect(upcoming.hits.every((hit) => hit.endsAt !== null && hit.endsAt >= now)).toBe(true);
    expect(past.hits.every((hit) => hit.endsAt !== null && hit.endsAt < now)).toBe(true);
    expect(upcoming.total + past.total).toBeLessThanOrEqual((await search({ q: 'the' })).total);
  });

  it('paginates the ranked list', async () => {
    const whole = await search({ q: 'the', pageSize: 10 });
    const second = await search({ q: 'the', page: 2, pageSize: 5 });
    expect(second.hits.map((hit) => `${hit.type}${hit.id}`)).toEqual(whole.hits.slice(5, 10).map((hit) => `${hit.type}${hit.id}`));
  });
});

describe('hostile input', () => {
  it('answers a status, never an error, for any malformed query', async () => {
    const inputs = ['"', '""', '*', '"a" OR', 'NEAR(a b', ')))', '^x', 'title:x', 'a:b:c', '\u0000\u0001', '-', '+-*/', "'; DROP TABLE events; --", 'x'.repeat(10_000), '🎭', 'a AND', 'NOT'];
    for (const q of inputs) {
      const result = await search({ q, locale: 'de' });
      expect(['ok', 'no-terms', 'too-long', 'empty'], q.slice(0, 20)).toContain(result.status);
    }
    expect((await search({ q: 'x'.repeat(10_000) })).status).toBe('too-long');
    expect((await search({ q: '***' })).status).toBe('no-terms');
    expect((await search({ q: '' })).status).toBe('empty');
    const [{ n }] = (await rows<{ n: number }>(test, 'SELECT count(*) AS n FROM events')) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });
});
