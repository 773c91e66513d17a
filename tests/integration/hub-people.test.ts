/**
 * People's pages and the visitor's time zone against the built server: curator and organizer
 * pages (texts, links, what they present, JSON-LD, hreflang, sitemap, 404s, purged on change),
 * names and search results linking there, and `?tz=` (times, days and labels in the chosen zone
 * across a DST change, links keeping it, an unknown zone answered 400, default pages unchanged).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import type { AdminClient } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createCurator, createEdition, createEvent, createImage, createOrganizer, createUser, type Created } from '../helpers/factories.ts';
import { decodeEntities, h1Of, hreflangsOf, htmlText as text, jsonLdOf } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const en = getTranslator('en');
const fr = getTranslator('fr');
let server: TestServer;
let admin: AdminClient;
let curator: Created;
let organizer: Created;
let hiddenCurator: Created;
let edition: Created;
let beforeDst: Created;
let afterDst: Created;

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  admin = await createUser(server, 'admin');
  const photo = await createImage(admin, {}, 'png', 400, 400);
  curator = await createCurator(admin, {
    name: 'Ada Quintero',
    photoMediaId: photo.id,
    links: [{ label: 'Personal site', url: 'https://ada.example.org/' }],
    translations: {
      en: { shortBio: 'Composer and curator.', bio: 'Ada writes **chamber music** and runs a [choir](https://choir.example.org/).' },
      fr: { shortBio: 'Compositrice et commissaire.', bio: 'Ada écrit de la **musique de chambre**.' },
    },
  });
  organizer = await createOrganizer(admin, {
    name: 'Harbour Arts Trust',
    websiteUrl: 'https://harbour.example.org/',
    translations: { en: { description: 'A trust running *open-air* concerts.' } },
  });
  hiddenCurator = await createCurator(admin, { name: 'Nobody Public' });
  edition = await createEdition(admin, {
    status: 'published',
    startsAt: '2031-03-20T00:00:00Z',
    endsAt: '2031-04-05T00:00:00Z',
    timeZone: 'Europe/Paris',
    curatorIds: [curator.id],
    translations: { en: { title: 'Spring Crossing' } },
  });
  // 19:00 in Paris on both sides of Europe's change to summer time (30 March 2031); New York
  // changed on 9 March, so the two evenings are 14:00 and 13:00 there.
  beforeDst = await createEvent(admin, {
    status: 'published',
    editionId: edition.id,
    startsAt: '2031-03-29T19:00:00+01:00',
    endsAt: '2031-03-29T21:00:00+01:00',
    timeZone: 'Europe/Paris',
    curatorIds: [curator.id],
    organizerIds: [organizer.id],
    translations: { en: { title: 'Before the Change', venueName: 'Quay Hall' } },
  });
  afterDst = await createEvent(admin, {
    status: 'published',
    editionId: edition.id,
    startsAt: '2031-03-31T19:00:00+02:00',
    endsAt: '2031-03-31T21:00:00+02:00',
    timeZone: 'Europe/Paris',
    organizerIds: [organizer.id],
    translations: { en: { title: 'After the Change', venueName: 'Quay Hall' } },
  });
  // Presenting only a draft does not make a page public.
  await createEvent(admin, { curatorIds: [hiddenCurator.id] });
});
afterAll(() => server?.stop());

describe("a curator's page", () => {
  it('shows the photo, the whole biography from Markdown, links, editions and events, in the page locale', async () => {
    const page = await server.html(`/en/hub/curator/${curator.slug}`);
    expect(page.status).toBe(200);
    expect(h1Of(page.body)).toBe('Ada Quintero');
    expect(page.body).toMatch(/<img[^>]*class="person-image"/);
    expect(page.body).toContain('<strong>chamber music</strong>');
    expect(page.body).toContain('href="https://ada.example.org/"');
    expect(page.body).toContain(`href="/en/hub/edition/${edition.slug}"`);
    expect(page.body).toContain(`href="/en/hub/event/${beforeDst.slug}"`);
    // Only what they curate: the other event of the edition is not theirs.
    expect(page.body).not.toContain(`href="/en/hub/event/${afterDst.slug}"`);
    expect(text(page.body)).toContain(en('person.upcomingEvents'));

    const french = await server.html(`/fr/hub/curator/${curator.slug}`);
    expect(french.body).toContain('<strong>musique de chambre</strong>');
    expect(Object.keys(hreflangsOf(page.body)).sort()).toEqual(['en', 'fr', 'x-default']);
    expect(hreflangsOf(page.body)['fr']).toMatch(new RegExp(`/fr/hub/curator/${curator.slug}$`));
  });

  it('describes the curator as a schema.org Person pointing at what they present', async () => {
    const page = await server.html(`/en/hub/curator/${curator.slug}`);
    const [person] = jsonLdOf(page.body);
    expect(person).toMatchObject({
      '@type': 'Person',
      name: 'Ada Quintero',
      description: 'Composer and curator.',
      sameAs: ['https://ada.example.org/'],
    });
    expect(String(person!['url'])).toMatch(new RegExp(`/en/hub/curator/${curator.slug}$`));
    expect(person!['subjectOf']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ '@type': 'EventSeries', name: 'Spring Crossing' }),
        expect.objectContaining({ '@type': 'Event', name: 'Before the Change' }),
      ]),
    );
  });

  it('answers 404 for unknown slugs and for people who present nothing public', async () => {
    for (const path of [
      `/en/hub/curator/${hiddenCurator.slug}`,
      '/en/hub/curator/no-such-person',
      '/en/hub/curator/Bad_Slug',
      '/fr/hub/organizer/no-such-trust',
    ]) {
      const response = await server.get(path);
      expect(response.status, path).toBe(404);
      expect(cacheState(response), path).not.toBe('HIT');
    }
  });

  it('is cached, and a change to the curator is shown on the next request', async () => {
    const path = `/en/hub/curator/${curator.slug}`;
    await server.get(path);
    expect(cacheState(await server.get(path))).toBe('HIT');
    const current = await admin.call('GET', `/api/admin/curators/${curator.id}`);
    const patched = await admin.call('PATCH', `/api/admin/curators/${curator.id}`, {
      version: current.body['version'],
      translations: { en: { shortBio: 'Composer, curator and teacher.', bio: 'Ada also **teaches**.' } },
    });
    expect(patched.status).toBe(200);
    const after = await server.get(path);
    expect(cacheState(after)).toBe('MISS');
    expect(await after.text()).toContain('<strong>teaches</strong>');
  });
});

describe("an organizer's page", () => {
  it('shows the description, the website and their events, as a schema.org Organization', async () => {
    const page = await server.html(`/en/hub/organizer/${organizer.slug}`);
    expect(page.status).toBe(200);
    expect(h1Of(page.body)).toBe('Harbour Arts Trust');
    expect(page.body).toContain('<em>open-air</em>');
    expect(page.body).toContain('href="https://harbour.example.org/"');
    expect(page.body).toContain(`href="/en/hub/event/${beforeDst.slug}"`);
    expect(page.body).toContain(`href="/en/hub/event/${afterDst.slug}"`);
    const [organization] = jsonLdOf(page.body);
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'Harbour Arts Trust', sameAs: ['https://harbour.example.org/'] });
  });
});

describe('names lead to people pages', () => {
  it('from event and edition pages, their JSON-LD, search results and the sitemap', async () => {
    const event = await server.html(`/en/hub/event/${beforeDst.slug}`);
    expect(event.body).toMatch(new RegExp(`<a href="/en/hub/curator/${curator.slug}">Ada Quintero</a>`));
    expect(event.body).toMatch(new RegExp(`<a href="/en/hub/organizer/${organizer.slug}">Harbour Arts Trust</a>`));
    const [eventLd] = jsonLdOf(event.body) as [{ performer: { url: string }[]; organizer: { url: string }[] }];
    expect(eventLd.performer[0]!.url).toMatch(new RegExp(`/en/hub/curator/${curator.slug}$`));
    expect(eventLd.organizer[0]!.url).toMatch(new RegExp(`/en/hub/organizer/${organizer.slug}$`));

    const editionPage = await server.html(`/fr/hub/edition/${edition.slug}`);
    expect(editionPage.body).toContain(`href="/fr/hub/curator/${curator.slug}"`);

    const search = await server.html('/en/hub/search?q=Quintero');
    expect(search.body).toMatch(new RegExp(`<a href="/en/hub/curator/${curator.slug}">`));

    const sitemap = await (await server.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(new RegExp(`<loc>[^<]*/fr/hub/curator/${curator.slug}</loc>`));
    expect(sitemap).toMatch(new RegExp(`<loc>[^<]*/en/hub/organizer/${organizer.slug}</loc>`));
    expect(sitemap).not.toContain(`/hub/curator/${hiddenCurator.slug}<`);
  });
});

describe('times in the visitor’s zone (?tz=)', () => {
  const zone = encodeURIComponent('America/New_York');

  it('keep each event in its own zone by default, and an empty choice is that default', async () => {
    const page = await server.html(`/en/hub/event/${beforeDst.slug}`);
    expect(text(page.body)).toMatch(/19:00/);
    expect(page.body).not.toMatch(/[?&;]tz=/);
    expect(text(page.body)).toContain(en('tz.default'));
    const empty = await server.get(`/en/hub/event/${beforeDst.slug}?tz=`);
    expect(empty.status).toBe(301);
    expect(empty.headers.get('location')).toBe(`/en/hub/event/${beforeDst.slug}`);
  });

  it('shows every time in the chosen zone across a DST change, labelled, and links keep the zone', async () => {
    const before = await server.html(`/en/hub/event/${beforeDst.slug}?tz=${zone}`);
    expect(before.status).toBe(200);
    expect(text(before.body)).toMatch(/14:00/);
    expect(text(before.body)).not.toMatch(/19:00/);
    expect(text(before.body)).toContain(en('tz.shownIn', { zone: 'America/New_York' }).replace(/\.$/, ''));
    // The sibling event after Europe's change: 19:00 in Paris is 13:00 in New York that week.
    expect(text(before.body)).toMatch(/13:00/);
    expect(before.body).toContain(`href="/en/hub/edition/${edition.slug}?tz=${zone}"`);
    expect(before.body).toContain(`href="/en/hub/curator/${curator.slug}?tz=${zone}"`);
    // Calendars stay in the event's zone; the canonical URL has no zone.
    expect(before.body).toContain(`/en/hub/event/${beforeDst.slug}/calendar.ics"`);
    expect(before.body).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/en/hub/event/${beforeDst.slug}"`));
  });

  it('are chosen on a page of their own: a GET form back to the page, keeping its filters, the current zone preselected', async () => {
    const page = await server.html(`/en/hub/event/${beforeDst.slug}?tz=${zone}`);
    const change = /<a href="(\/en\/hub\/time-zone\?[^"]+)">/.exec(page.body)?.[1];
    expect(change).toBeDefined();
    const choice = await server.html(decodeEntities(change!));
    expect(choice.status).toBe(200);
    expect(choice.body).toContain(`<form class="tz-form" method="get" action="/en/hub/event/${beforeDst.slug}" data-tz-form>`);
    expect(choice.body).toMatch(/<option selected>America\/New_York<\/option>/);
    expect(choice.body.match(/<option\b/g)!.length).toBeGreaterThan(300);
    // No programme page carries the list of zones.
    expect(page.body).not.toContain('<select');

    const fromHub = await server.html(`/fr/hub/time-zone?from=${encodeURIComponent('/fr/hub?edition=x&view=list&page=3')}`);
    expect(fromHub.body).toContain(
      '<form class="tz-form" method="get" action="/fr/hub" data-tz-form><input type="hidden" name="edition" value="x"><input type="hidden" name="view" value="list">',
    );
    // Only this locale's hub pages: anything else returns to the hub landing.
    for (const from of ['https://evil.example/en/hub', '//evil.example/en/hub', '/en/admin', '/de/hub/event/x']) {
      const other = await server.html(`/en/hub/time-zone?from=${encodeURIComponent(from)}`);
      expect(other.body, from).toContain('action="/en/hub" data-tz-form>');
    }
  });

  it('groups programmes by the days of the chosen zone (the edition, the timetable, people pages)', async () => {
    const tokyo = encodeURIComponent('Asia/Tokyo');
    // 19:00 on 29 March in Paris is 03:00 on 30 March in Tokyo.
    const editionPage = await server.html(`/en/hub/edition/${edition.slug}?tz=${tokyo}`);
    expect(editionPage.status).toBe(200);
    expect(editionPage.body).toContain('<h3 id="day-2031-03-30"');
    expect(editionPage.body).not.toContain('<h3 id="day-2031-03-29"');
    const schedule = await server.html(`/en/hub/edition/${edition.slug}/schedule?day=2031-03-30&tz=${tokyo}`);
    expect(schedule.status).toBe(200);
    expect(text(schedule.body)).toContain('03:00');
    const person = await server.html(`/en/hub/curator/${curator.slug}?tz=${tokyo}`);
    expect(person.body).toContain('id="person-day-2031-03-30"');
    const hub = await server.get(`/en/hub?tz=asia/tokyo`);
    expect(hub.status).toBe(301);
    expect(hub.headers.get('location')).toBe(`/en/hub?tz=${tokyo}`);
  });

  it('answers an unknown zone with 400, a localized notice and the zone select, kept by no cache', async () => {
    const path = `/fr/hub/event/${beforeDst.slug}?tz=Mars%2FOlympus`;
    const first = await server.get(path);
    expect(first.status).toBe(400);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const body = await first.text();
    // Verbatim, with its French spacing (a collapsed text would turn the narrow no-break spaces into spaces).
    expect(body).toContain(fr('tz.invalid', { value: 'Mars/Olympus' }));
    expect(body).toContain(`href="/fr/hub/time-zone?from=%2Ffr%2Fhub%2Fevent%2F${beforeDst.slug}"`);
    expect(cacheState(await server.get(path))).not.toBe('HIT');
    expect((await server.get(`/en/hub?tz=Not%2FA%2FZone`)).status).toBe(400);
  });

  it('caches each zone under its own URL and leaves the default page as it was', async () => {
    const path = `/en/hub/organizer/${organizer.slug}`;
    const plain = await (await server.get(path)).text();
    const zoned = await (await server.get(`${path}?tz=${zone}`)).text();
    expect(zoned).not.toBe(plain);
    const again = await server.get(path);
    expect(cacheState(again)).toBe('HIT');
    expect(await again.text()).toBe(plain);
  });
});
