/**
 * Every hub route in every locale against the built server: statuses, content, 404s, translation
 * fallback and hreflang, JSON-LD, no cookies and no client JavaScript, on content the tests create
 * (with enough plain events to fill more than one page of the hub).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../src/i18n/config.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import {
  createCurator,
  createEdition,
  createEvent,
  createEvents,
  createImage,
  createOrganizer,
  createTag,
  createUser,
  type Created,
} from '../helpers/factories.ts';
import { h1Of, hreflangsOf, jsonLdOf } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const eventTitles = { en: 'Clavichord Evening', fr: 'Soirée Clavichord', de: 'Clavichord-Abend' };
const editionTitles = { en: 'Early Music Weeks', fr: 'Semaines de musique ancienne', de: 'Wochen der Alten Musik' };
let publicEvent: { slug: string; titles: Record<string, string> };
let edition: { slug: string; titles: Record<string, string> };
let tag: Created;
let organizer: Created;
let curator: Created;
/** Not public: a draft, an archived and a scheduled event, and a draft edition. */
let hidden: { events: Created[]; edition: Created };
/** Public, in English and French only. */
let untranslated: Created;

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  const admin = await createUser(server, 'admin');
  // More upcoming events than one page of 24 cards holds.
  await createEvents(admin, 25, { status: 'published' });
  // Wide enough for every card and cover width.
  const cover = await createImage(admin, {}, 'jpeg', 2000, 1125);
  const galleryImage = await createImage(admin);
  [tag, organizer, curator] = await Promise.all([createTag(admin), createOrganizer(admin), createCurator(admin)]);
  const createdEdition = await createEdition(admin, {
    status: 'published',
    coverMediaId: cover.id,
    translations: Object.fromEntries(Object.entries(editionTitles).map(([locale, title]) => [locale, { title }])),
  });
  edition = { slug: createdEdition.slug, titles: editionTitles };
  const event = await createEvent(admin, {
    status: 'published',
    editionId: createdEdition.id,
    coverMediaId: cover.id,
    mediaIds: [galleryImage.id],
    tagIds: [tag.id],
    organizerIds: [organizer.id],
    curatorIds: [curator.id],
    translations: Object.fromEntries(
      Object.entries(eventTitles).map(([locale, title]) => [locale, { title, summary: `${title}: harpsichord's quiet cousin.` }]),
    ),
  });
  publicEvent = { slug: event.slug, titles: eventTitles };
  untranslated = await createEvent(admin, { status: 'published', translations: { en: { title: 'Viol Consort' }, fr: { title: 'Consort de violes' } } });
  hidden = {
    events: await Promise.all([
      createEvent(admin),
      createEvent(admin, { status: 'published' }).then(async (event) => {
        // Archiving is a transition from published, not a status to create with.
        const archived = await admin.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, status: 'archived' });
        if (archived.status !== 200) throw new Error(`archiving failed: ${JSON.stringify(archived.body)}`);
        return archived.body as Created;
      }),
      createEvent(admin, { status: 'published', publishAt: '2040-01-01T00:00:00Z' }),
    ]),
    edition: await createEdition(admin),
  };
});
afterAll(() => server?.stop());

describe.each(locales)('every route in %s', (locale) => {
  const t = getTranslator(locale);
  const expectPage = async (path: string, h1: string | RegExp) => {
    const page = await server.html(path);
    expect(page.status, path).toBe(200);
    expect(page.body).toContain(`<html lang="${locale}" dir="ltr">`);
    if (typeof h1 === 'string') expect(h1Of(page.body)).toBe(h1);
    else expect(h1Of(page.body)).toMatch(h1);
    expect(page.headers.get('set-cookie'), path).toBeNull();
    return page;
  };

  it('home, hub, search, contact', async () => {
    const home = await expectPage(`/${locale}`, t('home.title'));
    expect(home.body).toContain(`href="/${locale}/hub/edition/`);
    const hub = await expectPage(`/${locale}/hub`, t('hub.title'));
    expect(hub.body.match(/class="event-card"/g)?.length).toBe(24);
    expect(hub.body).toContain('rel="next"');
    await expectPage(`/${locale}/hub?page=2`, t('hub.title'));
    const search = await expectPage(`/${locale}/hub/search?q=clavichord`, t('hub.search.title'));
    expect(search.body).toContain('<mark>Clavichord</mark>');
    await expectPage(`/${locale}/hub/search`, t('hub.search.title'));
    const contact = await expectPage(`/${locale}/hub/contact`, t('hub.contact.title'));
    expect(contact.body).toContain('action="?_action=contact"');
  });

  it('event and edition pages', async () => {
    const event = await expectPage(`/${locale}/hub/event/${publicEvent.slug}`, publicEvent.titles[locale]!);
    expect(event.body).toContain(`/${locale}/hub/event/${publicEvent.slug}/calendar.ics`);
    expect(event.body).toMatch(/<source type="image\/webp" srcset="[^"]*fm=webp 640w[^"]*" sizes="[^"]+"/);
    expect(event.body).toMatch(/<img [^>]*src="\/media\/[^"]*fm=jpeg"[^>]*width="\d+" height="\d+"/);
    expect(event.body).toContain('loading="lazy"');
    const editionPage = await expectPage(`/${locale}/hub/edition/${edition.slug}`, edition.titles[locale]!);
    expect(editionPage.body).toContain(`/${locale}/hub/edition/${edition.slug}/calendar.ics`);
    expect(editionPage.body).toMatch(/<section class="day programme-day"/);
    // Cards offer only the widths a card can use (at most 1280 px), in WebP; covers go further.
    const listing = await expectPage(`/${locale}/hub?edition=${edition.slug}&when=all`, t('hub.title'));
    const cardWidths = [...listing.body.matchAll(/<article class="event-card"><picture><source type="image\/webp" srcset="([^"]*)"/g)].map((m) =>
      Math.max(...[...m[1]!.matchAll(/ (\d+)w/g)].map((w) => Number(w[1]))),
    );
    expect(cardWidths).toEqual([1280]);
  });

  it('feeds and calendars', async () => {
    for (const path of [
      `/${locale}/hub/feed.xml`,
      `/${locale}/hub/calendar.ics`,
      `/${locale}/hub/calendar.ics?tag=${tag.slug}&when=all`,
      `/${locale}/hub/event/${publicEvent.slug}/calendar.ics`,
      `/${locale}/hub/edition/${edition.slug}/calendar.ics`,
    ]) {
      const response = await server.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('set-cookie'), path).toBeNull();
      expect((await response.text()).length, path).toBeGreaterThan(100);
    }
  });

  it('about, privacy policy and terms, from the database', async () => {
    for (const page of ['about', 'privacy-policy', 'terms-and-conditions']) {
      const result = await expectPage(`/${locale}/hub/${page}`, /\S/);
      expect(result.body).toContain(`href="/${locale}/hub/privacy-policy"`);
    }
    const privacy = await server.html(`/${locale}/hub/privacy-policy`);
    expect(h1Of(privacy.body)).toBe({ en: 'Privacy policy', fr: 'Politique de confidentialité', de: 'Datenschutzerklärung' }[locale]);
  });

  it('answers a localized 404 for unknown, draft, archived and scheduled items', async () => {
    const paths = [
      ...hidden.events.map((row) => `/${locale}/hub/event/${row.slug}`),
      `/${locale}/hub/event/${hidden.events[0]!.slug}/calendar.ics`,
      `/${locale}/hub/event/no-such-event`,
      `/${locale}/hub/event/NOT..valid`,
      `/${locale}/hub/edition/${hidden.edition.slug}`,
      `/${locale}/hub/edition/no-such-edition`,
      `/${locale}/hub?page=400`,
    ];
    for (const path of paths) {
      const page = await server.html(path);
      expect(page.status, path).toBe(404);
      expect(page.body, path).toContain(`<html lang="${locale}"`);
      expect(page.body).not.toContain(hidden.events[0]!.slug.replace(/-/g, ' '));
    }
  });
});

describe('search input over HTTP', () => {
  it('never answers 5xx, whatever the query; over-long queries get a friendly 400', async () => {
    const hostile = ['"', 'a"b', '*', 'NEAR(x', 'title:x', '^', ')))', '%00', '\u0000', "' OR 1=1 --", '🎭🎭', 'é'.repeat(201)];
    for (const q of hostile) {
      const response = await server.get(`/fr/hub/search?q=${encodeURIComponent(q)}&type=nope&page=-1&edition=..%2F&tag=%3Cscript%3E`);
      expect(response.status, q).toBeLessThan(500);
      await response.text();
    }
    const long = await server.html(`/de/hub/search?q=${'x'.repeat(10_000)}`);
    expect(long.status).toBe(400);
    // The status line's reason matches the status (Astro's default was "400 OK").
    expect((await server.get(`/de/hub/search?q=${'x'.repeat(300)}`)).statusText).toBe('Bad Request');
    expect((await server.get('/de/hub/event/no-such-event')).statusText).toBe('Not Found');
    expect(long.body).toContain(getTranslator('de')('hub.search.tooLong', { max: 200 }));
    expect(long.body).toMatch(/<input id="search-q"[^>]*value="x{200}"/);
    const empty = await server.html('/en/hub/search?q=');
    expect(empty.body).toContain(getTranslator('en')('hub.search.empty'));
    const none = await server.html('/fr/hub/search?q=xyzzyplugh');
    expect(none.status).toBe(200);
    expect(none.body).toContain(getTranslator('fr')('hub.search.noResultsHelp'));
  });
});

describe('unknown locales', () => {
  it.each(['/xx', '/xx/hub', '/es/hub/search', '/xx/hub/event/anything', '/xx/hub/feed.xml'])('%s → 404', async (path) => {
    expect((await server.get(path)).status).toBe(404);
  });
});

describe('translations', () => {
  it('shows default-locale text with a notice and lang, and hreflang only for translated locales', async () => {
    const row = { slug: untranslated.slug, title: 'Viol Consort' };
    const page = await server.html(`/de/hub/event/${row!.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="de"');
    expect(page.body).toMatch(new RegExp(`<h1 id="event-title" lang="en">`));
    expect(h1Of(page.body)).toBe(row!.title);
    expect(/<header class="detail-header">[\s\S]*?<\/header>/.exec(page.body)![0]).toContain(getTranslator('de')('content.notTranslated'));
    const alternates = hreflangsOf(page.body);
    expect(Object.keys(alternates).sort()).toEqual(['en', 'fr', 'x-default']);
    expect(alternates['x-default']).toMatch(new RegExp(`/en/hub/event/${row!.slug}$`));
    expect(page.body).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/de/hub/event/${row!.slug}"`));

    const translated = await server.html(`/fr/hub/event/${publicEvent.slug}`);
    expect(Object.keys(hreflangsOf(translated.body)).sort()).toEqual(['de', 'en', 'fr', 'x-default']);
    const header = /<header class="detail-header">[\s\S]*?<\/header>/.exec(translated.body)![0];
    expect(header).not.toContain(getTranslator('fr')('content.notTranslated'));
    expect(header).toContain('<h1 id="event-title">');
  });

  it('keeps the current page in the locale switcher', async () => {
    const page = await server.html(`/fr/hub/event/${publicEvent.slug}`);
    expect(page.body).toContain(`href="/de/hub/event/${publicEvent.slug}" hreflang="de" lang="de"`);
    const filtered = await server.html(`/fr/hub?tag=${tag.slug}`);
    expect(filtered.body).toContain(`href="/en/hub?tag=${tag.slug}" hreflang="en"`);
  });
});

interface EventLd {
  '@type': string;
  name: string;
  superEvent: { '@type': string };
  eventStatus: string;
  location: unknown;
  organizer: unknown[];
  performer: unknown[];
  startDate: string;
  endDate: string;
}
interface BreadcrumbLd {
  '@type': string;
  itemListElement: { name: string }[];
}
interface SeriesLd {
  '@type': string;
  name: string;
  subEvent: unknown[];
}

describe('structured data and SEO tags', () => {
  it('describes an event with its edition, place, organizers, curators and status', async () => {
    const page = await server.html(`/en/hub/event/${publicEvent.slug}`);
    const [event, breadcrumbs] = jsonLdOf(page.body) as unknown as [EventLd, BreadcrumbLd];
    expect(event['@type']).toBe('Event');
    expect(event.name).toBe(publicEvent.titles.en);
    expect(event.superEvent['@type']).toBe('EventSeries');
    expect(event.eventStatus).toBe('https://schema.org/EventScheduled');
    // The factory's free-text place ("1 rue de la Paix, Paris") as a postal address.
    expect(event.location).toMatchObject({ address: { '@type': 'PostalAddress', streetAddress: '1 rue de la Paix', addressLocality: 'Paris' } });
    expect(event.organizer).toEqual([expect.objectContaining({ name: organizer['name'] })]);
    expect(event.performer).toEqual([expect.objectContaining({ name: curator['name'] })]);
    // The factory's 18:30 in Paris (winter), with its offset: the local hour, the same instant.
    expect(event.startDate).toBe('2031-03-05T18:30:00+01:00');
    expect(event.endDate).toBe('2031-03-05T21:00:00+01:00');
    expect(breadcrumbs['@type']).toBe('BreadcrumbList');
    expect(breadcrumbs.itemListElement.at(-1)!.name).toBe(publicEvent.titles.en);
    expect(page.body).toMatch(/<meta property="og:image" content="http[^"]+\/media\/[^"]+"/);
    expect(page.body).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    expect(page.body).toMatch(/<meta name="description" content="[^"]+"/);
  });

  it('describes an edition as an EventSeries with its events', async () => {
    const page = await server.html(`/fr/hub/edition/${edition.slug}`);
    const [series] = jsonLdOf(page.body) as unknown as [SeriesLd];
    expect(series['@type']).toBe('EventSeries');
    expect(series.name).toBe(edition.titles.fr);
    expect(series.subEvent).toEqual([expect.objectContaining({ name: eventTitles.fr })]);
  });
});

describe('hub pages stay cacheable and script-free', () => {
  it('send caching headers, no cookies, and no client script except the contact form and the agenda stars', async () => {
    for (const path of [
      '/en',
      '/en/hub',
      `/en/hub/event/${publicEvent.slug}`,
      `/fr/hub/edition/${edition.slug}`,
      '/de/hub/search?q=clavichord',
      '/en/hub/about',
    ]) {
      const response = await server.get(path);
      const body = await response.text();
      expect(response.headers.get('set-cookie'), path).toBeNull();
      // Pages listing events load the star's one module (its size: hub-agenda-embeds.test.ts), and
      // every page but search the small inline one registering the service worker (hub-pwa.test.ts);
      // nothing else runs.
      const scripts = [...body.matchAll(/(<script\b(?![^>]*application\/ld\+json)[^>]*>)([\s\S]*?)<\/script>/g)];
      const starScript = /^<script type="module" src="\/_astro\/StarScript\.astro_astro_type_script_index_0_lang\.[\w-]+\.js">$/;
      const isStar = ([, tag]: RegExpMatchArray) => starScript.test(tag!);
      const isWorkerRegistration = ([, tag, inline]: RegExpMatchArray) => tag === '<script type="module">' && /register\(.\/sw\.js.\)/.test(inline!);
      expect(
        scripts.filter((script) => !isStar(script) && !isWorkerRegistration(script)).map(([tag]) => tag),
        path,
      ).toEqual([]);
      expect(scripts.filter(isStar).length, path).toBe(body.includes(' data-star=') ? 1 : 0);
      expect(scripts.filter(isWorkerRegistration).length, path).toBe(path.includes('/hub/search') ? 0 : 1);
      if (path.includes('/hub/search?q=')) {
        // What someone searched for is nobody else's business: never kept by a shared cache.
        expect(response.headers.get('cache-control'), path).toMatch(/private/);
        expect(response.headers.get('cache-control'), path).toMatch(/no-store/);
      } else if (!path.endsWith('/about')) {
        expect(response.headers.get('cache-control'), path).toMatch(/s-maxage=\d+/);
        expect(response.headers.get('cache-control'), path).toMatch(/stale-while-revalidate=\d+/);
        expect(response.headers.get('etag'), path).toMatch(/^(W\/)?"[^"]+"$/);
      }
    }
  });

  it('keeps the contact form script within 10 KB gzipped', async () => {
    const body = await (await server.get('/fr/hub/contact')).text();
    const scripts = [...body.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    const { gzipSync } = await import('node:zlib');
    let total = 0;
    for (const [tag, inline] of scripts) {
      const src = /src="([^"]+)"/.exec(tag)?.[1];
      const code = src ? await (await server.get(src)).text() : inline!;
      total += gzipSync(code).length;
    }
    expect(total).toBeLessThan(10 * 1024);
  });

  it('redirects filter URLs to their one canonical form', async () => {
    const response = await server.get(`/fr/hub?when=upcoming&edition=&tag=${tag.slug}&from=&to=&junk=1`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/fr/hub?tag=${tag.slug}`);
  });
});

describe('the other events of an edition on an event page', () => {
  /** The list of other events below the event (what follows its heading). */
  const listOf = (body: string) => body.slice(body.indexOf('id="more-heading"'));

  it('follows an edit of a listed event and the zone the visitor chose, on every page that lists it', async () => {
    const admin = await createUser(server, 'admin');
    const festival = await createEdition(admin, { status: 'published' });
    const [first, second, third] = await Promise.all(
      ['Lute Morning', 'Consort Noon', 'Organ Night'].map((title, i) =>
        createEvent(admin, {
          status: 'published',
          editionId: festival.id,
          startsAt: `2031-04-0${i + 1}T18:30:00+02:00`,
          endsAt: `2031-04-0${i + 1}T21:00:00+02:00`,
          translations: { en: { title } },
        }),
      ),
    );
    const before = listOf((await server.html(`/en/hub/event/${first!.slug}`)).body);
    expect(before).toContain('Consort Noon');
    expect(before).toContain('Organ Night');
    expect(before).not.toContain('Lute Morning');
    expect(listOf((await server.html(`/en/hub/event/${second!.slug}`)).body)).toContain('Organ Night');

    const current = await admin.call('GET', `/api/admin/events/${third!.id}`);
    const renamed = await admin.call('PATCH', `/api/admin/events/${third!.id}`, {
      version: current.body.version,
      translations: { en: { title: 'Organ Midnight' } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    for (const event of [first!, second!]) {
      const list = listOf((await server.html(`/en/hub/event/${event.slug}`)).body);
      expect(list, event.slug).toContain('Organ Midnight');
      expect(list, event.slug).not.toContain('Organ Night');
    }

    const zoned = listOf((await server.html(`/en/hub/event/${first!.slug}?tz=Asia/Tokyo`)).body);
    expect(zoned).toContain('Japan Standard Time');
    expect(zoned).toContain('tz=Asia%2FTokyo');
    const plain = listOf((await server.html(`/en/hub/event/${first!.slug}?x=1`)).body);
    expect(plain).not.toContain('Japan Standard Time');
    expect(plain).toContain('Central European Summer Time');
  });
});
