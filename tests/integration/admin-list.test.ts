/**
 * The admin list of events against a catalogue of 300 events the test makes through the admin API
 * (on a server without demo content): every page of every search, filter and sort gives the same
 * items, in the same order, with the same total as a straightforward reference query (one plain
 * SELECT … ORDER BY, sliced into pages).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reindexSearch } from '../../db/search-index.ts';
import { listItems, type ListOptions } from '../../src/server/engine/list.ts';
import type { PlanCosts } from '../../src/server/engine/list-search.ts';
import { eventsAdmin } from '../../src/server/collections/events.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEdition, createEvent, createTag } from '../helpers/factories.ts';

/** The server's count cap (HTTP cases); the in-process cases pass theirs to listItems. */
const SERVER_CAP = 20;
const shared = useAdminServer({ HUB_DEMO: '0', HUB_ADMIN_LIST_COUNT_CAP: String(SERVER_CAP) });
const LIMIT = 10;
const EVENTS = 300;
/** The tag on every third event (the filter cases). */
let tag: number;

/** Titles such that "la" is in most events (every French body has it), "concert" and "sound" in one in seven. */
const subjects = ['Harbour lights', 'Concert at the docks', 'Garden talk', 'Sound walk', 'Print fair', 'Night market', 'River reading'];
const french = ['Les lumières du port', 'Musique sur la jetée', 'Causerie au jardin', 'Balade sonore dans la ville', 'Foire à la gravure', 'Marché de nuit'];

beforeAll(async () => {
  const { admin } = shared.app;
  tag = (await createTag(admin)).id;
  for (let i = 0; i < EVENTS; i++) {
    const day = new Date(Date.UTC(2031, 0, 1) + (i % 120) * 86_400_000 + (i % 5) * 3_600_000);
    const en = `${subjects[i % subjects.length]} ${i}`;
    // Every sixth event has no French text, every fourth no German; every eighth French text has no summary.
    await createEvent(admin, {
      status: i % 10 === 5 ? 'draft' : 'published',
      startsAt: day.toISOString(),
      endsAt: new Date(day.getTime() + 2 * 3_600_000).toISOString(),
      tagIds: i % 3 === 0 ? [tag] : [],
      translations: {
        en: { title: en, summary: 'An evening on the quays.', body: 'Music, talks and food by the water.' },
        ...(i % 6 === 5
          ? {}
          : {
              fr: {
                title: `${french[i % french.length]} ${i}`,
                ...(i % 8 === 0 ? {} : { summary: 'Une soirée sur les quais.' }),
                body: 'De la musique, des rencontres.',
              },
            }),
        ...(i % 4 === 3 ? {} : { de: { title: `Abend ${i}`, summary: 'Ein Abend am Kai.', body: 'Musik und Gespräche.' } }),
      },
    });
  }
  // Ties on the sort keys (the id must break them) and events without an English title (the
  // title falls back to another locale), neither of which the API produces on its own.
  await shared.db.run(sql`UPDATE events SET updated_at = 1700000000000, starts_at = 1900000000000, ends_at = 1900000000000 WHERE id % 3 = 0`);
  await shared.db.run(sql`UPDATE event_translations SET title = 'Same title' WHERE locale = 'en' AND event_id % 7 = 0`);
  await shared.db.run(sql`DELETE FROM event_translations WHERE locale = 'en' AND event_id % 11 = 0
    AND event_id IN (SELECT event_id FROM event_translations WHERE locale <> 'en')`);
  // Partial translations (a blank summary counts as none) for the completeness badges.
  await shared.db.run(sql`UPDATE event_translations SET summary = '  ' WHERE locale = 'fr' AND event_id % 5 = 0`);
  await reindexSearch(shared.db, 'event');
}, 300_000);

interface Case {
  q?: string;
  /** The FTS query the reference runs (written by hand, not by the code under test). */
  match?: string;
  status?: string;
  /** Only the events carrying the catalogue's tag. */
  tag?: boolean;
  /** Only the events without any text in this locale (the translation filter `missing`). */
  missing?: 'fr' | 'de';
}

const sortKeys: Record<string, string> = {
  updatedAt: 'e.updated_at',
  createdAt: 'e.created_at',
  startsAt: 'e.starts_at',
  slug: 'e.slug',
  status: 'e.status',
  title: `(SELECT t.title FROM event_translations t WHERE t.event_id = e.id ORDER BY t.locale = 'en' DESC, t.locale LIMIT 1)`,
};
const sorts = Object.keys(sortKeys).flatMap((key) => [key, `-${key}`]);

const filled = (column: string) => `coalesce(trim(t.${column}), '') <> ''`;
/** An event's badge in one locale: no text at all, title + summary + body, or something between. */
const badge = (locale: string) => `coalesce((SELECT CASE
    WHEN NOT (${['title', 'summary', 'body', 'venue_name', 'status_note'].map(filled).join(' OR ')}) THEN 'missing'
    WHEN ${['title', 'summary', 'body'].map(filled).join(' AND ')} THEN 'complete' ELSE 'partial' END
  FROM event_translations t WHERE t.event_id = e.id AND t.locale = '${locale}'), 'missing')`;

interface ReferenceItem {
  id: number;
  title: string | null;
  locales: Record<string, string>;
}

/** Every matching event, in list order, with its title and completeness badges. */
async function reference(item: Case, sort: string): Promise<ReferenceItem[]> {
  const descending = sort.startsWith('-');
  const key = sortKeys[descending ? sort.slice(1) : sort]!;
  const direction = descending ? 'DESC' : 'ASC';
  const conditions = ['1'];
  const args: (string | number)[] = [];
  if (item.match !== undefined) {
    conditions.push(`e.id IN (SELECT entity_id FROM search_fts WHERE search_fts MATCH ? AND entity_type = 'event')`);
    args.push(item.match);
  }
  if (item.status) {
    conditions.push('e.status = ?');
    args.push(item.status);
  }
  if (item.tag) {
    conditions.push('e.id IN (SELECT event_id FROM event_tags WHERE tag_id = ?)');
    args.push(tag);
  }
  if (item.missing) conditions.push(`${badge(item.missing)} = 'missing'`);
  const result = await shared.db.$client.execute({
    sql: `SELECT e.id AS id, ${sortKeys['title']} AS title, ${badge('en')} AS en, ${badge('fr')} AS fr, ${badge('de')} AS de
      FROM events e WHERE ${conditions.join(' AND ')} ORDER BY ${key} ${direction}, e.id ${direction}`,
    args,
  });
  return result.rows.map((row) => ({
    id: Number(row['id']),
    title: row['title'] as string | null,
    locales: { en: String(row['en']), fr: String(row['fr']), de: String(row['de']) },
  }));
}

/** The list query as the endpoint would parse it from the query string. */
function parse(item: Case, sort: string, page: number) {
  return eventsAdmin.listQuery.parse({
    ...(item.q !== undefined ? { q: item.q } : {}),
    ...(item.status ? { status: item.status } : {}),
    ...(item.tag ? { tag: String(tag) } : {}),
    ...(item.missing ? { missing: item.missing } : {}),
    sort,
    page: String(page),
    limit: String(LIMIT),
  }) as Parameters<typeof listItems>[2];
}

/**
 * Walks every page (and one past the end), compares each with the reference's slice, returns the
 * total. With a count cap, a search's total stops at the cap and says so, on every page.
 */
async function expectSameAsReference(item: Case, sort: string, options: ListOptions = {}): Promise<number> {
  const expected = await reference(item, sort);
  const pages = Math.ceil(expected.length / LIMIT) + 1;
  const cap = options.countCap ?? Infinity;
  const capped = item.q !== undefined && expected.length > cap;
  for (let page = 1; page <= pages; page++) {
    const result = await listItems(shared.db, eventsAdmin.list, parse(item, sort, page), options);
    expect({
      sort,
      page,
      total: result.total,
      totalCapped: result.totalCapped,
      items: result.items.map((row) => ({ id: row['id'], title: row['title'], locales: row['locales'] })),
    }).toEqual({
      sort,
      page,
      total: capped ? cap : expected.length,
      totalCapped: capped,
      items: expected.slice((page - 1) * LIMIT, page * LIMIT),
    });
  }
  return expected.length;
}

const named = (cases: Case[]) => cases.map((item) => [JSON.stringify(item), item] as const);

describe('admin event list', () => {
  // First: the in-process tests below hold the event loop for seconds at a time, long enough for
  // the server to close an idle keep-alive socket that the next fetch would then reuse.
  it('answers a capped total through the API, with pages past the cap (HUB_ADMIN_LIST_COUNT_CAP)', async () => {
    const expected = await reference({ match: '"la"' }, '-updatedAt');
    expect(expected.length).toBeGreaterThan(3 * SERVER_CAP);
    const first = await shared.app.admin.call('GET', '/api/admin/events?q=la&sort=-updatedAt&limit=10');
    expect(first).toMatchObject({ status: 200, body: { total: SERVER_CAP, totalCapped: true, page: 1 } });
    const beyond = await shared.app.admin.call('GET', '/api/admin/events?q=la&sort=-updatedAt&limit=10&page=5');
    expect(beyond.body).toMatchObject({ total: SERVER_CAP, totalCapped: true, page: 5 });
    expect(beyond.body['items'].map((row: { id: number }) => row.id)).toEqual(expected.slice(40, 50).map((row) => row.id));
    const rare = await shared.app.admin.call('GET', '/api/admin/events?q=xylophonequartz');
    expect(rare.body).toMatchObject({ total: 0, totalCapped: false });
  });

  // A search page walks the sort index when matches are dense (`la`, in most events, alone or
  // among the published), reads each match when they are few (`concert`, ~40 events), and starts
  // from the filter when fewer events pass it than there are matches (`la` with a tag, or among
  // the drafts, below).
  it.each(
    named([
      { q: 'concert', match: '"concert"*' },
      { q: 'concert', match: '"concert"*', status: 'published' },
      { q: 'Sound', match: '"sound"*', status: 'published' },
      // Two letters: a whole word, in almost every event (many pages).
      { q: 'la', match: '"la"' },
      { q: 'la', match: '"la"', status: 'published' },
      { q: 'la', match: '"la"', status: 'published', tag: true },
    ]),
  )('search %s matches the reference on every page and sort', async (_, item) => {
    let total = 0;
    for (const sort of sorts) total = await expectSameAsReference(item, sort);
    // The fixture must really span several pages, or the comparison proves little.
    expect(total).toBeGreaterThan(2 * LIMIT);
  });

  it.each(named([{}, { status: 'published' }, { status: 'draft' }, { tag: true }]))(
    'filter %s matches the reference on every page and sort',
    async (_, item) => {
      for (const sort of sorts) await expectSameAsReference(item, sort);
    },
  );

  it('searches among the few drafts', async () => {
    for (const sort of sorts) expect(await expectSameAsReference({ q: 'la', match: '"la"', status: 'draft' }, sort)).toBeGreaterThan(0);
  });

  it("names each event's edition for the Edition column (its title in the default locale, else another; none without one)", async () => {
    const { admin } = shared.app;
    const edition = await createEdition(admin, { translations: { fr: { title: 'Printemps des quais' } } });
    const inEdition = await createEvent(admin, { editionId: edition.id });
    const page = await admin.call('GET', `/api/admin/events?edition=${edition.id}`);
    expect(page.body).toMatchObject({ total: 1, items: [{ id: inEdition.id, editionId: edition.id, editionTitle: 'Printemps des quais' }] });
    const alone = (await listItems(shared.db, eventsAdmin.list, parse({}, '-updatedAt', 1))).items.find((item) => item['editionId'] === null);
    expect(alone).toMatchObject({ editionTitle: null });
  });

  it('shows each locale as complete, partial or missing', async () => {
    const items = (await reference({}, 'updatedAt')).map((row) => Object.values(row.locales));
    for (const state of ['complete', 'partial', 'missing']) expect(items.flat()).toContain(state);
  });

  it('gives an empty page and a zero total for a word nothing contains', async () => {
    expect(await expectSameAsReference({ q: 'xylophonequartz', match: '"xylophonequartz"*' }, '-updatedAt')).toBe(0);
  });

  it('keeps the total on a page past the end', async () => {
    const result = await listItems(shared.db, eventsAdmin.list, parse({ q: 'concert' }, '-updatedAt', 50));
    expect(result.items).toEqual([]);
    expect(result.total).toBe((await reference({ match: '"concert"*' }, '-updatedAt')).length);
    expect(result.total).toBeGreaterThan(0);
  });

  it('finds nothing for text without letters or digits', async () => {
    const result = await listItems(shared.db, eventsAdmin.list, parse({ q: '#…' }, '-updatedAt', 1));
    expect(result).toMatchObject({ items: [], total: 0 });
  });
});

describe('admin event list with a count cap', () => {
  const CAP = 20;
  /** Each makes one dense-word plan the cheapest on this small catalogue. */
  const plans: Record<string, Partial<PlanCosts>> = {
    // Walk the sort index, asking the index about each row.
    probe: { probePerWord: 0, lookup: 1e9, narrowMatch: 1e9 },
    // Walk the sort index, keeping the rows among all the matches.
    walk: { probePerWord: 1e9, lookup: 1e9, narrowMatch: 1e9 },
    // Look each match up and sort them.
    lookup: { probePerWord: 1e9, walkedRow: 1e9, lookup: 0, narrowMatch: 1e9 },
    // Start from the filters' rows.
    narrow: { narrowMatch: 0, narrowRow: 0, countedMatch: 1e9 },
  };
  const cases = named([
    { q: 'concert', match: '"concert"*' },
    { q: 'la', match: '"la"', status: 'published' },
    { q: 'la', match: '"la"', status: 'published', tag: true },
    { q: 'Sound', match: '"sound"*', status: 'draft' },
    // The translation filters are checked per match (or per walked row), never started from.
    { q: 'music', match: '"music"*', missing: 'fr' },
    { q: 'concert', match: '"concert"*', status: 'published', missing: 'de' },
  ]);

  // Pages past the cap still come, in the same order as without one; the total says "more than 20".
  it.each(cases)('search %s stops counting at the cap and pages on with every plan', async (_, item) => {
    for (const [plan, planCosts] of Object.entries(plans)) {
      for (const sort of ['-updatedAt', 'startsAt', '-slug', 'title']) {
        await expectSameAsReference(item, sort, { countCap: CAP, planCosts }).catch((error: Error) => {
          throw new Error(`plan ${plan}: ${error.message}`);
        });
      }
    }
    expect((await reference(item, '-updatedAt')).length).toBeGreaterThan(item.status === 'draft' || item.missing === 'de' ? 0 : CAP);
  });

  it('gives the exact total of a word with fewer items than the cap', async () => {
    const total = await expectSameAsReference({ q: 'Sound', match: '"sound"*', status: 'published' }, '-updatedAt', { countCap: 100 });
    expect(total).toBeLessThan(100);
    expect(total).toBeGreaterThan(2 * LIMIT);
  });

  it('counts a list without a search exactly, whatever the cap', async () => {
    const result = await listItems(shared.db, eventsAdmin.list, parse({ status: 'published' }, '-updatedAt', 1), { countCap: CAP });
    expect(result).toMatchObject({ total: (await reference({ status: 'published' }, '-updatedAt')).length, totalCapped: false });
  });
});
