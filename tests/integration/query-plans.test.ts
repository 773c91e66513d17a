/**
 * Query-plan guard: the data behind each hub page, feed, calendar, sitemap, media route, the
 * cache schedule and purge poll, and each admin list, detail, export and dashboard is loaded the
 * way its page or route loads it; every statement sent is recorded and explained, and no plan may
 * read a large table in full. The SQL comes from the functions themselves, never a copy.
 *
 * The app never runs ANALYZE (no migration or script does), so the planner has no statistics and
 * its choices do not depend on row counts: a seeded database of a few hundred events gets the
 * plans production gets, with the shapes that decide which statements run (an edition with more
 * events than its page lists, people among the search hits).
 */
import { join } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { asc, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client.ts';
import { events } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed/generate.ts';
import type { Locale } from '../../src/i18n/config.ts';
import { countCollections, listLatestAuditEntries } from '../../src/server/admin/dashboard.ts';
import { listActivity, listActivityPeople, listItemHistory } from '../../src/server/activity/queries.ts';
import { exportStream } from '../../src/server/engine/export.ts';
import { listItems } from '../../src/server/engine/list.ts';
import { getTranslationCoverage } from '../../src/server/translations/coverage.ts';
import { loadPreview } from '../../src/server/admin/preview.ts';
import type { AdminResource } from '../../src/server/engine/resource.ts';
import { getItem } from '../../src/server/engine/service.ts';
import { contactSchema } from '../../src/server/contact/schema.ts';
import { submitContactMessage } from '../../src/server/contact/service.ts';
import { curatorsAdmin } from '../../src/server/collections/curators.ts';
import { getCuratorPage } from '../../src/server/curators/page.ts';
import { editionsAdmin } from '../../src/server/collections/editions.ts';
import { findPublicEditionId, getEditionPage, getFeaturedEdition, listPublicEditions } from '../../src/server/editions/queries.ts';
import { eventsAdmin } from '../../src/server/collections/events.ts';
import { getEventPage } from '../../src/server/events/detail.ts';
import { getOtherEvents } from '../../src/server/events/other-events.ts';
import { parseHubFilters } from '../../src/server/events/filters.ts';
import { withVenueAddresses } from '../../src/server/calendar/locations.ts';
import { buildEventFilters, findTagId, listPublicEvents, listRecentlyPublished, selectEventItems } from '../../src/server/events/queries.ts';
import { listPublicTags } from '../../src/server/events/tags.ts';
import { filesAdmin } from '../../src/server/collections/files.ts';
import { forgetContentMemos } from '../../src/server/page-cache/invalidate.ts';
import { getLatestPurgeId, insertPurge, prunePurges, readPurgesAfter } from '../../src/server/page-cache/purge-log.ts';
import { getNextScheduledChange } from '../../src/server/page-cache/schedule.ts';
import { mediasAdmin } from '../../src/server/collections/medias.ts';
import { organizersAdmin } from '../../src/server/collections/organizers.ts';
import { getOrganizerPage } from '../../src/server/organizers/page.ts';
import { parseSearchParams } from '../../src/server/search/params.ts';
import { loadPeopleLinks } from '../../src/server/search/people.ts';
import { searchHub } from '../../src/server/search/search.ts';
import { CREATE_VOCABULARY } from '../../src/server/search/vocabulary.ts';
import { buildSitemap, countSitemapParts } from '../../src/server/seo/sitemap.ts';
import { getEditionArchive } from '../../src/server/editions/archive.ts';
import { listPublicPeople } from '../../src/server/people/line-up.ts';
import { getTodayPage } from '../../src/server/today/queries.ts';
import { listVenueDirectory } from '../../src/server/venues/directory.ts';
import { findFileByKey, findImageByKey } from '../../src/server/storage/catalog.ts';
import { parseOriginalKey } from '../../src/server/storage/keys.ts';
import { tagsAdmin } from '../../src/server/collections/tags.ts';
import { listEditions } from '../../src/server/public-api/editions.ts';
import { eventFilters, listEvents } from '../../src/server/public-api/events.ts';
import type { ListResult } from '../../src/server/public-api/pages.ts';
import { noFilters, readListQuery, type FilterReader, type ListQuery } from '../../src/server/public-api/params.ts';
import { listCurators, listOrganizers } from '../../src/server/public-api/people.ts';
import { nameFilters } from '../../src/server/public-api/name-filters.ts';
import { listTags, listVenues } from '../../src/server/public-api/venues.ts';
import { findPublicVenueId } from '../../src/server/venues/queries.ts';
import { announceScheduledChanges } from '../../src/server/webhooks/scheduled.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { explainPlan, findFullScans, formatPlan, isPlannable, listTables, recordStatements, type AcceptedScan } from '../helpers/query-plans.ts';

/** Tables a plan may read in full: they grow with the catalogue or the editions, never with events. */
const smallTables: Record<string, string> = {
  event_status_counts: 'one row per publication status (migration 0045)',
  tags: 'the tag vocabulary: 19 rows at 100k events',
  tag_translations: 'one row per tag and locale',
  curators: 'the people presenting: 12 rows at 100k events',
  curator_translations: 'one row per curator and locale',
  organizers: 'the organisations: 10 rows at 100k events',
  venues: 'the places events happen: tens of rows, whatever the number of events',
  venue_translations: 'one row per venue and locale',
  organizer_translations: 'one row per organizer and locale',
  editions: 'one row per festival edition: 200 at 100k events',
  edition_translations: 'one row per edition and locale',
  edition_curators: 'a few per edition: 623 rows at 100k events',
  edition_tags: 'a few per edition: 813 rows at 100k events',
  edition_files: 'a few per edition: 467 rows at 100k events',
  medias: 'the media library: 26 rows at 100k events',
  media_translations: 'one row per media and locale',
  files: 'the downloads library: 4 rows at 100k events',
  file_translations: 'one row per file and locale',
  cache_purges: 'pruned to the last hour of writes (purge-log.ts)',
  webhook_endpoints: 'the receivers an admin configured: a handful of rows (decision 028)',
};

/** Bounded index reads accepted in every case. */
const everywhere: AcceptedScan[] = [
  { plan: /^SEARCH events USING INDEX events_span_idx$/, reason: 'max(ends_at - starts_at) is one seek at the end of the expression index (events/span.ts)' },
];

/** Index walks that are bounded, named per case (a walk feeding a sort is never accepted). */
const orderedPage: AcceptedScan = {
  plan: /^SCAN events USING (COVERING )?INDEX \w+$/,
  reason: 'the total counts the collection on its smallest index; the page walks the sort index and stops after OFFSET + LIMIT rows',
};
/** A full-text admin search: its page may walk the sort index; it sizes the table to choose that walk. */
const searchWalk: AcceptedScan = {
  plan: /^SCAN sw USING (COVERING )?INDEX \w+$/,
  reason:
    'the page walks the sort index, keeps the matching rows (in the match set, or asking the index about each row) and stops after OFFSET + LIMIT of them, chosen only when that is short (admin/list-search.ts searchPage)',
};
const highestId: AcceptedScan = {
  // The planner may read it from the search's lookup index, which starts with id: one seek too.
  plan: /^SEARCH events( USING COVERING INDEX events_search_lookup_idx)?$/,
  reason: 'max(id) is one seek at the end of the primary key or of an index starting with id (admin/list-search.ts searchPage)',
};

/** The seed's reference day and the instant pages are rendered at: the same plans on every run. */
const seededAt = new Date('2026-06-01T00:00:00Z');
const now = new Date(seededAt.getTime() + 10 * 3_600_000);

let test: TestDatabase;
let recorder: ReturnType<typeof recordStatements>;
/** Its own connection: an explained write leaves its statement open, which would block the app's commits. */
let explainer: Client;
let tables: Set<string>;
/** Slugs, ids, keys and words the cases look up, read from the seeded rows before recording. */
const fixture = {
  event: '',
  loneEvent: '',
  seriesDate: '',
  draftEvent: '',
  draftEdition: '',
  edition: '',
  editionId: 0,
  tag: '',
  tagId: 0,
  venue: '',
  eventId: 0,
  curatorId: 0,
  organizerId: 0,
  fileId: 0,
  mediaId: 0,
  imageKey: '',
  fileKey: '',
  curatorWord: '',
  organizerWord: '',
};
const WORD = 'concert';

async function value<T extends string | number>(query: ReturnType<typeof sql>): Promise<T> {
  const row = await test.db.get<{ v: T }>(query);
  if (row === undefined) throw new Error('a fixture query found nothing');
  return row.v;
}

beforeAll(async () => {
  test = await createTestDatabase();
  // 600 events over 5 editions: each edition has more events than its page lists (100).
  await seedDatabase(test.db, { uploadsDir: join(test.dir, 'uploads'), events: 600, now: seededAt });
  const visible = sql.raw(`status = 'published' AND (publish_at IS NULL OR publish_at <= ${now.getTime()})`);
  const linked = sql.raw(
    ['event_medias', 'event_files', 'event_curators', 'event_organizers'].map((table) => `EXISTS (SELECT 1 FROM ${table} WHERE event_id = e.id)`).join(' AND '),
  );
  Object.assign(fixture, {
    event: await value(sql`SELECT slug AS v FROM events e WHERE ${visible} AND edition_id IS NOT NULL AND ${linked} ORDER BY id LIMIT 1`),
    loneEvent: await value(sql`SELECT slug AS v FROM events WHERE ${visible} AND edition_id IS NULL ORDER BY id LIMIT 1`),
    // A later date of a repeating event (the seed makes one in a thousand repeat).
    seriesDate: await value(sql`SELECT slug AS v FROM events WHERE ${visible} AND series_id IS NOT NULL ORDER BY id LIMIT 1`),
    draftEvent: await value(sql`SELECT slug AS v FROM events WHERE status = 'draft' ORDER BY id LIMIT 1`),
    draftEdition: await value(sql`SELECT slug AS v FROM editions WHERE status = 'draft' ORDER BY id LIMIT 1`),
    edition: await value(
      sql`SELECT slug AS v FROM editions ed WHERE ${visible} ORDER BY (SELECT count(*) FROM events WHERE edition_id = ed.id) DESC, id LIMIT 1`,
    ),
    tag: await value(sql`SELECT t.slug AS v FROM tags t JOIN event_tags x ON x.tag_id = t.id GROUP BY t.id ORDER BY count(*) DESC, t.id LIMIT 1`),
    venue: await value(
      sql`SELECT v.slug AS v FROM venues v JOIN events e ON e.venue_id = v.id WHERE v.status = 'published' GROUP BY v.id ORDER BY count(*) DESC, v.id LIMIT 1`,
    ),
    curatorId: await value(sql`SELECT curator_id AS v FROM event_curators GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`),
    organizerId: await value(sql`SELECT organizer_id AS v FROM event_organizers GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`),
    fileId: await value(sql`SELECT file_id AS v FROM event_files GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`),
    imageKey: await value(sql`SELECT storage_key AS v FROM medias WHERE kind = 'image' ORDER BY id LIMIT 1`),
    mediaId: await value(sql`SELECT cover_media_id AS v FROM events WHERE cover_media_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`),
    fileKey: await value(sql`SELECT storage_key AS v FROM files ORDER BY id LIMIT 1`),
    curatorWord: (await value<string>(sql`SELECT name AS v FROM curators ORDER BY id LIMIT 1`)).split(' ')[0],
    organizerWord: (await value<string>(sql`SELECT name AS v FROM organizers ORDER BY id LIMIT 1`)).split(' ').at(-1),
  });
  fixture.editionId = await value(sql`SELECT id AS v FROM editions WHERE slug = ${fixture.edition}`);
  fixture.tagId = await value(sql`SELECT id AS v FROM tags WHERE slug = ${fixture.tag}`);
  fixture.eventId = await value(sql`SELECT id AS v FROM events WHERE slug = ${fixture.event}`);
  for (const tags of [['hub'], ['event:1', 'hub'], ['search']]) await insertPurge(test.db, tags);
  explainer = createClient({ url: test.url, intMode: 'number' });
  // The search's statements read the connection's vocabulary table (search/vocabulary.ts).
  await explainer.execute(CREATE_VOCABULARY);
  tables = await listTables(explainer);
  recorder = recordStatements(test.db);
}, 60_000);

afterAll(() => {
  recorder?.stop();
  explainer?.close();
  test?.close();
});

interface Case {
  name: string;
  run: () => Promise<unknown>;
  /** Plannable statements the case sends at least: a case that stops querying must not pass. */
  minStatements: number;
  accepted?: AcceptedScan[];
}

/** Runs a case from cold memos, explains what it sent, fails listing each full scan with its plan. */
async function checkPlans({ name, run, minStatements, accepted = [] }: Case): Promise<void> {
  forgetContentMemos();
  recorder.take();
  await run();
  const statements = recorder.take().filter(isPlannable);
  expect(statements.length, `${name}: statements sent`).toBeGreaterThanOrEqual(minStatements);
  const failures: string[] = [];
  for (const statement of statements) {
    const plan = await explainPlan(explainer, statement);
    const scans = findFullScans(statement, plan, tables, { smallTables, accepted: [...everywhere, ...accepted] });
    if (scans.length === 0) continue;
    const where = scans.map((scan) => `${scan.table} (${scan.detail})`).join(', ');
    failures.push(
      `full scan of ${where}\nSQL: ${statement.sql.replace(/\s+/g, ' ').trim()}\nargs: ${JSON.stringify(statement.args)}\nplan:\n${formatPlan(plan)}`,
    );
  }
  if (failures.length) console.log(`${name}\n\n${failures.join('\n\n')}`);
  expect(failures, name).toEqual([]);
}

const db = () => test.db;

/** The edition, tag and venue a query string names, resolved as the pages resolve them. */
const resolveFilterIds = (filters: { edition?: string | undefined; tag?: string | undefined; venue?: string | undefined }) =>
  Promise.all([
    filters.edition ? findPublicEditionId(db(), filters.edition, now) : undefined,
    filters.tag ? findTagId(db(), filters.tag) : undefined,
    filters.venue ? findPublicVenueId(db(), filters.venue) : undefined,
  ]);

/** src/pages/[locale]/hub/index.astro (and the layout's cache decision). */
async function loadHubListing(locale: Locale, query: string) {
  const filters = parseHubFilters(new URLSearchParams(query));
  const [[editionId, tagId, venueId]] = await Promise.all([
    resolveFilterIds(filters),
    listPublicEditions(db(), locale, now),
    listPublicTags(db(), locale, now),
  ]);
  await listPublicEvents(db(), { locale, now, ...filters, editionId, tagId, venueId, pageSize: 24 });
  await getNextScheduledChange(db(), now);
}

/** The conditions of a hub view, as src/server/feeds/hub-view.ts builds them. */
async function hubViewConditions(query: string) {
  const filters = parseHubFilters(new URLSearchParams(query));
  const [editionId, tagId, venueId] = await resolveFilterIds(filters);
  return { filters, ...(await buildEventFilters(db(), { now, when: filters.when, editionId, tagId, venueId, from: filters.from, to: filters.to })) };
}

/** src/pages/[locale]/hub/calendar.ics.ts. */
async function loadHubCalendar(locale: Locale, query: string) {
  const { filters, list } = await hubViewConditions(query);
  const order = filters.when === 'past' ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)];
  await withVenueAddresses(db(), await selectEventItems(db(), locale, now, list, order, 1_000));
  await getNextScheduledChange(db(), now);
}

/** src/pages/[locale]/hub/feed.xml.ts. */
async function loadFeed(locale: Locale, query: string) {
  const { count } = await hubViewConditions(query);
  await listRecentlyPublished(db(), locale, now, 30, count);
  await getNextScheduledChange(db(), now);
}

/** src/pages/[locale]/hub/search.astro. */
async function loadSearch(locale: Locale, query: string) {
  const params = parseSearchParams(new URLSearchParams(query));
  const [editionId, tagId, venueId] = await resolveFilterIds(params);
  const results = await searchHub(db(), {
    q: params.q,
    locale,
    now,
    type: params.type,
    editionId,
    tagId,
    venueId,
    when: params.when,
    page: params.page,
    pageSize: 20,
  });
  const idsOf = (type: string) => results.hits.filter((hit) => hit.type === type).map((hit) => hit.id);
  await loadPeopleLinks(db(), { curators: idsOf('curator'), organizers: idsOf('organizer') }, locale, now);
  await getNextScheduledChange(db(), now);
}

/** GET /api/public/v1/<list>, then its next page by cursor (src/server/public-api). */
async function loadApiPages<F>(
  reader: FilterReader<F>,
  list: string,
  query: string,
  keyLength: number,
  load: (db: Executor, query: ListQuery<F>, now: Date) => Promise<ListResult>,
) {
  const read = readListQuery(new URLSearchParams(`${query}${query ? '&' : ''}limit=3`), list, reader, keyLength);
  if (!read.ok) throw new Error(`invalid query ${query}: ${JSON.stringify(read.errors)}`);
  const first = await load(db(), read.query, now);
  await load(db(), { ...read.query, after: first.nextKey ?? Array(keyLength).fill(1) }, now);
}

/** GET /api/admin/<collection>: the query string parsed by the collection's schema. */
const adminList = (resource: AdminResource, query: Record<string, string>) => () => listItems(db(), resource.list, resource.listQuery.parse(query));

/** GET /api/admin/<collection>/export, read to the end. */
async function adminExport(resource: AdminResource) {
  const reader = exportStream(db(), resource.list, resource.exportQuery.parse({}), 'json').getReader();
  while (!(await reader.read()).done);
}

const hubCases: Case[] = [
  {
    name: 'home page',
    minStatements: 6,
    run: async () => {
      await Promise.all([getFeaturedEdition(db(), 'en', now), listPublicEvents(db(), { locale: 'en', now, pageSize: 6 })]);
      await getNextScheduledChange(db(), now);
    },
  },
  ...['', 'when=past', 'when=all', 'page=3', 'edition', 'tag', 'from=2026-06-10&to=2026-06-20', 'edition&tag&when=all', 'venue', 'venue&edition&when=all'].map(
    (query): Case => ({
      name: `hub listing ?${query}`,
      minStatements: 7,
      run: () => loadHubListing('fr', withFixture(query)),
    }),
  ),
  { name: 'event page', minStatements: 10, run: () => getEventPage(db(), { slug: fixture.event, locale: 'de', now }) },
  {
    name: "event page's list of its edition's other events",
    minStatements: 3,
    run: async () =>
      getOtherEvents(db(), {
        editionId: await value<number>(sql`SELECT edition_id AS v FROM events WHERE slug = ${fixture.event}`),
        eventId: fixture.eventId,
        locale: 'de',
        now,
      }),
  },
  {
    name: "a repeating event's date page, with its series' texts and dates",
    minStatements: 10,
    run: () => getEventPage(db(), { slug: fixture.seriesDate, locale: 'fr', now }),
  },
  { name: 'event page of an event in no edition', minStatements: 5, run: () => getEventPage(db(), { slug: fixture.loneEvent, locale: 'en', now }) },
  { name: 'unknown event page', minStatements: 1, run: () => getEventPage(db(), { slug: 'no-such-event', locale: 'en', now }) },
  { name: 'edition page (and its calendar)', minStatements: 9, run: () => getEditionPage(db(), { slug: fixture.edition, locale: 'fr', now }) },
  // Curators and organizers are small tables; what matters is that their events and editions are reached through the link indexes.
  {
    name: "curator's page",
    minStatements: 4,
    run: async () => getCuratorPage(db(), { slug: await value<string>(sql`SELECT slug AS v FROM curators ORDER BY id LIMIT 1`), locale: 'fr', now }),
  },
  {
    name: "organizer's page",
    minStatements: 3,
    run: async () => getOrganizerPage(db(), { slug: await value<string>(sql`SELECT slug AS v FROM organizers ORDER BY id LIMIT 1`), locale: 'de', now }),
  },
  ...[
    `q=${WORD}`,
    `q=${WORD}&type=event&when=upcoming`,
    `q=${WORD}&edition&tag&when=past&page=2`,
    `q=${WORD}&venue`,
    `q=${WORD}&venue&edition&tag`,
    'q=curator',
    'q=organizer&type=organizer',
    `q=${WORD}*`,
  ].map((query): Case => ({ name: `search ?${query}`, minStatements: 3, run: () => loadSearch('en', withFixture(query)) })),
  ...['', 'when=past', 'edition&when=all', 'tag', 'from=2026-06-10&to=2026-06-20'].map((query): Case => ({
    name: `hub calendar ?${query}`,
    minStatements: 4,
    run: () => loadHubCalendar('en', withFixture(query)),
  })),
  ...['', 'when=all', 'when=past', 'tag', 'edition&when=all', 'from=2026-06-10&to=2026-06-20'].map((query): Case => ({
    name: `RSS feed ?${query}`,
    minStatements: 3,
    run: () => loadFeed('en', withFixture(query)),
    accepted: [
      {
        plan: /^SCAN events USING INDEX events_visible_since_idx$/,
        reason: 'newest to become public first, read from the expression index; stops after LIMIT matching rows',
      },
    ],
  })),
  // The hub's indexes (src/pages/[locale]/hub/{today,editions,venues,people}.astro).
  ...[null, 'Asia/Tokyo'].map((zone): Case => ({
    name: `now and next${zone ? ` ?tz=${zone}` : ''}`,
    minStatements: 4,
    run: async () => {
      await getTodayPage(db(), { locale: 'en', now, zone });
      // A day with nothing on: the next event, however far, and its day.
      await getTodayPage(db(), { locale: 'en', now: new Date(Date.UTC(2000, 0, 1)), zone });
      await getNextScheduledChange(db(), now);
    },
  })),
  { name: 'editions archive', minStatements: 3, run: () => getEditionArchive(db(), 'fr', now) },
  { name: 'venues index', minStatements: 2, run: () => listVenueDirectory(db(), 'de') },
  { name: 'line-up A–Z', minStatements: 1, run: () => listPublicPeople(db(), now) },
  {
    name: 'sitemap size',
    minStatements: 1,
    run: () => countSitemapParts(db(), now),
    accepted: [
      {
        plan: /^SCAN events USING COVERING INDEX \w+$/,
        reason: 'counts every public event to size the sitemap index, index-only (8 ms at 100k events); cached until a write',
      },
    ],
  },
  {
    name: 'sitemap files',
    minStatements: 4,
    run: async () => {
      for (const part of [undefined, 0, 1]) await buildSitemap(db(), 'https://hub.example', now, part);
    },
  },
  {
    name: 'media and file routes',
    minStatements: 3,
    run: async () => {
      await findImageByKey(db(), parseOriginalKey(fixture.imageKey)!);
      await findImageByKey(db(), parseOriginalKey(fixture.imageKey)!, 'video');
      await findFileByKey(db(), parseOriginalKey(fixture.fileKey)!);
    },
  },
  {
    name: 'contact form',
    minStatements: 2,
    run: () => {
      const input = contactSchema.parse({ name: 'Ada', email: 'ada@example.org', subject: 'Hello', message: 'A question about the programme.', consent: true });
      return submitContactMessage(db(), input, { locale: 'en', clientKey: '192.0.2.1', now, limit: 5 });
    },
  },
  ...['', 'when=past', 'edition', 'edition&tag', 'venue&when=all', 'tag&status=cancelled', 'from=2026-06-10&to=2026-06-20'].map((query): Case => ({
    name: `public API events ?${query}, two pages`,
    // Span, zones, rows (twice); a page without rows loads no tags or covers.
    minStatements: 4,
    run: () => loadApiPages(eventFilters, 'events', withFixture(query), 2, listEvents),
  })),
  { name: 'public API editions, two pages', minStatements: 2, run: () => loadApiPages(noFilters, 'editions', '', 2, listEditions) },
  ...(
    [
      ['curators', listCurators],
      ['organizers', listOrganizers],
      ['venues', listVenues],
      ['tags', listTags],
    ] as const
  ).flatMap(([list, load]) =>
    ['', 'edition', 'q=curator', 'edition&q=organizer'].map((query): Case => ({
      name: `public API ${list} ?${query}, two pages`,
      minStatements: 2,
      run: () => loadApiPages(nameFilters, list, withFixture(query), 1, load),
    })),
  ),
  { name: 'next scheduled change', minStatements: 2, run: () => getNextScheduledChange(db(), now) },
  {
    name: 'cache purge poll',
    minStatements: 3,
    run: async () => {
      await getLatestPurgeId(db());
      await readPurgesAfter(db(), 1);
      await prunePurges(db());
    },
  },
];

/** A query string with `edition`, `tag`, `curator`, `organizer` placeholders filled from the fixture. */
function withFixture(query: string): string {
  const values: Record<string, string> = { edition: `edition=${fixture.edition}`, tag: `tag=${fixture.tag}`, venue: `venue=${fixture.venue}` };
  const words: Record<string, string> = {
    'q=curator': `q=${encodeURIComponent(fixture.curatorWord)}`,
    'q=organizer': `q=${encodeURIComponent(fixture.organizerWord)}`,
  };
  return query
    .split('&')
    .map((part) => values[part] ?? words[part] ?? part)
    .join('&');
}

const collections = [eventsAdmin, editionsAdmin, curatorsAdmin, organizersAdmin, tagsAdmin, mediasAdmin, filesAdmin];
/** Event sorts read from an index; only the title (a per-row translation lookup) sorts the whole table. */
const eventSorts = ['updatedAt', 'slug', 'createdAt', 'startsAt', 'status'].flatMap((field) => [field, `-${field}`]);
const sortsOf = (resource: AdminResource) =>
  resource === eventsAdmin ? eventSorts : Object.keys(resource.list.sorts).flatMap((field) => [field, `-${field}`]);

const adminCases: Case[] = [
  {
    name: 'dashboard counts',
    minStatements: 7,
    run: () => countCollections(db()),
    accepted: [{ plan: /^SCAN events USING COVERING INDEX \w+$/, reason: 'count(*) of the whole collection reads its smallest index (0.5 ms at 100k events)' }],
  },
  {
    name: 'translation coverage',
    minStatements: 8,
    run: () => getTranslationCoverage(db()),
    accepted: [
      { plan: /^SCAN events USING COVERING INDEX \w+$/, reason: 'count(*) of the whole collection reads its smallest index, as the dashboard does' },
      {
        plan: /^SCAN event_translations USING COVERING INDEX event_translations_state_idx$/,
        reason: 'counts by (locale, text_state) on that index alone, never a text (decision 037)',
      },
    ],
  },
  {
    name: 'dashboard latest changes',
    minStatements: 1,
    run: () => listLatestAuditEntries(db()),
    accepted: [{ plan: /^SCAN audit_log USING INDEX audit_log_at_idx$/, reason: 'newest first from the index, stops after LIMIT rows' }],
  },
  {
    name: 'activity, unfiltered first page',
    minStatements: 2,
    run: () => listActivity(db(), {}),
    accepted: [
      { plan: /^SCAN audit_log USING COVERING INDEX \w+$/, reason: 'the total counts the smallest index of the log' },
      { plan: /^SCAN audit_log USING INDEX audit_log_at_idx$/, reason: 'newest first from the index, stops after LIMIT rows' },
    ],
  },
  { name: 'activity of one person', minStatements: 2, run: () => listActivity(db(), { person: 'someone', page: 2 }) },
  { name: 'activity of one item', minStatements: 2, run: () => listActivity(db(), { collection: 'events', item: '1' }) },
  { name: 'history on an edit page', minStatements: 1, run: () => listItemHistory(db(), 'event', 1) },
  {
    name: 'activity person filter options',
    minStatements: 1,
    run: () => listActivityPeople(db()),
    accepted: [
      { plan: /^SCAN audit_log USING COVERING INDEX audit_log_actor_idx$/, reason: 'distinct people walk the (actor_id, at) index, one entry per row' },
    ],
  },
  { name: 'event preview (draft)', minStatements: 5, run: () => loadPreview(db(), 'event', fixture.draftEvent, 'en', now) },
  { name: 'edition preview (draft)', minStatements: 4, run: () => loadPreview(db(), 'edition', fixture.draftEdition, 'en', now) },
  ...collections.flatMap((resource) =>
    sortsOf(resource).map((sort): Case => ({
      name: `admin ${resource.collection} list ?sort=${sort}`,
      minStatements: 1,
      run: adminList(resource, { sort }),
      accepted: [orderedPage],
    })),
  ),
  ...(
    [
      [eventsAdmin, { status: 'draft' }],
      [eventsAdmin, { status: 'published', sort: 'updatedAt', page: '3', limit: '10' }],
      [eventsAdmin, { edition: 'id', status: 'published' }],
      [eventsAdmin, { tag: 'id' }],
      [eventsAdmin, { q: WORD }],
      [eventsAdmin, { q: WORD, status: 'published', sort: 'title', page: '2' }],
      [eventsAdmin, { q: `${WORD} -jazz` }],
      [eventsAdmin, { q: '#' }],
      // Translation filters (decision 037): a key lookup of the item's row in that locale.
      [eventsAdmin, { missing: 'fr' }],
      [eventsAdmin, { partial: 'de', status: 'published', sort: 'startsAt' }],
      [eventsAdmin, { missing: 'fr', q: WORD }],
      [tagsAdmin, { missing: 'de' }],
      [editionsAdmin, { status: 'published', tag: 'id', q: 'festival' }],
      [curatorsAdmin, { edition: 'id', q: 'curator' }],
      [organizersAdmin, { kind: 'person', q: 'organizer' }],
      [tagsAdmin, { q: 'mus' }],
      [mediasAdmin, { kind: 'image', q: 'jpg' }],
      [filesAdmin, { mimeType: 'application/pdf', q: 'programme' }],
    ] as const
  ).map(([resource, query]): Case => ({
    name: `admin ${resource.collection} list ?${new URLSearchParams(query)}`,
    minStatements: 1,
    accepted: [orderedPage, searchWalk, highestId],
    run: () => {
      const ids: Record<string, number> = { edition: fixture.editionId, tag: fixture.tagId };
      const words: Record<string, string> = { curator: fixture.curatorWord, organizer: fixture.organizerWord };
      const filled = Object.fromEntries(Object.entries(query).map(([key, raw]) => [key, raw === 'id' ? String(ids[key]) : (words[raw] ?? raw)]));
      return adminList(resource, filled)();
    },
  })),
  // A common word (more matching events than the count cap): the total counts the newest
  // matches, the page asks the index about each row of the sort order or walks the match set.
  ...([{ q: WORD }, { q: WORD, status: 'published' }, { q: WORD, status: 'draft', sort: 'startsAt', page: '2' }] as const).map((query): Case => ({
    name: `admin events list ?${new URLSearchParams(query)} past the count cap`,
    minStatements: 1,
    accepted: [orderedPage, searchWalk, highestId],
    run: () => listItems(db(), eventsAdmin.list, eventsAdmin.listQuery.parse(query), { countCap: 5 }),
  })),
  ...(
    [
      [eventsAdmin, () => fixture.eventId],
      [editionsAdmin, () => fixture.editionId],
      [curatorsAdmin, () => fixture.curatorId],
      [organizersAdmin, () => fixture.organizerId],
      [tagsAdmin, () => fixture.tagId],
      [filesAdmin, () => fixture.fileId],
      [mediasAdmin, () => fixture.mediaId],
    ] as const
  ).map(([resource, id]): Case => ({ name: `admin ${resource.collection} detail`, minStatements: 3, run: () => getItem(db(), resource, id()) })),
  ...collections.map((resource): Case => ({ name: `admin ${resource.collection} export`, minStatements: 2, run: () => adminExport(resource) })),
];

describe('query plans of the public hub', () => {
  for (const item of hubCases) it(item.name, () => checkPlans(item));
});

describe('query plans of the admin', () => {
  for (const item of adminCases) it(item.name, () => checkPlans(item));
});

describe('query plans of the admin list by status', () => {
  // Every status holds nearly every event: counting one walks ~900k index entries at 1M events, so
  // the list filtered by status alone reads the total the triggers keep (migration 0045) and counts
  // no event; its page still walks the sort index and stops after its rows.
  it("reads a status' total from the kept counts, and counts no event", async () => {
    recorder.take();
    await adminList(eventsAdmin, { status: 'published' })();
    const statements = recorder.take().filter(isPlannable);
    const list = statements.filter((statement) => /event_status_counts/.test(statement.sql));
    expect(list).toHaveLength(1);
    const plan = formatPlan(await explainPlan(explainer, list[0]!));
    expect(plan).toMatch(/SEARCH event_status_counts USING INDEX sqlite_autoindex_event_status_counts_1 \(status=\?\)/);
    expect(statements.filter((statement) => /count\(\*\)/.test(statement.sql))).toEqual([]);
  });

  // With another filter the count is a real one, over the narrowest index that holds the status
  // and `series_id` (a wide one cost twice as much at 1M).
  it("counts a status' items under another filter from the (status, series_id) index", async () => {
    recorder.take();
    await adminList(eventsAdmin, { status: 'published', eventStatus: 'cancelled' })();
    const counts = recorder.take().filter((statement) => isPlannable(statement) && /count\(\*\)/.test(statement.sql));
    expect(counts.length).toBeGreaterThan(0);
    for (const statement of counts) expect(formatPlan(await explainPlan(explainer, statement)), statement.sql).toMatch(/events_status_series_idx/);
  });
});

describe('query plans of the background rounds', () => {
  // A constrained SEARCH is not a full scan to checkPlans, yet `status = 'published'` alone walks
  // nearly every event: each webhook sender round (every process, every few seconds) must read
  // only the window of instants, from their partial indexes.
  it("the webhook round reads due scheduled changes from the instants' indexes", async () => {
    await announceScheduledChanges(db(), now);
    recorder.take();
    await announceScheduledChanges(db(), new Date(now.getTime() + 3_600_000));
    const due = recorder.take().filter((statement) => isPlannable(statement) && /from "(events|editions)"/.test(statement.sql));
    expect(due).toHaveLength(4);
    for (const statement of due) {
      const plan = formatPlan(await explainPlan(explainer, statement));
      expect(plan, statement.sql).toMatch(
        /SEARCH (events|editions) USING INDEX (events|editions)_(scheduled|unpublish)_idx \((un)?publish_at>\? AND (un)?publish_at<\?\)/,
      );
    }
  });
});
