/**
 * The public read models against a catalogue the tests make (through the admin API, on a server
 * without demo content): visibility (drafts, archived, scheduled), filters (tag, edition,
 * local-date ranges), fallbacks, relations, feeds' data and the schedule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eventTags, tagTranslations, tags as tagsTable } from '../../db/schema.ts';
import { getEditionPage, getFeaturedEdition, listPublicEditions } from '../../src/server/editions/queries.ts';
import { eventsAdmin } from '../../src/server/collections/events.ts';
import { getEventPage } from '../../src/server/events/detail.ts';
import { getOtherEvents, listOtherEvents } from '../../src/server/events/other-events.ts';
import { findTagId, listPublicEvents, listRecentlyPublished } from '../../src/server/events/queries.ts';
import { listPublicTags } from '../../src/server/events/tags.ts';
import { getNextScheduledChange, forgetScheduleCache } from '../../src/server/page-cache/schedule.ts';
import { invalidateHubFor, tagsToInvalidate } from '../../src/server/page-cache/invalidate.ts';
import { ProcessPageCache } from '../../src/server/page-cache/process-cache.ts';
import { toLocalDateKey } from '../../src/lib/dates.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import {
  createCurator,
  createEdition,
  createEvent,
  createFile,
  createFilledEvent,
  createImage,
  createOrganizer,
  createTag,
  type Created,
} from '../helpers/factories.ts';

const shared = useAdminServer({ HUB_DEMO: '0' });
const now = new Date();
/** Rows of the server's database, for the checks the read models should agree with. */
const rows = async <T>(query: string, args: (string | number | null)[] = []) => (await shared.db.$client.execute({ sql: query, args })).rows as unknown as T[];

interface EventRow {
  id: number;
  slug: string;
  status: string;
  publish_at: number | null;
  edition_id: number | null;
  starts_at: number;
  ends_at: number;
  time_zone: string;
}

let all: EventRow[];
const isPublic = (row: EventRow) => row.status === 'published' && (row.publish_at === null || row.publish_at <= now.getTime());
/** An instant `days` from now (negative: before), on the hour, as the admin API takes it. */
const fromNow = (days: number, hours = 0) => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + days * 86_400_000 + hours * 3_600_000).toISOString();

beforeAll(async () => {
  const { admin } = shared.app;
  // First event of the catalogue: in an edition, with people, a tag, a cover and a download.
  const filled = await createFilledEvent(admin);
  // The edition running now (featured), with people and a download too.
  const running = await createEdition(admin, {
    status: 'published',
    startsAt: fromNow(-3),
    endsAt: fromNow(20),
    curatorIds: [filled.curator.id],
    fileIds: [(await createFile(admin)).id],
    translations: { en: { title: 'Running season' }, de: { title: 'Laufende Saison' } },
  });
  // The most used tag, labelled in French.
  const tag = await createTag(admin, { translations: { en: { label: 'Concerts' }, fr: { label: 'Concerts du soir' }, de: { label: 'Konzerte' } } });
  const texts = (en: string, de?: string) => ({ en: { title: en }, fr: { title: `${en} (fr)` }, ...(de ? { de: { title: de } } : {}) });
  const inRunning = { status: 'published', editionId: running.id, tagIds: [tag.id] };
  await createEvent(admin, { ...inRunning, startsAt: fromNow(1), endsAt: fromNow(1, 2), translations: texts('Quartet at dusk', 'Quartett in der Dämmerung') });
  await createEvent(admin, {
    ...inRunning,
    timeZone: 'Asia/Tokyo',
    startsAt: fromNow(2),
    endsAt: fromNow(2, 3),
    translations: texts('Koto evening', 'Koto-Abend'),
  });
  // Crosses midnight in Paris: listed on both local dates.
  await createEvent(admin, { ...inRunning, startsAt: fromNow(3, -1), endsAt: fromNow(3, 5), translations: texts('Night of songs') });
  await createEvent(admin, { ...inRunning, startsAt: fromNow(-1), endsAt: fromNow(-1, 2), translations: texts('Opening walk', 'Eröffnungsspaziergang') });
  // Past events and more upcoming ones, without an edition.
  for (const [i, year] of [2021, 2022, 2032, 2033, 2034].entries()) {
    await createEvent(admin, {
      status: 'published',
      startsAt: `${year}-05-0${i + 1}T19:00:00+02:00`,
      endsAt: `${year}-05-0${i + 1}T21:00:00+02:00`,
      tagIds: i % 2 ? [tag.id] : [],
      translations: texts(`Concert ${year}`, `Konzert ${year}`),
    });
  }
  // Not public: a draft, an archived and a scheduled event, and a draft edition.
  await createEvent(admin, { tagIds: [tag.id], translations: texts('Secret rehearsal') });
  const archived = await createEvent(admin, { status: 'published', translations: texts('Withdrawn lecture') });
  const result = await admin.call('PATCH', `/api/admin/events/${archived.id}`, { version: archived.version, status: 'archived' });
  if (result.status !== 200) throw new Error(`archiving failed: ${JSON.stringify(result.body)}`);
  await createEvent(admin, { status: 'published', publishAt: fromNow(5), editionId: running.id, translations: texts('Surprise guest') });
  await createEvent(admin, { status: 'published', publishAt: fromNow(9), translations: texts('Later surprise') });
  await createEdition(admin, { translations: { en: { title: 'Unannounced season' } } });
  all = await rows<EventRow>('SELECT id, slug, status, publish_at, edition_id, starts_at, ends_at, time_zone FROM events');
}, 120_000);

describe('event listing', () => {
  it('lists exactly the public events, upcoming then past', async () => {
    const upcoming = await listPublicEvents(shared.db, { locale: 'en', now, when: 'upcoming', pageSize: 500 });
    const past = await listPublicEvents(shared.db, { locale: 'en', now, when: 'past', pageSize: 500 });
    const expectedUpcoming = all
      .filter((row) => isPublic(row) && row.ends_at >= now.getTime())
      .map((row) => row.id)
      .sort();
    const expectedPast = all
      .filter((row) => isPublic(row) && row.ends_at < now.getTime())
      .map((row) => row.id)
      .sort();
    expect(upcoming.items.map((item) => item.id).sort()).toEqual(expectedUpcoming);
    expect(past.items.map((item) => item.id).sort()).toEqual(expectedPast);
    expect(upcoming.total).toBe(expectedUpcoming.length);
    // Soonest first; past newest first.
    const starts = upcoming.items.map((item) => item.startsAt.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const pastStarts = past.items.map((item) => item.startsAt.getTime());
    expect(pastStarts).toEqual([...pastStarts].sort((a, b) => b - a));
  });

  it('never lists drafts, archived or scheduled events', async () => {
    const hidden = all.filter((row) => !isPublic(row));
    expect(hidden.map((row) => row.status)).toEqual(expect.arrayContaining(['draft', 'archived', 'published']));
    const listed = await listPublicEvents(shared.db, { locale: 'en', now, when: 'all', pageSize: 500 });
    const ids = new Set(listed.items.map((item) => item.id));
    for (const row of hidden) expect(ids.has(row.id), row.slug).toBe(false);
  });

  it('paginates with a stable order', async () => {
    const first = await listPublicEvents(shared.db, { locale: 'en', now, when: 'all', page: 1, pageSize: 10 });
    const second = await listPublicEvents(shared.db, { locale: 'en', now, when: 'all', page: 2, pageSize: 10 });
    const whole = await listPublicEvents(shared.db, { locale: 'en', now, when: 'all', pageSize: 20 });
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(whole.items.map((item) => item.id));
  });

  it('walks a list page by page to its last page: each event once, in the order of one long page', async () => {
    for (const when of ['past', 'all'] as const) {
      const whole = await listPublicEvents(shared.db, { locale: 'fr', now, when, pageSize: 500 });
      expect(whole.items.length, when).toBeGreaterThan(2);
      const pages = Math.ceil(whole.total / 2);
      const walked = [];
      for (let page = 1; page <= pages + 1; page++) walked.push(...(await listPublicEvents(shared.db, { locale: 'fr', now, when, page, pageSize: 2 })).items);
      expect(walked, when).toEqual(whole.items);
    }
  });

  it('filters by tag and by edition', async () => {
    // The tag on the most events, with its French label.
    const [tag] = await rows<{ slug: string; label: string }>(
      `SELECT t.slug, tr.label FROM tags t JOIN tag_translations tr ON tr.tag_id = t.id AND tr.locale = 'fr'
       ORDER BY (SELECT count(*) FROM event_tags et WHERE et.tag_id = t.id) DESC LIMIT 1`,
    );
    const tagId = (await findTagId(shared.db, tag!.slug))!;
    const tagged = await rows<{ event_id: number }>('SELECT event_id FROM event_tags WHERE tag_id = ?', [tagId]);
    const expected = all
      .filter((row) => isPublic(row) && tagged.some((t) => t.event_id === row.id))
      .map((row) => row.id)
      .sort();
    expect(expected.length).toBeGreaterThan(1);
    const result = await listPublicEvents(shared.db, { locale: 'fr', now, when: 'all', tagId, pageSize: 500 });
    expect(result.items.map((item) => item.id).sort()).toEqual(expected);
    expect(result.items.every((item) => item.tags.some((t) => t.slug === tag!.slug && t.label === tag!.label))).toBe(true);

    const editionId = all.find((row) => row.edition_id !== null && isPublic(row))!.edition_id!;
    const inEdition = await listPublicEvents(shared.db, { locale: 'en', now, when: 'all', editionId, pageSize: 500 });
    expect(inEdition.items.map((item) => item.id).sort()).toEqual(
      all
        .filter((row) => isPublic(row) && row.edition_id === editionId)
        .map((row) => row.id)
        .sort(),
    );
  });

  it('filters by local calendar dates in each event’s own time zone', async () => {
    const sample = all.find((row) => isPublic(row) && row.time_zone === 'Asia/Tokyo') ?? all.find(isPublic)!;
    const day = toLocalDateKey(sample.time_zone, new Date(sample.starts_at));
    const result = await listPublicEvents(shared.db, { locale: 'en', now, when: 'all', from: day, to: day, pageSize: 500 });
    expect(result.items.map((item) => item.id)).toContain(sample.id);
    for (const item of result.items) {
      const startDay = toLocalDateKey(item.timeZone, item.startsAt);
      const endDay = toLocalDateKey(item.timeZone, new Date(item.endsAt.getTime() - 1));
      expect(startDay <= day && endDay >= day, `${item.slug} ${startDay}..${endDay}`).toBe(true);
    }
    const expected = all.filter((row) => {
      if (!isPublic(row)) return false;
      return toLocalDateKey(row.time_zone, new Date(row.starts_at)) <= day && toLocalDateKey(row.time_zone, new Date(row.ends_at - 1)) >= day;
    });
    expect(result.total).toBe(expected.length);
  });

  it('shows default-locale text where a translation is missing', async () => {
    const [missing] = await rows<{ id: number }>(
      `SELECT e.id FROM events e WHERE e.status = 'published' AND e.publish_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM event_translations t WHERE t.event_id = e.id AND t.locale = 'de')`,
    );
    const listed = await listPublicEvents(shared.db, { locale: 'de', now, when: 'all', pageSize: 500 });
    const item = listed.items.find((row) => row.id === missing!.id)!;
    expect(item.titleLocale).toBe('en');
    const own = listed.items.find((row) => row.titleLocale === 'de');
    expect(own).toBeDefined();
  });
});

describe('event page', () => {
  it('loads texts and relations of a public event', async () => {
    const row = all.find((r) => isPublic(r) && r.edition_id !== null)!;
    const event = (await getEventPage(shared.db, { slug: row.slug, locale: 'fr', now }))!;
    expect(event.id).toBe(row.id);
    expect(event.edition?.id).toBe(row.edition_id);
    expect(event.organizers.length).toBeGreaterThan(0);
    expect(event.curators.length).toBeGreaterThan(0);
    expect(event.tags.length).toBeGreaterThan(0);
    expect(event.availableLocales).toContain('en');
  });

  it("lists its edition's other public events, soonest first, picked from the edition's first thirteen", async () => {
    const inEdition = (r: EventRow) => all.filter((o) => isPublic(o) && o.edition_id === r.edition_id).length;
    const row = all.find((r) => isPublic(r) && r.edition_id !== null && inEdition(r) > 1)!;
    const others = await getOtherEvents(shared.db, { editionId: row.edition_id!, eventId: row.id, locale: 'fr', now });
    const expected = all
      .filter((r) => isPublic(r) && r.edition_id === row.edition_id)
      .sort((a, b) => a.starts_at - b.starts_at || a.id - b.id)
      .slice(0, 13);
    expect(others.pickedFrom).toEqual(expected.map((r) => r.id));
    expect(others.events.map((other) => other.id)).toEqual(
      expected
        .filter((r) => r.id !== row.id)
        .slice(0, 12)
        .map((r) => r.id),
    );
    // An event in no public edition lists none.
    const event = (await getEventPage(shared.db, { slug: row.slug, locale: 'fr', now }))!;
    expect(await listOtherEvents(shared.db, event, { locale: 'fr', now })).toHaveLength(others.events.length);
    expect(await listOtherEvents(shared.db, { ...event, edition: null }, { locale: 'fr', now })).toEqual([]);
  });

  it('is absent for drafts, archived and scheduled events, unless previewing', async () => {
    for (const row of all.filter((r) => !isPublic(r))) {
      expect(await getEventPage(shared.db, { slug: row.slug, locale: 'en', now }), row.slug).toBeUndefined();
      expect(await getEventPage(shared.db, { slug: row.slug, locale: 'en', now, includeUnpublished: true }), row.slug).toMatchObject({ id: row.id });
    }
    expect(await getEventPage(shared.db, { slug: 'no-such-event', locale: 'en', now })).toBeUndefined();
  });
});

describe('editions', () => {
  it('lists public editions only, with the running one featured', async () => {
    const editions = await listPublicEditions(shared.db, 'en', now);
    const expected = await rows<{ id: number }>("SELECT id FROM editions WHERE status = 'published' AND (publish_at IS NULL OR publish_at <= ?)", [
      now.getTime(),
    ]);
    expect(editions.map((e) => e.id).sort()).toEqual(expected.map((e) => e.id).sort());
    const featured = await getFeaturedEdition(shared.db, 'en', now);
    expect(featured?.phase).toBe('current');
    expect(featured!.edition.startsAt.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('groups an edition’s public events by local day', async () => {
    const [edition] = await listPublicEditions(shared.db, 'de', now);
    const page = (await getEditionPage(shared.db, { slug: edition!.slug, locale: 'de', now }))!;
    const expected = all.filter((r) => isPublic(r) && r.edition_id === page.id);
    expect(page.eventCount).toBe(expected.length);
    const keys = page.days.map((day) => day.dateKey);
    expect(keys).toEqual([...keys].sort());
    for (const day of page.days) for (const event of day.events) expect(toLocalDateKey(event.timeZone, event.startsAt)).toBe(day.dateKey);
    expect(page.files.length).toBeGreaterThan(0);
    expect(page.curators.length).toBeGreaterThan(0);
  });

  it('hides the draft edition', async () => {
    const [draft] = await rows<{ slug: string }>("SELECT slug FROM editions WHERE status = 'draft'");
    expect(await getEditionPage(shared.db, { slug: draft!.slug, locale: 'en', now })).toBeUndefined();
  });
});

describe('tags and feeds', () => {
  it('offers only tags used by public events, labelled with fallback', async () => {
    // Written directly: a tag only a draft carries, one nothing carries, and one labelled in English only.
    const addTag = async (slug: string, eventId?: number) => {
      const [tag] = await shared.db.insert(tagsTable).values({ slug }).returning({ id: tagsTable.id });
      await shared.db.insert(tagTranslations).values({ tagId: tag!.id, locale: 'en', label: `Label ${slug}` });
      if (eventId) await shared.db.insert(eventTags).values({ eventId, tagId: tag!.id });
    };
    await addTag('only-on-a-draft', all.find((row) => row.status === 'draft')!.id);
    await addTag('on-nothing');
    await addTag('english-only', all.find(isPublic)!.id);
    const expected = await rows<{ id: number; slug: string; label: string; labelLocale: string }>(
      `SELECT t.id, t.slug, coalesce(de.label, en.label) AS label, CASE WHEN de.label IS NULL THEN 'en' ELSE 'de' END AS labelLocale
       FROM tags t LEFT JOIN tag_translations de ON de.tag_id = t.id AND de.locale = 'de' JOIN tag_translations en ON en.tag_id = t.id AND en.locale = 'en'
       WHERE EXISTS (SELECT 1 FROM event_tags et JOIN events e ON e.id = et.event_id WHERE et.tag_id = t.id AND e.status = 'published' AND (e.publish_at IS NULL OR e.publish_at <= ?))`,
      [now.getTime()],
    );
    expect(expected.map((tag) => tag.slug)).not.toContain('only-on-a-draft');
    expect(expected.map((tag) => tag.slug)).not.toContain('on-nothing');
    expect(expected).toContainEqual(expect.objectContaining({ slug: 'english-only', label: 'Label english-only', labelLocale: 'en' }));
    const tags = await listPublicTags(shared.db, 'de', now);
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect([...tags].sort(byId)).toEqual([...expected].sort(byId));
    expect(tags.map((tag) => tag.label)).toEqual([...tags.map((tag) => tag.label)].sort(new Intl.Collator('de-DE').compare));
  });

  it('lists recently published events newest first', async () => {
    const items = await listRecentlyPublished(shared.db, 'en', now, 10);
    expect(items).toHaveLength(10);
    const dates = items.map((item) => item.publishedAt!.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});

describe('schedule and invalidation', () => {
  it('knows when the next scheduled event goes public', async () => {
    forgetScheduleCache();
    const scheduled = all.filter((row) => row.status === 'published' && row.publish_at !== null && row.publish_at > now.getTime());
    expect(scheduled.length).toBeGreaterThan(0);
    const next = await getNextScheduledChange(shared.db, now);
    expect(next?.getTime()).toBe(Math.min(...scheduled.map((row) => row.publish_at!)));
  });

  it('also purges the edition of a changed event', async () => {
    const row = all.find((r) => r.edition_id !== null)!;
    const purged: (readonly string[])[] = [];
    const cache = new ProcessPageCache({ maxBytes: 1_000_000, fanOut: (tags) => void purged.push(tags) });
    const state = { id: row.id, values: { editionId: row.edition_id, room: 'A' }, translations: {}, links: {} };
    const changes = eventsAdmin.spec.changes([row.id], [state, { ...state, values: { ...state.values, room: 'B' } }]);
    const tags = invalidateHubFor(cache.handleFor(), { tags: tagsToInvalidate(changes) });
    expect(tags).toEqual(expect.arrayContaining([`event:${row.id}`, `edition:${row.edition_id}`, 'hub', 'search', 'feeds', 'sitemap']));
    expect(purged).toEqual([tags]);
  });
});

describe('event page texts and medias', () => {
  /** An event of its own (its texts are deleted here): two organizers, a curator, a cover, two siblings. */
  let row: Created;
  beforeAll(async () => {
    const { admin } = shared.app;
    const both = (field: string, text: string) => ({ en: { [field]: text }, fr: { [field]: `${text} (fr)` } });
    const [cover, siblingCover] = [await createImage(admin, { translations: both('alt', 'A crowded quay') }), await createImage(admin)];
    const organizers = [
      await createOrganizer(admin, { translations: both('description', 'Runs the harbour festival.') }),
      await createOrganizer(admin, { translations: both('description', 'Lends the boats.') }),
    ];
    const curator = await createCurator(admin, { translations: both('shortBio', 'Chooses the music.') });
    const [tag, otherTag] = [await createTag(admin), await createTag(admin)];
    const edition = await createEdition(admin, { status: 'published' });
    row = await createEvent(admin, {
      status: 'published',
      editionId: edition.id,
      coverMediaId: cover.id,
      organizerIds: organizers.map((organizer) => organizer.id),
      curatorIds: [curator.id],
      tagIds: [tag.id],
      translations: { en: { title: 'Boats at dawn' }, fr: { title: 'Bateaux à l’aube' } },
    });
    await createEvent(admin, { status: 'published', editionId: edition.id, coverMediaId: siblingCover.id, tagIds: [otherTag.id, tag.id] });
    await createEvent(admin, { status: 'published', editionId: edition.id });
  });

  it('takes each linked text in the page locale, else in the default locale, and resolves every media, tag and cover of the page', async () => {
    const [organizer] = await rows<{ organizer_id: number }>('SELECT organizer_id FROM event_organizers WHERE event_id = ? ORDER BY position LIMIT 1', [
      row.id,
    ]);
    const [curator] = await rows<{ curator_id: number }>('SELECT curator_id FROM event_curators WHERE event_id = ? ORDER BY position LIMIT 1', [row.id]);
    const [cover] = await rows<{ id: number }>('SELECT cover_media_id AS id FROM events WHERE id = ?', [row.id]);
    // The first organizer, curator and the cover lose their French texts; the English ones stay.
    await rows("DELETE FROM organizer_translations WHERE organizer_id = ? AND locale = 'fr'", [organizer!.organizer_id]);
    await rows("DELETE FROM curator_translations WHERE curator_id = ? AND locale = 'fr'", [curator!.curator_id]);
    await rows("DELETE FROM media_translations WHERE media_id = ? AND locale = 'fr'", [cover!.id]);
    const text = async (sql: string, id: number, locale: string) => (await rows<{ value: string | null }>(sql, [id, locale]))[0]?.value ?? null;

    const event = (await getEventPage(shared.db, { slug: row.slug, locale: 'fr', now }))!;
    const first = event.organizers.find((o) => o.id === organizer!.organizer_id)!;
    expect(first.descriptionLocale).toBe('en');
    expect(first.description).toBe(await text('SELECT description AS value FROM organizer_translations WHERE organizer_id = ? AND locale = ?', first.id, 'en'));
    for (const other of event.organizers.filter((o) => o.id !== first.id)) {
      expect(other.descriptionLocale).toBe('fr');
      expect(other.description).toBe(
        await text('SELECT description AS value FROM organizer_translations WHERE organizer_id = ? AND locale = ?', other.id, 'fr'),
      );
    }
    const presenter = event.curators.find((c) => c.id === curator!.curator_id)!;
    expect(presenter.shortBioLocale).toBe('en');
    expect(presenter.shortBio).toBe(await text('SELECT short_bio AS value FROM curator_translations WHERE curator_id = ? AND locale = ?', presenter.id, 'en'));
    expect(event.cover?.id).toBe(cover!.id);
    expect(event.cover?.textLocale).toBe('en');
    expect(event.cover?.alt).toBe(await text('SELECT alt AS value FROM media_translations WHERE media_id = ? AND locale = ?', cover!.id, 'en'));

    // Siblings: each card's cover and tags are its own.
    const siblings = await listOtherEvents(shared.db, event, { locale: 'fr', now });
    expect(siblings.length).toBeGreaterThan(0);
    for (const sibling of siblings) {
      const [meta] = await rows<{ cover: number | null }>('SELECT cover_media_id AS cover FROM events WHERE id = ?', [sibling.id]);
      expect(sibling.cover?.id ?? null).toBe(meta!.cover);
      const tagIds = await rows<{ tag_id: number }>('SELECT tag_id FROM event_tags WHERE event_id = ?', [sibling.id]);
      expect(sibling.tags.map((tag) => tag.id).sort()).toEqual(tagIds.map((tag) => tag.tag_id).sort());
    }
    const eventTagIds = await rows<{ tag_id: number }>('SELECT tag_id FROM event_tags WHERE event_id = ?', [row.id]);
    expect(event.tags.map((tag) => tag.id).sort()).toEqual(eventTagIds.map((tag) => tag.tag_id).sort());
  });
});
