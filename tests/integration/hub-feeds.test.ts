/**
 * Machine-readable outputs read back: iCalendar downloads and feeds, RSS, sitemap, robots.txt,
 * and the media/files routes (variants, caching headers, downloads, refusals).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClient } from '../helpers/admin-client.ts';
import {
  createCurator,
  createEdition,
  createEvent,
  createEvents,
  createFile,
  createFilledEvent,
  createImage,
  createTag,
  createUser,
} from '../helpers/factories.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { findAll, icsList, parseIcs, parseXml, resolveIcsLocalTime, textOf, type IcsComponent } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { publicSql } from '../helpers/visibility.ts';

let server: TestServer;
/** Calendar UIDs and feed GUIDs name the site's host (from PUBLIC_SITE_URL, here the test server's). */
const uidHost = () => new URL(server.origin).hostname;
interface EventRow {
  id: number;
  slug: string;
  starts_at: number;
  ends_at: number;
  time_zone: string;
  title: string;
  edition_id: number | null;
}

// No demo content: each test adds the events its feed, calendar or sitemap must list.
let admin: AdminClient;
beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  admin = await createUser(server, 'admin');
});
afterAll(() => server?.stop());

const publicEvents = () =>
  server.query<EventRow>(`SELECT e.id, e.slug, e.starts_at, e.ends_at, e.time_zone, e.edition_id, coalesce(f.title, d.title) AS title FROM events e
    LEFT JOIN event_translations f ON f.event_id = e.id AND f.locale = 'fr'
    JOIN event_translations d ON d.event_id = e.id AND d.locale = 'en' WHERE ${publicSql('e')}`);

/** The VEVENT components of a calendar, read with the strict parser. */
const parsedVevents = (text: string) => parseIcs(text).root.components.filter((c) => c.name === 'VEVENT');
const propertyOf = (component: IcsComponent, name: string) => component.properties.find((p) => p.name === name);
/** Hrefs of the page's links to `pathPrefix` (entities of `&` decoded). */
const hrefsTo = (html: string, pathPrefix: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).filter((href) => href.includes(pathPrefix));

describe('iCalendar', () => {
  it('downloads one event with a stable UID, in its own zone', async () => {
    const event = await createEvent(admin, {
      status: 'published',
      startsAt: '2031-06-12T19:30:00+02:00',
      endsAt: '2031-06-12T22:00:00+02:00',
      timeZone: 'Europe/Paris',
      venueAddress: '45 rue La Boétie, 75008 Paris',
      translations: { en: { title: 'Night of Organs', venueName: 'Salle Gaveau' }, fr: { title: 'Nuit des orgues', venueName: 'Salle Gaveau' } },
    });
    const response = await server.get(`/fr/hub/event/${event.slug}/calendar.ics`);
    const calendarText = await response.clone().text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${event.slug}.ics"`);
    const { calendar, events } = parseIcs(await response.text());
    expect(calendar.VERSION).toBe('2.0');
    expect(events).toHaveLength(1);
    const [vevent] = events;
    expect(vevent!.UID).toBe(`event-${event.id}@${uidHost()}`);
    expect(vevent!.DTSTART).toBe('20310612T193000');
    expect(vevent!.DTEND).toBe('20310612T220000');
    const start = parsedVevents(calendarText).find((c) => c.properties.some((p) => p.name === 'UID' && p.raw === vevent!.UID))!;
    expect(start.properties.find((p) => p.name === 'DTSTART')!.params['TZID']).toBe('Europe/Paris');
    // Venue name and address both reach LOCATION (the factory's address; the name is the editor's).
    expect(vevent!.LOCATION).toBe('Salle Gaveau, 45 rue La Boétie, 75008 Paris');
    expect(vevent!.SUMMARY).toBe('Nuit des orgues');
    expect(vevent!.DESCRIPTION).toContain('Europe/Paris');
    expect(vevent!.URL).toMatch(new RegExp(`/fr/hub/event/${event.slug}$`));
    // The same event keeps its UID in another locale.
    const en = parseIcs(await (await server.get(`/en/hub/event/${event.slug}/calendar.ics`)).text());
    expect(en.events[0]!.UID).toBe(vevent!.UID);
    expect(en.events[0]!.SUMMARY).toBe('Night of Organs');
  });

  it.each(['event', 'edition'])('answers the calendar of an %s that does not exist with the 404 page of the address’s language', async (kind) => {
    for (const slug of ['no-such-thing', 'Not_A_Slug!', 'x'.repeat(81)]) {
      const response = await server.html(`/de/hub/${kind}/${encodeURIComponent(slug)}/calendar.ics`);
      expect(response.status, slug).toBe(404);
      expect(response.body, slug).toContain('<html lang="de"');
      expect(response.body, slug).toContain(getTranslator('de')('errors.404.title'));
    }
  });

  it('exports any filtered hub view with the same events as the page', async () => {
    const tag = await createTag(admin);
    const published = { status: 'published', tagIds: [tag.id] };
    const past = await createEvent(admin, { ...published, startsAt: '2021-05-01T18:00:00Z', endsAt: '2021-05-01T20:00:00Z' });
    const upcoming = await createEvent(admin, published);
    await createEvent(admin, { tagIds: [tag.id] });
    await createEvent(admin, { status: 'published' });
    const uid = (event: { id: number }) => `event-${event.id}@${uidHost()}`;

    const all = parseIcs(await (await server.get(`/fr/hub/calendar.ics?tag=${tag.slug}&when=all`)).text()).events;
    expect(all.map((e) => e.UID).sort()).toEqual([uid(past), uid(upcoming)].sort());
    const soon = parseIcs(await (await server.get(`/fr/hub/calendar.ics?tag=${tag.slug}`)).text()).events;
    expect(soon.map((e) => e.UID)).toEqual([uid(upcoming)]);
  });

  it('exports an edition as a subscribable calendar', async () => {
    const edition = await createEdition(admin, { status: 'published', translations: { en: { title: 'Summer Nights' }, de: { title: 'Sommernächte' } } });
    const inside = await Promise.all([1, 2].map(() => createEvent(admin, { status: 'published', editionId: edition.id })));
    await createEvent(admin, { editionId: edition.id });
    const { calendar, events } = parseIcs(await (await server.get(`/de/hub/edition/${edition.slug}/calendar.ics`)).text());
    expect(events.map((e) => e.UID).sort()).toEqual(inside.map((e) => `event-${e.id}@${uidHost()}`).sort());
    expect(calendar['X-WR-CALNAME']).toBe('Sommernächte');
  });

  it('gives every event its own zone with one VTIMEZONE per zone, local wall time across DST, and escapes what editors type', async () => {
    const tag = await createTag(admin, { translations: { en: { label: 'Rock; Pop, Folk' } } });
    const published = { status: 'published', tagIds: [tag.id] };
    const long = `Jazz Night — ${'Étoile 🎷 音楽 '.repeat(8)}`;
    // Titles are single lines (a line break is refused); a summary may hold a bare CR.
    const summary = 'Doors at seven\rbar open late';
    const created = await Promise.all([
      // 19:30 in Paris in winter (CET) and in summer (CEST); 19:30 in New York either side of its DST change.
      createEvent(admin, {
        ...published,
        startsAt: '2031-01-15T19:30:00+01:00',
        endsAt: '2031-01-15T22:00:00+01:00',
        translations: { en: { title: long, summary } },
      }),
      createEvent(admin, { ...published, startsAt: '2031-07-15T19:30:00+02:00', endsAt: '2031-07-15T22:00:00+02:00' }),
      createEvent(admin, { ...published, timeZone: 'America/New_York', startsAt: '2031-03-08T19:30:00-05:00', endsAt: '2031-03-08T21:00:00-05:00' }),
      createEvent(admin, { ...published, timeZone: 'America/New_York', startsAt: '2031-03-10T19:30:00-04:00', endsAt: '2031-03-10T21:00:00-04:00' }),
    ]);
    const text = await (await server.get(`/en/hub/calendar.ics?tag=${tag.slug}&when=all`)).text();
    // No bare CR reaches the document: the summary's CR is an escaped line break inside DESCRIPTION.
    expect(text).not.toMatch(/\r(?!\n)/);
    const { root } = parseIcs(text);
    const zones = root.components.filter((c) => c.name === 'VTIMEZONE');
    expect(zones.map((zone) => propertyOf(zone, 'TZID')!.raw).sort()).toEqual(['America/New_York', 'Europe/Paris']);
    const vevents = root.components.filter((c) => c.name === 'VEVENT');
    expect(vevents).toHaveLength(4);
    const rows = await server.query<{ id: number; starts_at: number; time_zone: string }>(
      `SELECT id, starts_at, time_zone FROM events WHERE id IN (${created.map((e) => e.id).join(',')})`,
    );
    for (const row of rows) {
      const vevent = vevents.find((v) => propertyOf(v, 'UID')!.raw === `event-${row.id}@${uidHost()}`)!;
      const start = propertyOf(vevent, 'DTSTART')!;
      expect(start.params['TZID']).toBe(row.time_zone);
      expect(start.raw.slice(9)).toBe('193000');
      const zone = zones.find((z) => propertyOf(z, 'TZID')!.raw === row.time_zone)!;
      expect(resolveIcsLocalTime(zone, start.raw)).toBe(new Date(row.starts_at).toISOString());
      expect(icsList(vevent, 'CATEGORIES')).toEqual(['Rock; Pop, Folk']);
    }
    const first = parseIcs(text).events.find((e) => e.UID === `event-${created[0]!.id}@${uidHost()}`)!;
    expect(first.SUMMARY).toBe(long.trim());
    expect(first.DESCRIPTION!.startsWith('Doors at seven\nbar open late\n\n')).toBe(true);
  });

  it('answers a valid empty calendar for a view with no events, and refuses an invalid filter', async () => {
    const tag = await createTag(admin);
    const empty = await server.get(`/fr/hub/calendar.ics?tag=${tag.slug}`);
    expect(empty.status).toBe(200);
    const { calendar, events } = parseIcs(await empty.text());
    expect(calendar.VERSION).toBe('2.0');
    expect(events).toEqual([]);
    const invalid = await server.get('/fr/hub/calendar.ics?tag=Not%20A%20Slug');
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toContain('application/problem+json');
    expect(await invalid.json()).toMatchObject({ code: 'INVALID_FILTER', errors: { tag: ['INVALID'] } });
  });

  it('offers absolute webcal:// subscriptions next to downloads, and no calendar for an empty list', async () => {
    const tag = await createTag(admin);
    const edition = await createEdition(admin, { status: 'published' });
    const event = await createEvent(admin, { status: 'published', tagIds: [tag.id], editionId: edition.id });
    const emptyEdition = await createEdition(admin, { status: 'published' });
    const emptyTag = await createTag(admin);
    const origin = new URL(server.origin);
    const pages = [
      [`/de/hub/event/${event.slug}`, `/de/hub/event/${event.slug}/calendar.ics`],
      [`/de/hub/edition/${edition.slug}`, `/de/hub/edition/${edition.slug}/calendar.ics`],
      [`/de/hub?tag=${tag.slug}`, `/de/hub/calendar.ics?tag=${tag.slug}`],
    ];
    for (const [page, calendar] of pages) {
      const { status, body } = await server.html(page!);
      expect(status, page).toBe(200);
      expect(hrefsTo(body, 'calendar.ics').sort(), page).toEqual([calendar, `webcal://${origin.host}${calendar}`].sort());
    }
    for (const page of [`/de/hub/edition/${emptyEdition.slug}`, `/de/hub?tag=${emptyTag.slug}`]) {
      expect(hrefsTo((await server.html(page)).body, 'calendar.ics'), page).toEqual([]);
    }
  });
});

describe('read by other sites', () => {
  it('lets any site read schedule exports, feeds and calendars, from the cache too, and nothing else', async () => {
    const edition = await createEdition(admin, { status: 'published' });
    const event = await createEvent(admin, {
      status: 'published',
      editionId: edition.id,
      startsAt: '2031-06-12T19:30:00+02:00',
      endsAt: '2031-06-12T22:00:00+02:00',
    });
    const open = [
      `/en/hub/event/${event.slug}/calendar.ics`,
      `/fr/hub/edition/${edition.slug}/calendar.ics`,
      `/de/hub/calendar.ics?when=all`,
      `/en/hub/agenda/calendar.ics?events=${event.id}`,
      `/en/hub/feed.xml`,
      `/en/hub/edition/${edition.slug}/schedule.xml`,
      `/en/hub/edition/${edition.slug}/schedule.json`,
    ];
    for (const path of open) {
      const states: (string | null)[] = [];
      for (let request = 0; request < 2; request += 1) {
        const response = await server.get(path, { headers: { Origin: 'https://partner.example' } });
        await response.arrayBuffer();
        expect(response.status, path).toBe(200);
        expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
        expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
        expect(response.headers.get('set-cookie'), path).toBeNull();
        states.push(cacheState(response));
      }
      // The second answer comes from the page cache, which keeps the header.
      expect(states, path).toEqual(['MISS', 'HIT']);
    }
    // Pages and anything behind a session stay same-origin.
    for (const path of [`/en/hub/event/${event.slug}`, `/en/hub/edition/${edition.slug}`, '/api/admin/events', '/api/admin/me']) {
      const response = await server.get(path, { headers: { Origin: 'https://partner.example', cookie: admin.cookie } });
      await response.arrayBuffer();
      expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });
});

describe('RSS', () => {
  it('lists the newest public events with guids and localized titles', async () => {
    // More than the feed's 30 items, some with a French title and some falling back to English.
    await createEvents(admin, 16, { status: 'published' });
    await createEvents(admin, 16, { status: 'published', translations: { en: { title: 'Harbour night' }, fr: { title: 'Nuit du port' } } });
    await createEvent(admin, { translations: { en: { title: 'Unpublished draft' } } });
    const response = await server.get('/fr/hub/feed.xml');
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const doc = parseXml(await response.text());
    const channel = findAll(doc, 'channel')[0]!;
    expect(textOf(findAll(channel, 'language')[0])).toBe('fr-FR');
    const items = findAll(channel, 'item');
    expect(items).toHaveLength(30);
    const events = await publicEvents();
    const byId = new Map(events.map((e) => [e.id, e]));
    const dates = items.map((item) => Date.parse(textOf(findAll(item, 'pubDate')[0])));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const item of items) {
      const guid = textOf(findAll(item, 'guid')[0]);
      const id = Number(new RegExp(`^event-(\\d+)@${uidHost().replace(/\./g, '\\.')}$`).exec(guid)?.[1]);
      const event = byId.get(id);
      expect(event, guid).toBeDefined();
      expect(textOf(findAll(item, 'title')[0])).toBe(event!.title);
      expect(textOf(findAll(item, 'link')[0])).toMatch(new RegExp(`/fr/hub/event/${event!.slug}$`));
    }
  });

  it('honours the hub filters, with the same parsing: only matching items, 400 for an invalid filter', async () => {
    const tag = await createTag(admin);
    const edition = await createEdition(admin, { status: 'published' });
    const tagged = await Promise.all([1, 2].map(() => createEvent(admin, { status: 'published', tagIds: [tag.id] })));
    const inEdition = await createEvent(admin, { status: 'published', editionId: edition.id });
    await createEvent(admin, { tagIds: [tag.id] });
    const guidsOf = async (path: string) => {
      const response = await server.get(path);
      expect(response.status, path).toBe(200);
      return findAll(parseXml(await response.text()), 'guid')
        .map((guid) => textOf(guid))
        .sort();
    };
    const uid = (event: { id: number }) => `event-${event.id}@${uidHost()}`;
    expect(await guidsOf(`/en/hub/feed.xml?tag=${tag.slug}`)).toEqual(tagged.map(uid).sort());
    // Like the hub, an edition's view covers all of its dates.
    expect(await guidsOf(`/en/hub/feed.xml?edition=${edition.slug}&when=all`)).toEqual([uid(inEdition)]);
    expect(await guidsOf(`/en/hub/feed.xml?tag=${tag.slug}&when=past`)).toEqual([]);

    const invalid = await server.get('/en/hub/feed.xml?tag=%3Cscript%3E');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: 'INVALID_FILTER', errors: { tag: ['INVALID'] } });
    // A valid but non-canonical query goes to the one URL of that view, as the hub page does.
    const loose = await server.get(`/en/hub/feed.xml?when=upcoming&tag=${tag.slug}&page=2&junk=1`);
    expect(loose.status).toBe(301);
    expect(loose.headers.get('location')).toBe(`/en/hub/feed.xml?tag=${tag.slug}`);
  });

  it('is linked with the current filters from the hub, and purged like the hub when an event is added', async () => {
    const tag = await createTag(admin);
    await createEvent(admin, { status: 'published', tagIds: [tag.id] });
    const { body } = await server.html(`/fr/hub?tag=${tag.slug}&when=all`);
    const feed = `/fr/hub/feed.xml?tag=${tag.slug}&when=all`;
    expect(body).toContain(`<link rel="alternate" type="application/rss+xml" title="Edition Hub – nouveaux événements" href="${feed.replace('&', '&amp;')}">`);
    expect(hrefsTo(body, 'feed.xml')).toContain(feed);

    await server.get(feed);
    expect(cacheState(await server.get(feed))).toBe('HIT');
    const added = await createEvent(admin, { status: 'published', tagIds: [tag.id] });
    const fresh = await server.get(feed);
    expect(cacheState(fresh)).toBe('MISS');
    expect(await fresh.text()).toContain(`event-${added.id}@${uidHost()}`);
  });

  it('puts titles and summaries as escaped plain text, never markup', async () => {
    const tag = await createTag(admin);
    const title = 'A <b>bold</b> & loud night';
    const summary = 'Bring <i>earplugs</i> <script>alert(1)</script>';
    await createEvent(admin, { status: 'published', tagIds: [tag.id], translations: { en: { title, summary } } });
    const xml = await (await server.get(`/en/hub/feed.xml?tag=${tag.slug}`)).text();
    expect(xml).not.toContain('CDATA');
    expect(xml).not.toContain('<b>');
    expect(xml).toContain('<title>A &lt;b&gt;bold&lt;/b&gt; &amp; loud night</title>');
    const item = findAll(parseXml(xml), 'item')[0]!;
    expect(textOf(findAll(item, 'title')[0])).toBe(title);
    // Readers render `description` as HTML: the text arrives HTML-escaped, so tags show as typed.
    const description = textOf(findAll(item, 'description')[0]);
    expect(description).toContain('Bring &lt;i&gt;earplugs&lt;/i&gt; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(description).not.toMatch(/<(i|script)\b/);
  });

  it('gives enclosures the real length and type of the image they link', async () => {
    const tag = await createTag(admin);
    const cover = await createImage(admin, {}, 'jpeg', 1200, 800);
    await createEvent(admin, { status: 'published', tagIds: [tag.id], coverMediaId: cover.id });
    const xml = await (await server.get(`/en/hub/feed.xml?tag=${tag.slug}`)).text();
    const enclosure = findAll(parseXml(xml), 'enclosure')[0]!;
    const { url, length, type } = enclosure.attributes as Record<string, string>;
    expect(url).toMatch(new RegExp(`^${server.origin}/media/`));
    const served = await server.get(new URL(url!).pathname + new URL(url!).search);
    expect(served.status).toBe(200);
    const bytes = (await served.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(0);
    expect(Number(length)).toBe(bytes);
    expect(type).toBe(served.headers.get('content-type'));
  });
});

describe('sitemap and robots', () => {
  it('lists exactly the public pages, each locale with a translation, with alternates', async () => {
    // People, a venue and an edition with public pages, and a curator without any text (listed in every locale).
    const filled = await createFilledEvent(admin);
    const silent = await createCurator(admin, { translations: {} });
    await createEvent(admin, { status: 'published', curatorIds: [silent.id] });
    // An event with no German text: its entry names the locales it has.
    const missing = await createEvent(admin, {
      status: 'published',
      translations: { en: { title: 'Sitemap without German' }, fr: { title: 'Plan sans allemand' } },
    });
    const doc = parseXml(await (await server.get('/sitemap.xml')).text());
    const urls = findAll(doc, 'url');
    const locs = urls.map((url) => new URL(textOf(findAll(url, 'loc')[0])).pathname).sort();
    const expected: string[] = [];
    for (const locale of ['en', 'fr', 'de']) {
      expected.push(
        `/${locale}`,
        `/${locale}/hub`,
        `/${locale}/hub/about`,
        `/${locale}/hub/contact`,
        `/${locale}/hub/privacy-policy`,
        `/${locale}/hub/terms-and-conditions`,
        `/${locale}/hub/today`,
        `/${locale}/hub/editions`,
        `/${locale}/hub/venues`,
        `/${locale}/hub/people`,
      );
    }
    const events = await server.query<{ slug: string; locale: string }>(
      `SELECT e.slug, t.locale FROM events e JOIN event_translations t ON t.event_id = e.id WHERE ${publicSql('e')}`,
    );
    const editions = await server.query<{ slug: string; locale: string }>(
      `SELECT e.slug, t.locale FROM editions e JOIN edition_translations t ON t.edition_id = e.id WHERE ${publicSql('e')}`,
    );
    // A venue page needs no translation: every published venue is listed in every locale.
    const venues = await server.query<{ slug: string }>(`SELECT slug FROM venues WHERE status = 'published'`);
    // A person's page exists while they present a public event or edition, in the locales of their texts (all without any).
    const people = await server.query<{ kind: string; slug: string; locales: string | null }>(
      `SELECT 'curator' AS kind, c.slug, (SELECT group_concat(t.locale) FROM curator_translations t WHERE t.curator_id = c.id AND (t.bio IS NOT NULL OR t.short_bio IS NOT NULL)) AS locales
       FROM curators c WHERE EXISTS (SELECT 1 FROM event_curators x JOIN events e ON e.id = x.event_id WHERE x.curator_id = c.id AND ${publicSql('e')})
         OR EXISTS (SELECT 1 FROM edition_curators x JOIN editions e ON e.id = x.edition_id WHERE x.curator_id = c.id AND ${publicSql('e')})
       UNION ALL
       SELECT 'organizer', o.slug, (SELECT group_concat(t.locale) FROM organizer_translations t WHERE t.organizer_id = o.id AND t.description IS NOT NULL)
       FROM organizers o WHERE EXISTS (SELECT 1 FROM event_organizers x JOIN events e ON e.id = x.event_id WHERE x.organizer_id = o.id AND ${publicSql('e')})`,
    );
    expect(people.length).toBeGreaterThan(0);
    expected.push(
      ...people.flatMap((r) => (r.locales ? r.locales.split(',') : ['en', 'fr', 'de']).map((locale) => `/${locale}/hub/${r.kind}/${r.slug}`)),
      ...events.map((r) => `/${r.locale}/hub/event/${r.slug}`),
      ...editions.flatMap((r) => [`/${r.locale}/hub/edition/${r.slug}`, `/${r.locale}/hub/edition/${r.slug}/schedule`]),
      ...venues.flatMap((r) => ['en', 'fr', 'de'].map((locale) => `/${locale}/hub/venue/${r.slug}`)),
    );
    expect(venues.map((venue) => venue.slug)).toEqual([filled.venue.slug]);
    expect(people.map((person) => person.slug).sort()).toEqual([filled.curator.slug, filled.organizer.slug, silent.slug].sort());
    expect(locs).toEqual(expected.sort());
    expect(locs).toContain(`/de/hub/curator/${silent.slug}`);

    const entry = urls.find((url) => textOf(findAll(url, 'loc')[0]).endsWith(`/en/hub/event/${missing.slug}`))!;
    const hreflangs = findAll(entry, 'xhtml:link')
      .map((link) => link.attributes!.hreflang)
      .sort();
    expect(hreflangs).toEqual(['en', 'fr', 'x-default']);
  });

  it('robots.txt points at the sitemap and keeps crawlers out of the admin', async () => {
    const text = await (await server.get('/robots.txt')).text();
    expect(text).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
    expect(text).toContain('Disallow: /*/admin');
  });
});

describe('media and files', () => {
  it('serves registered images and generated variants, immutable, with ETag and 304', async () => {
    const photo = await createImage(admin, {}, 'jpeg');
    const [media] = await server.query<{ storage_key: string; sha256: string }>('SELECT storage_key, sha256 FROM medias WHERE id = ?', [photo.id]);
    const original = await server.get(`/media/${media!.storage_key}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    expect(original.headers.get('etag')).toBe(`"${media!.sha256}"`);

    const variant = await server.get(`/media/${media!.storage_key}?w=320&fm=webp`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    const bytes = new Uint8Array(await variant.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP');
    const etag = variant.headers.get('etag')!;
    const again = await server.get(`/media/${media!.storage_key}?w=320&fm=webp`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('refuses unknown keys, traversal and unsupported variants', async () => {
    const [media] = await server.query<{ storage_key: string }>('SELECT storage_key FROM medias WHERE id = ?', [(await createImage(admin)).id]);
    const [file] = await server.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = ?', [(await createFile(admin)).id]);
    expect((await server.get(`/media/${media!.storage_key}?w=333&fm=webp`)).status).toBe(400);
    expect((await server.get(`/media/${media!.storage_key}?fm=png&w=320`)).status).toBe(400);
    // Files are not images and images are not downloads; unknown and encoded-traversal keys do not exist.
    for (const path of [
      `/media/${file!.storage_key}`,
      '/media/..%2f..%2fhub.db',
      `/media/${'0'.repeat(2)}/${'0'.repeat(64)}.jpg`,
      '/files/..%2Fhub.db',
      `/files/${media!.storage_key}`,
    ]) {
      const response = await server.get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/problem+json');
    }
    // A literal `..` is resolved by the URL parser before routing: it never reaches the media route.
    expect((await server.get('/media/../../hub.db')).status).toBe(404);
  });

  it('serves files as attachments under their original name', async () => {
    const created = await createFile(admin, 'Programme d’été 2031.pdf');
    const [file] = await server.query<{ storage_key: string; byte_size: number }>('SELECT storage_key, byte_size FROM files WHERE id = ?', [created.id]);
    const response = await server.get(`/files/${file!.storage_key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Programme d’été 2031.pdf')}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await response.arrayBuffer()).byteLength).toBe(file!.byte_size);
  });
});
