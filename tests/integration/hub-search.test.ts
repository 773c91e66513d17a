/**
 * Full-text search over a small catalogue the tests make (through the admin API, on a server without
 * demo content): locale and fallback text, diacritics, prefixes, bm25 ranking, highlighting, facets
 * (type, edition, tag, venue), the time filter, pagination, visibility and hostile input; then more
 * matches than SEARCH_CAP (bulk-inserted events): "N+" totals and facet counts, what is kept and in
 * which order, paging, and the page a visitor sees.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { reindexSearch } from '../../db/search-index.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { formatCount } from '../../src/lib/numbers.ts';
import { findPublicEditionId } from '../../src/server/editions/queries.ts';
import { findTagId } from '../../src/server/events/queries.ts';
import { loadPeopleLinks } from '../../src/server/search/people.ts';
import { findPublicVenueId } from '../../src/server/venues/queries.ts';
import { SEARCH_CAP, searchHub, type SearchInput } from '../../src/server/search/search.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import type { TestServer } from '../helpers/server.ts';
import { createCurator, createEdition, createEvent, createOrganizer, createTag, createVenue, type Created } from '../helpers/factories.ts';

const shared = useAdminServer({ HUB_DEMO: '0' });
const now = new Date();
const search = (input: Partial<SearchInput> & { q: string }) => searchHub(shared.db, { locale: 'en', now, pageSize: 100, ...input });
/** Rows of the server's database, for the checks the search should agree with. */
const rows = async <T>(query: string, args: (string | number | null)[] = []) => (await shared.db.$client.execute({ sql: query, args })).rows as unknown as T[];

type Texts = Partial<Record<'en' | 'fr' | 'de', { title: string; body?: string }>>;
/**
 * The catalogue's public events: [English, French (or none), past?]. "City" is in two titles and
 * in more bodies; one French-only word; two events without French text (searched by fallback).
 */
const programme: [Texts['en'], Texts['fr'] | null, boolean][] = [
  [
    { title: 'Concert on the harbour', body: 'The city orchestra plays on the quays, from Haydn to the film scores of the sixties.' },
    { title: 'Concert sur le port', body: 'L’orchestre joue sur les quais.' },
    false,
  ],
  [
    { title: 'City of the future: architecture and heatwaves', body: 'Architects on keeping the streets cool through the summers to come.' },
    { title: 'La ville de demain : architecture et canicules', body: 'Des architectes et la chaleur.' },
    false,
  ],
  [
    { title: 'The city sings', body: 'Choirs from the whole region on the steps of the old market.' },
    { title: 'La ville chante', body: 'Des chœurs de toute la région.' },
    false,
  ],
  [
    { title: 'Theatre of the everyday', body: 'A play about the neighbours, the stairs and the lift that never works.' },
    { title: 'Théâtre du quotidien', body: 'Une pièce sur les voisins.' },
    false,
  ],
  [
    { title: 'Repair café', body: 'Bring the broken lamp and leave with it mended by the city’s best fixers.' },
    { title: 'Café réparation', body: 'Apportez la lampe cassée : réparation sur place.' },
    false,
  ],
  [
    { title: 'Print workshop', body: 'Learn the press and take home the poster you made.' },
    { title: 'Atelier de gravure', body: 'Apprenez la presse.' },
    false,
  ],
  [
    { title: 'Festival opening night', body: 'The festival begins by the river with lanterns and a brass band.' },
    { title: 'Soirée d’ouverture du festival', body: 'Le festival commence au bord du fleuve.' },
    false,
  ],
  [
    { title: 'Songs of the sea', body: 'Sea shanties in the city harbour, sung by the dockers’ choir.' },
    { title: 'Chants de la mer', body: 'Des chants de marins.' },
    false,
  ],
  [
    { title: 'Reading in the garden', body: 'Poems about the city, read under the lime trees of the cloister.' },
    { title: 'Lecture au jardin', body: 'Des poèmes sous les tilleuls.' },
    false,
  ],
  [
    { title: 'Film: the long summer', body: 'A documentary about the city in August, when the streets empty.' },
    { title: 'Film : le long été', body: 'Un documentaire sur le mois d’août.' },
    false,
  ],
  [{ title: 'Family morning', body: 'Games for the whole family in the city park.' }, null, false],
  [{ title: 'Lantern procession', body: 'Walk with the lanterns along the canal.' }, null, false],
  [{ title: 'The winter concert', body: 'Carols and the first snow on the square.' }, { title: 'Le concert d’hiver', body: 'Des chants de Noël.' }, true],
  [{ title: 'Theatre in the square', body: 'An open-air play on the old square.' }, { title: 'Théâtre sur la place', body: 'Une pièce en plein air.' }, true],
];

beforeAll(async () => {
  const { admin } = shared.app;
  const venues: Created[] = [];
  for (const name of ['Harbour Hall', 'Quay Theatre', 'Garden Stage'])
    venues.push(await createVenue(admin, { name, status: 'published', address: `${name}, 1 quai du Port, Marseille` }));
  const tags = [
    await createTag(admin, { translations: { en: { label: 'Music' }, fr: { label: 'Musique' }, de: { label: 'Musik' } } }),
    await createTag(admin, { translations: { en: { label: 'Talks' }, fr: { label: 'Rencontres' } } }),
  ];
  const curator = await createCurator(admin, { name: 'Ada Quillfeather' });
  const organizer = await createOrganizer(admin, { name: 'Friends of the Harbour' });
  // Different start dates: the edition facet orders equal counts by start, newest first.
  const editions = [
    await createEdition(admin, {
      status: 'published',
      startsAt: '2031-02-15T00:00:00Z',
      curatorIds: [curator.id],
      translations: { en: { title: 'City Nights Festival' }, fr: { title: 'Festival des nuits de la ville' } },
    }),
    await createEdition(admin, { status: 'published', translations: { en: { title: 'The Harbour Season' }, fr: { title: 'La saison du port' } } }),
  ];
  for (const [i, [en, fr, past]] of programme.entries()) {
    const day = String((i % 20) + 1).padStart(2, '0');
    const year = past ? 2021 : 2031;
    await createEvent(admin, {
      status: 'published',
      startsAt: `${year}-03-${day}T18:30:00+01:00`,
      endsAt: `${year}-03-${day}T21:00:00+01:00`,
      editionId: past ? null : editions[i % 2]!.id,
      venueId: venues[i % 3]!.id,
      tagIds: [tags[i % 2]!.id],
      ...(i === 0 ? { curatorIds: [curator.id], organizerIds: [organizer.id] } : {}),
      translations: { en, ...(fr ? { fr } : {}) },
    });
  }
  // Not public: two drafts, an archived and a scheduled event, and a draft edition.
  await createEvent(admin, { translations: { en: { title: 'Secret rehearsal' } } });
  await createEvent(admin, { translations: { en: { title: 'Unfinished draft' } } });
  const archived = await createEvent(admin, { status: 'published', translations: { en: { title: 'Withdrawn lecture' } } });
  const result = await admin.call('PATCH', `/api/admin/events/${archived.id}`, { version: archived.version, status: 'archived' });
  if (result.status !== 200) throw new Error(`archiving failed: ${JSON.stringify(result.body)}`);
  await createEvent(admin, { status: 'published', publishAt: '2040-01-01T00:00:00Z', translations: { en: { title: 'Scheduled surprise' } } });
  await createEdition(admin, { translations: { en: { title: 'Unannounced season' } } });
}, 120_000);

describe('prefix terms spelled out from the vocabulary', () => {
  // A transaction gets the prefix form (no vocabulary lookup): both forms must give the same page.
  const inTransaction = (input: Partial<SearchInput> & { q: string }) =>
    shared.db.transaction((tx) => searchHub(tx, { locale: 'en', now, pageSize: 100, ...input }));

  it('finds exactly what the prefix form finds, ranked the same, with and without filters', async () => {
    const [edition] = await rows<{ id: number }>(`SELECT id FROM editions WHERE status = 'published' ORDER BY id LIMIT 1`);
    const inputs: (Partial<SearchInput> & { q: string })[] = [
      { q: 'the' },
      { q: 'théâtre', locale: 'fr' },
      { q: 'atel', locale: 'fr' },
      { q: 'fest the' },
      { q: 'con' },
      { q: 'the', type: 'event' },
      { q: 'the', editionId: edition!.id },
      { q: 'the', when: 'upcoming' },
      { q: 'of the' },
    ];
    for (const input of inputs) {
      const spelled = await search(input);
      expect(spelled.total, input.q).toBeGreaterThan(0);
      expect(spelled, input.q).toEqual(await inTransaction(input));
    }
  });

  it('creates the vocabulary table on a connection that has none', async () => {
    const other = await openDatabase({ url: shared.app.server.databaseUrl });
    try {
      const result = await searchHub(other, { q: 'the', locale: 'en', now, pageSize: 100 });
      expect(result).toEqual(await search({ q: 'the' }));
      // Made on the connection the search used (the pool hands the idle one back first).
      const made = await other.$client.execute(`SELECT name FROM temp.sqlite_master WHERE name = 'search_vocab'`);
      expect(made.rows).toHaveLength(1);
    } finally {
      other.$client.close();
    }
  });
});

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
    const [missing] = await rows<{ id: number; title: string }>(
      `SELECT e.id, t.title FROM events e JOIN event_translations t ON t.event_id = e.id AND t.locale = 'en'
      WHERE e.status = 'published' AND e.publish_at IS NULL AND NOT EXISTS (SELECT 1 FROM event_translations f WHERE f.event_id = e.id AND f.locale = 'fr')`,
    );
    const word = missing!.title
      .split(/[^\p{L}]+/u)
      .filter((w) => w.length > 4)
      .at(-1)!;
    const result = await search({ q: word, locale: 'fr', type: 'event' });
    const hit = result.hits.find((h) => h.id === missing!.id);
    expect(hit?.isFallback).toBe(true);
    // French text is searched in French: a French-only word finds French rows.
    const french = await search({ q: 'réparation', locale: 'fr' });
    expect(french.hits.every((h) => !h.isFallback || h.type !== 'event')).toBe(true);
  });

  it('ranks title matches above body-only matches (bm25)', async () => {
    // "city" is in two titles and in many more bodies.
    const result = await search({ q: 'city' });
    const inTitle = result.hits.map((hit) => hit.titleMarked.includes('\u0001'));
    const firstBodyOnly = inTitle.indexOf(false);
    expect(inTitle.indexOf(true)).toBe(0);
    expect(firstBodyOnly).toBeGreaterThan(0);
    expect(inTitle.lastIndexOf(true)).toBeLessThan(firstBodyOnly);
  });

  it('finds curators and organizers, linked to what they present', async () => {
    const [curator] = await rows<{ id: number; name: string }>('SELECT id, name FROM curators ORDER BY id LIMIT 1');
    const result = await search({ q: curator!.name.split(' ')[1]!, type: 'curator' });
    expect(result.hits.map((hit) => hit.id)).toContain(curator!.id);
    const links = await loadPeopleLinks(shared.db, { curators: [curator!.id], organizers: [] }, 'en', now);
    expect(links.curators.get(curator!.id)?.length).toBeGreaterThan(0);
  });
});

describe('visibility', () => {
  it('never returns drafts, archived or scheduled events, nor the draft edition', async () => {
    const hidden = await rows<{ id: number; title: string; kind: string }>(
      `
      SELECT e.id, t.title, 'event' AS kind FROM events e JOIN event_translations t ON t.event_id = e.id AND t.locale = 'en'
        WHERE e.status <> 'published' OR e.publish_at > ?
      UNION ALL
      SELECT e.id, t.title, 'edition' FROM editions e JOIN edition_translations t ON t.edition_id = e.id AND t.locale = 'en' WHERE e.status <> 'published'`,
      [now.getTime()],
    );
    expect(hidden.length).toBeGreaterThan(3);
    for (const item of hidden) {
      const result = await search({ q: item.title });
      expect(
        result.hits.some((hit) => hit.type === item.kind && hit.id === item.id),
        item.title,
      ).toBe(false);
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
    const editionId = (await findPublicEditionId(shared.db, editionFacet.value, now))!;
    const inEdition = await search({ q: 'the', editionId });
    expect(inEdition.total).toBe(editionFacet.count);
    const tagFacet = all.facets.tag[0]!;
    const tagId = (await findTagId(shared.db, tagFacet.value))!;
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

describe('the venue facet and filter', () => {
  /** [venue id, slug, name] of published venues, by id. */
  let venueRows: { id: number; slug: string; name: string }[];
  const venueOf = async (eventIds: number[]) =>
    new Map(
      (
        await rows<{ id: number; venue_id: number | null }>(`SELECT id, venue_id FROM events WHERE id IN (SELECT value FROM json_each(?))`, [
          JSON.stringify(eventIds),
        ])
      ).map((row) => [row.id, row.venue_id]),
    );
  const eventIdsOf = (result: { hits: { type: string; id: number }[] }) => result.hits.filter((hit) => hit.type === 'event').map((hit) => hit.id);

  beforeAll(async () => {
    venueRows = await rows(`SELECT id, slug, name FROM venues WHERE status = 'published' ORDER BY id`);
  });

  it('counts the published venues of the matching events, most first, then by name', async () => {
    const all = await search({ q: 'the', pageSize: SEARCH_CAP });
    expect(all.capped).toBe(false);
    const venues = await venueOf(eventIdsOf(all));
    const counts = new Map<number, number>();
    for (const venueId of venues.values()) if (venueId !== null) counts.set(venueId, (counts.get(venueId) ?? 0) + 1);
    const expected = venueRows
      .filter((venue) => counts.has(venue.id))
      .map((venue) => ({ value: venue.slug, label: venue.name, count: counts.get(venue.id)!, atLeast: false }))
      .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
      .slice(0, 20);
    expect(expected.length).toBeGreaterThan(1);
    expect(all.facets.venue).toEqual(expected);
  });

  it('keeps only the events at the chosen venue, as many as the facet announced; the facet stays disjunctive', async () => {
    const all = await search({ q: 'the', pageSize: SEARCH_CAP });
    for (const facet of all.facets.venue.slice(0, 3)) {
      const venueId = (await findPublicVenueId(shared.db, facet.value))!;
      const atVenue = await search({ q: 'the', venueId, pageSize: SEARCH_CAP });
      expect(atVenue.total, facet.value).toBe(facet.count);
      expect(atVenue.hits.every((hit) => hit.type === 'event')).toBe(true);
      expect(new Set((await venueOf(eventIdsOf(atVenue))).values())).toEqual(new Set([venueId]));
      // Choosing a venue still shows how many matches the other venues have.
      expect(atVenue.facets.venue).toEqual(all.facets.venue);
      // The other facets count the venue's matches.
      expect(atVenue.facets.type).toEqual([{ value: 'event', label: 'event', count: facet.count, atLeast: false }]);
    }
  });

  it('combines with the edition and tag filters, each facet counting the others', async () => {
    const all = await search({ q: 'the' });
    for (const [key, facet] of [
      ['editionId', all.facets.edition[0]!],
      ['tagId', all.facets.tag[0]!],
    ] as const) {
      const id = key === 'editionId' ? await findPublicEditionId(shared.db, facet.value, now) : await findTagId(shared.db, facet.value);
      const narrowed = await search({ q: 'the', [key]: id, pageSize: SEARCH_CAP });
      const venue = narrowed.facets.venue[0]!;
      const venueId = (await findPublicVenueId(shared.db, venue.value))!;
      const both = await search({ q: 'the', [key]: id, venueId, pageSize: SEARCH_CAP });
      expect(both.total, `${key} ${facet.value} + ${venue.value}`).toBe(venue.count);
      expect(both.total).toBeLessThanOrEqual(narrowed.total);
      expect(both.hits.every((hit) => narrowed.hits.some((other) => other.type === hit.type && other.id === hit.id))).toBe(true);
      // Under both filters, the edition (or tag) facet counts the venue's matches.
      const atVenue = await search({ q: 'the', venueId, pageSize: SEARCH_CAP });
      const own = key === 'editionId' ? atVenue.facets.edition : atVenue.facets.tag;
      expect(key === 'editionId' ? both.facets.edition : both.facets.tag).toEqual(own);
      expect(own.find((value) => value.value === facet.value)?.count).toBe(venue.count);
    }
  });

  it('leaves a draft venue out of the facet', async () => {
    const all = await search({ q: 'the' });
    const top = all.facets.venue[0]!;
    await shared.db.$client.execute({ sql: `UPDATE venues SET status = 'draft' WHERE slug = ?`, args: [top.value] });
    try {
      const after = await search({ q: 'the' });
      expect(after.facets.venue.map((facet) => facet.value)).not.toContain(top.value);
      expect(after.total).toBe(all.total);
      expect(await findPublicVenueId(shared.db, top.value)).toBeUndefined();
    } finally {
      await shared.db.$client.execute({ sql: `UPDATE venues SET status = 'published' WHERE slug = ?`, args: [top.value] });
    }
  });
});

describe('hostile input', () => {
  it('answers a status, never an error, for any malformed query', async () => {
    const inputs = [
      '"',
      '""',
      '*',
      '"a" OR',
      'NEAR(a b',
      ')))',
      '^x',
      'title:x',
      'a:b:c',
      '\u0000\u0001',
      '-',
      '+-*/',
      "'; DROP TABLE events; --",
      'x'.repeat(10_000),
      '🎭',
      'a AND',
      'NOT',
    ];
    for (const q of inputs) {
      const result = await search({ q, locale: 'de' });
      expect(['ok', 'no-terms', 'too-long', 'empty'], q.slice(0, 20)).toContain(result.status);
    }
    expect((await search({ q: 'x'.repeat(10_000) })).status).toBe('too-long');
    expect((await search({ q: '***' })).status).toBe('no-terms');
    expect((await search({ q: '' })).status).toBe('empty');
    const [{ n }] = (await rows<{ n: number }>('SELECT count(*) AS n FROM events')) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });
});

/**
 * Adds `count` events in one go (English text only), newest ids last, and indexes them.
 * Returns their ids in insertion order.
 */
async function addEvents(
  db: Database,
  {
    slug,
    title,
    body,
    count,
    status = 'published',
    publishAt = null,
    editionId = null,
  }: { slug: string; title: string; body: string; count: number; status?: string; publishAt?: number | null; editionId?: number | null },
): Promise<number[]> {
  const start = Date.now() - 30 * 86_400_000;
  const inserted = await db.all<{ id: number }>(sql`
    INSERT INTO events (slug, edition_id, status, publish_at, starts_at, ends_at, time_zone)
    SELECT ${slug} || '-' || value, ${editionId}, ${status}, ${publishAt}, ${start} + value * 3600000, ${start} + value * 3600000 + 7200000, 'UTC'
    FROM generate_series(1, ${count}) ORDER BY value
    RETURNING id`);
  const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
  await db.run(sql`
    INSERT INTO event_translations (event_id, locale, title, body)
    SELECT value, 'en', ${title} || ' ' || value, ${body} FROM json_each(${JSON.stringify(ids)})`);
  await reindexSearch(db, 'event', ids);
  return ids;
}

describe(`more matches than the cap (${SEARCH_CAP})`, () => {
  let titled: number[];
  let bodyOnly: number[];
  let hidden: number[];
  let quillonTitled: number[];
  let quillonBody: number[];
  let editionId: number;
  const find = (input: Partial<SearchInput> & { q: string }) => searchHub(shared.db, { locale: 'en', now, pageSize: 20, ...input });
  const idsOf = (result: { hits: { id: number }[] }) => result.hits.map((hit) => hit.id);

  beforeAll(async () => {
    const [edition] = await rows<{ id: number }>(`SELECT id FROM editions WHERE status = 'published' AND publish_at IS NULL ORDER BY id LIMIT 1`);
    editionId = edition!.id;
    // "zephyrine": more title matches than the cap, newer body-only matches and newer hidden ones.
    titled = await addEvents(shared.db, { slug: 'zephyrine', title: 'Zephyrine night', body: 'A quiet evening.', count: SEARCH_CAP + 50, editionId });
    bodyOnly = await addEvents(shared.db, { slug: 'late-evening', title: 'Late evening', body: 'Songs about zephyrine winds.', count: 30 });
    hidden = [
      ...(await addEvents(shared.db, { slug: 'draft-zephyrine', title: 'Zephyrine draft', body: '', count: 5, status: 'draft' })),
      ...(await addEvents(shared.db, { slug: 'soon-zephyrine', title: 'Zephyrine soon', body: '', count: 3, publishAt: now.getTime() + 86_400_000 })),
    ];
    // "quillon": fewer title matches than the cap, but more matches than the cap in all.
    quillonTitled = await addEvents(shared.db, { slug: 'quillon', title: 'Quillon', body: 'Blades.', count: SEARCH_CAP - 20 });
    quillonBody = await addEvents(shared.db, { slug: 'harbour-talk', title: 'Harbour talk', body: 'A quillon workshop.', count: 40 });
  }, 60_000);

  it('answers "N+": the total is the cap and facet counts are lower bounds', async () => {
    const result = await find({ q: 'zephyrine' });
    expect(result.capped).toBe(true);
    expect(result.total).toBe(SEARCH_CAP);
    expect(result.facets.type).toEqual([{ value: 'event', label: 'event', count: SEARCH_CAP, atLeast: true }]);
    const edition = result.facets.edition.find((facet) => facet.count === SEARCH_CAP);
    expect(edition?.atLeast).toBe(true);
  });

  it('keeps the newest public title matches when they alone pass the cap', async () => {
    const result = await find({ q: 'zephyrine', pageSize: SEARCH_CAP });
    expect(idsOf(result)).toEqual(titled.slice(-SEARCH_CAP).reverse());
    for (const id of [...bodyOnly, ...hidden]) expect(idsOf(result)).not.toContain(id);
    expect(result.hits.every((hit) => hit.titleMarked.includes('\u0001Zephyrine\u0002'))).toBe(true);
  });

  it('pages through exactly the kept matches, consistently', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= SEARCH_CAP / 20; page++) seen.push(...idsOf(await find({ q: 'zephyrine', page })));
    expect(seen).toHaveLength(SEARCH_CAP);
    expect(new Set(seen).size).toBe(SEARCH_CAP);
    expect(idsOf(await find({ q: 'zephyrine', page: SEARCH_CAP / 20 + 1 }))).toEqual([]);
    const wide = await find({ q: 'zephyrine', page: 3, pageSize: 40 });
    expect(idsOf(wide)).toEqual(seen.slice(80, 120));
  });

  it('fills up with the newest other matches after every title match', async () => {
    const result = await find({ q: 'quillon', pageSize: SEARCH_CAP });
    expect(result.capped).toBe(true);
    expect(result.total).toBe(SEARCH_CAP);
    const ids = idsOf(result);
    expect(ids.slice(0, quillonTitled.length)).toEqual([...quillonTitled].reverse());
    expect(ids.slice(quillonTitled.length)).toEqual(quillonBody.slice(-20).reverse());
  });

  it('ranks by bm25 again below the cap, with exact counts', async () => {
    const result = await find({ q: 'quillon workshop' });
    expect(result.capped).toBe(false);
    expect(result.total).toBe(quillonBody.length);
    expect(result.facets.type).toEqual([{ value: 'event', label: 'event', count: quillonBody.length, atLeast: false }]);
  });

  it('applies filters before the cap; facets stay disjunctive', async () => {
    const upcoming = await find({ q: 'zephyrine', when: 'upcoming', pageSize: SEARCH_CAP });
    expect(upcoming.hits.every((hit) => hit.endsAt !== null && hit.endsAt >= now)).toBe(true);
    const editionOnly = await find({ q: 'zephyrine', type: 'edition' });
    expect(editionOnly.total).toBe(0);
    expect(editionOnly.facets.type).toEqual([{ value: 'event', label: 'event', count: SEARCH_CAP, atLeast: true }]);
    const inEdition = await find({ q: 'zephyrine', editionId });
    expect(inEdition.capped).toBe(true);
    expect(inEdition.hits.every((hit) => titled.includes(hit.id))).toBe(true);
  });

  it('counts venues past the cap as lower bounds, and filters by venue before the cap', async () => {
    const [venue] = await rows<{ id: number; slug: string; name: string }>(`SELECT id, slug, name FROM venues WHERE status = 'published' ORDER BY id LIMIT 1`);
    // The venue is not in the index: moving events there needs no reindex.
    await shared.db.$client.execute({
      sql: `UPDATE events SET venue_id = ? WHERE id IN (SELECT value FROM json_each(?))`,
      args: [venue!.id, JSON.stringify(titled)],
    });
    const result = await find({ q: 'zephyrine' });
    expect(result.facets.venue).toEqual([{ value: venue!.slug, label: venue!.name, count: SEARCH_CAP, atLeast: true }]);
    const atVenue = await find({ q: 'zephyrine', venueId: venue!.id, pageSize: SEARCH_CAP });
    expect(atVenue.capped).toBe(true);
    expect(idsOf(atVenue)).toEqual(titled.slice(-SEARCH_CAP).reverse());
    // Another venue holds none of them: the filter applies before the cap.
    const [other] = await rows<{ id: number }>(`SELECT id FROM venues WHERE status = 'published' AND id <> ? ORDER BY id LIMIT 1`, [venue!.id]);
    const elsewhere = await find({ q: 'zephyrine', venueId: other!.id });
    expect(elsewhere.total).toBe(0);
    // Its venue facet counts the newest matches without the venue filter, as every disjunctive
    // facet does: the body-only matches (at no venue) are newer than the title matches.
    expect(elsewhere.facets.venue).toEqual([{ value: venue!.slug, label: venue!.name, count: SEARCH_CAP - bodyOnly.length, atLeast: true }]);
  });
});

describe('the search page (capped, venues)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = shared.app.server;
    await addEvents(shared.db, { slug: 'zephyrine-page', title: 'Zephyrine night', body: 'A quiet evening.', count: SEARCH_CAP + 10 });
  }, 120_000);

  it.each(['en', 'fr'] as const)('says there are more than the cap, what it lists, and lower-bound facet counts (%s)', async (locale) => {
    const t = getTranslator(locale);
    const formatted = formatCount(locale, SEARCH_CAP);
    const page = await server.html(`/${locale}/hub/search?q=zephyrine`);
    expect(page.status).toBe(200);
    const text = page.body.replaceAll('&#39;', "'").replaceAll('&quot;', '"');
    expect(text).toContain(t('hub.search.resultCountCapped', { formatted }));
    expect(text).toContain(t('hub.search.capped', { formatted }));
    expect(text).toContain(`(${t('hub.search.facetCountAtLeast', { formatted })})`);
    expect(page.body.match(/<li>\s*<article class="hit(?: past)?">/g)).toHaveLength(20);
    // 25 pages: the last one is linked, not the one after (it answers 404: search-stemming.test.ts).
    expect(page.body).toContain(`page=${SEARCH_CAP / 20}"`);
    expect(page.body).not.toContain(`page=${SEARCH_CAP / 20 + 1}"`);
  });

  const resultCount = (body: string) => /<h2 id="results-heading">([^<]*)<\/h2>/.exec(body)?.[1]?.trim();
  const hitCount = (body: string) => body.match(/<article class="hit(?: past)?">/g)?.length ?? 0;

  it.each(['en', 'de'] as const)('lists venues with counts, links to the filtered search and marks the chosen one (%s)', async (locale) => {
    const t = getTranslator(locale);
    const page = await server.html(`/${locale}/hub/search?q=the`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<h2 class="facet-heading">${t('hub.search.facet.venue')}</h2>`);
    const link = /<a href="([^"]*venue=[a-z0-9-]+[^"]*)">\s*([^<]*?) <span class="count">\(([^)]+)\)<\/span>/.exec(page.body);
    expect(link).not.toBeNull();
    const [, encoded, label, count] = link! as unknown as [string, string, string, string];
    const href = encoded.replaceAll('&amp;', '&');
    const slug = new URL(href, server.origin).searchParams.get('venue')!;
    const filtered = await server.html(href);
    expect(filtered.status).toBe(200);
    // The form keeps the venue (a new word searches the same venue without JavaScript), the facet marks it.
    expect(filtered.body).toContain(`<input type="hidden" name="venue" value="${slug}"`);
    // The chosen venue is marked, keeps its count, and its link clears the filter.
    expect(filtered.body).toContain(`<a href="/${locale}/hub/search?q=the" aria-current="true">${label} <span class="count">(${count})</span>`);
    expect(resultCount(filtered.body)).toContain(count);
    expect(hitCount(filtered.body)).toBeGreaterThan(0);
  });

  it('answers an unknown, draft or malformed venue as it answers a tag: nothing found, or the filter ignored', async () => {
    const unknownTag = await server.html('/en/hub/search?q=the&tag=no-such-tag');
    const unknownVenue = await server.html('/en/hub/search?q=the&venue=no-such-venue');
    expect(unknownVenue.status).toBe(200);
    expect(resultCount(unknownVenue.body)).toBe(resultCount(unknownTag.body));
    expect(hitCount(unknownVenue.body)).toBe(0);
    expect(unknownVenue.body).toContain('<a href="/en/hub/search?q=the">Show all</a>');
    // A draft venue has no public page: searching it finds nothing either.
    const [venue] = await server.query<{ id: number; slug: string }>(`SELECT id, slug FROM venues WHERE status = 'published' ORDER BY id LIMIT 1`);
    await server.query(`UPDATE venues SET status = 'draft' WHERE id = ?`, [venue!.id]);
    // Another word than the first test's: its pages may be cached from before the venue changed.
    const draft = await server.html(`/en/hub/search?q=of&venue=${venue!.slug}`);
    expect(hitCount(draft.body)).toBe(0);
    expect(resultCount(draft.body)).toBe(resultCount((await server.html('/en/hub/search?q=of&tag=no-such-tag')).body));
    // A malformed slug is dropped, like a malformed tag.
    const all = await server.html('/en/hub/search?q=the');
    expect(resultCount((await server.html('/en/hub/search?q=the&venue=Not%20a%20slug')).body)).toBe(resultCount(all.body));
    expect(resultCount((await server.html('/en/hub/search?q=the&tag=Not%20a%20slug')).body)).toBe(resultCount(all.body));
  });
});

// Last in the file: it adds two editions to the catalogue the tests above count.
describe('the edition facet on a tie', () => {
  it('orders editions with as many matches and the same start by slug, whatever order they were made in', async () => {
    const { admin } = shared.app;
    const word = 'zephyrquill';
    const made: string[] = [];
    for (const title of ['Tie Alpha Weekend', 'Tie Beta Weekend']) {
      const edition = await createEdition(admin, {
        status: 'published',
        startsAt: '2032-06-01T00:00:00Z',
        endsAt: '2032-06-03T00:00:00Z',
        translations: { en: { title } },
      });
      await createEvent(admin, {
        status: 'published',
        startsAt: '2032-06-02T18:00:00+02:00',
        endsAt: '2032-06-02T20:00:00+02:00',
        editionId: edition.id,
        translations: { en: { title: `A ${word} evening`, body: 'Readings by the water.' } },
      });
      made.push(edition.slug);
    }
    const { facets } = await search({ q: word });
    expect(facets.edition.map((facet) => facet.value)).toEqual([...made].sort());
  });
});

// Adds its own events, with words no other test searches for.
describe('status and past marks on results', () => {
  it('says in words which results are cancelled, postponed or past, on a page without script', async () => {
    const { admin } = shared.app;
    const word = 'quorvalent';
    const make = (title: string, year: number, eventStatus: string) =>
      createEvent(admin, {
        status: 'published',
        eventStatus,
        startsAt: `${year}-05-02T18:00:00+02:00`,
        endsAt: `${year}-05-02T20:00:00+02:00`,
        translations: { en: { title: `${title} ${word}` }, fr: { title: `${title} ${word} (fr)` } },
      });
    await make('Cancelled', 2033, 'cancelled');
    await make('Postponed', 2033, 'postponed');
    await make('Ended', 2022, 'scheduled');
    await make('Coming', 2033, 'scheduled');

    const hits = (await search({ q: word })).hits;
    const marks = Object.fromEntries(hits.map((hit) => [hit.titleMarked.split(' ')[0], [hit.eventStatus, hit.isPast]]));
    expect(marks).toEqual({ Cancelled: ['cancelled', false], Postponed: ['postponed', false], Ended: ['scheduled', true], Coming: ['scheduled', false] });

    const { body } = await shared.app.server.html(`/fr/hub/search?q=${word}`);
    expect(body).not.toMatch(/<script\b[^>]*\bsrc=/);
    const results = body.split('<article').slice(1);
    const hitOf = (title: string) => results.find((html) => html.includes(`>${title}</`) || html.includes(`${title} <mark>`))!;
    expect(hitOf('Cancelled')).toMatch(/<strong[^>]*>\s*Annulé\s*<\/strong>/);
    expect(hitOf('Postponed')).toMatch(/<strong[^>]*>\s*Reporté\s*<\/strong>/);
    expect(hitOf('Ended')).toMatch(/<strong[^>]*>\s*Passé\s*<\/strong>/);
    expect(hitOf('Coming')).not.toMatch(/Passé|Annulé|Reporté/);
  });
});
