/**
 * The hub's indexes against the built server: the editions archive (current first and marked,
 * then newest first, with event counts), the venues (alphabetical, access notes, and a map only
 * when HUB_MAP_TILE_URL is set: its script, its tile host in the CSP), the line-up A–Z (only
 * people with a public page), each in every locale, in the sitemap, and purged by writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createCurator, createEdition, createEvent, createOrganizer, createUser, createVenue, type Created } from '../helpers/factories.ts';
import type { AdminClient } from '../helpers/admin-client.ts';
import { h1Of, hreflangsOf, htmlText as text } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const en = getTranslator('en');
const DAY = 86_400_000;
const TILES = 'https://tiles.example.org/{z}/{x}/{y}.png';
let server: TestServer;
let admin: AdminClient;
const editions: Record<'past' | 'current' | 'upcoming' | 'draft', Created> = {} as never;
let zebra: Created;

/** The scripts a page runs, but data and the small inline one registering the service worker (hub-pwa.test.ts). */
const scriptsOf = (html: string) =>
  [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)]
    .filter(([, tag, inline]) => !tag!.includes('application/ld+json') && !(tag === '<script type="module">' && /register\(.\/sw\.js.\)/.test(inline!)))
    .map(([, tag]) => tag!);
const titlesOf = (html: string, className: string) =>
  [...html.matchAll(new RegExp(`class="${className}"[^>]*>\\s*<a [^>]*>([^<]*)</a>`, 'g'))].map((m) => m[1]!.trim());

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  admin = await createUser(server, 'admin');
  const now = Date.now();
  const edition = (title: string, startsAt: number, endsAt: number, status = 'published') =>
    createEdition(admin, { status, startsAt: new Date(startsAt).toISOString(), endsAt: new Date(endsAt).toISOString(), translations: { en: { title } } });
  editions.past = await edition('Spring Past', Date.parse('2020-04-01T00:00:00Z'), Date.parse('2020-04-10T00:00:00Z'));
  editions.current = await edition('Running Now', now - DAY, now + 30 * DAY);
  editions.upcoming = await edition('Far Future', Date.parse('2031-06-01T00:00:00Z'), Date.parse('2031-06-10T00:00:00Z'));
  editions.draft = await edition('Secret Draft', now - DAY, now + DAY, 'draft');

  zebra = await createVenue(admin, {
    name: 'Zebra Hall',
    address: '1 Zebra Road, Leeds',
    latitude: 53.8,
    longitude: -1.55,
    status: 'published',
    translations: { en: { accessNotes: 'Step-free entrance on **Mill Street**.' } },
  });
  await createVenue(admin, { name: 'Ágora', address: '2 Praça, Porto', status: 'published' });
  await createVenue(admin, { name: 'Hidden Shed', address: '3 Back Lane', status: 'draft' });

  const curator = await createCurator(admin, { name: 'Émile Zola' });
  const organizer = await createOrganizer(admin, { name: 'Alpha Collective' });
  await createCurator(admin, { name: 'Nobody Linked' });
  const event = (extra: Record<string, unknown>) =>
    createEvent(admin, {
      status: 'published',
      editionId: editions.current.id,
      startsAt: new Date(now + 2 * DAY).toISOString(),
      endsAt: new Date(now + 2 * DAY + 3_600_000).toISOString(),
      ...extra,
    });
  await event({ curatorIds: [curator.id], venueId: zebra.id });
  await event({ organizerIds: [organizer.id] });
  await createEvent(admin, { editionId: editions.current.id });
}, 120_000);

afterAll(() => server?.stop());

describe('the editions archive', () => {
  it('lists the current edition first and marked, then newest first, with its number of events', async () => {
    const page = await server.html('/en/hub/editions');
    expect(page.status).toBe(200);
    expect(h1Of(page.body)).toBe(en('editions.title'));
    expect(titlesOf(page.body, 'edition-tile-title')).toEqual(['Running Now', 'Far Future', 'Spring Past']);
    const tiles = page.body.split('<li class="edition-tile').slice(1);
    expect(tiles[0]).toMatch(/^ featured/);
    expect(text(tiles[0]!)).toContain(en('editions.phase.current'));
    expect(text(tiles[0]!)).toContain(en('editions.eventCount_other', { formatted: '2' }));
    expect(text(tiles[1]!)).toContain(en('editions.phase.upcoming'));
    expect(text(tiles[2]!)).not.toContain(en('editions.phase.current'));
    expect(page.body).not.toContain('Secret Draft');
    expect(scriptsOf(page.body)).toEqual([]);
  });

  it('is purged by an edition write', async () => {
    await server.get('/en/hub/editions');
    expect(cacheState(await server.get('/en/hub/editions'))).toBe('HIT');
    const renamed = await admin.call('PATCH', `/api/admin/editions/${editions.past.id}`, {
      version: editions.past.version,
      translations: { en: { title: 'Spring Long Ago' } },
    });
    expect(renamed.status).toBe(200);
    const fresh = await server.get('/en/hub/editions');
    expect(cacheState(fresh)).toBe('MISS');
    expect(await fresh.text()).toContain('Spring Long Ago');
  });
});

describe('the venues', () => {
  it('lists the public venues alphabetically, with address, access notes and a link to each page', async () => {
    const page = await server.html('/en/hub/venues');
    expect(page.status).toBe(200);
    expect(titlesOf(page.body, 'venue-entry-name')).toEqual(['Ágora', 'Zebra Hall']);
    expect(page.body).toContain(`href="/en/hub/venue/${zebra.slug}"`);
    expect(text(page.body)).toContain('1 Zebra Road, Leeds');
    expect(page.body).toContain('Step-free entrance on <strong>Mill Street</strong>.');
    expect(page.body).not.toContain('Hidden Shed');
  });

  it('has no map, no script and no tile host without HUB_MAP_TILE_URL', async () => {
    const response = await server.get('/en/hub/venues');
    const body = await response.text();
    expect(scriptsOf(body)).toEqual([]);
    expect(body).not.toMatch(/leaflet|data-venue-map|tiles\.example/i);
    expect(response.headers.get('content-security-policy')).toMatch(/img-src 'self' data: blob:;/);
  });

  it('shows a map of the venues with coordinates when HUB_MAP_TILE_URL is set, its tile host allowed for images only', async () => {
    const mapped = await startTestServer({ HUB_DEMO: '0', HUB_MAP_TILE_URL: TILES }, { sharingWith: server });
    try {
      const response = await mapped.get('/en/hub/venues');
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain(`data-tiles="${TILES}"`);
      const points = JSON.parse(/data-points="([^"]*)"/.exec(body)![1]!.replaceAll('&quot;', '"')) as { name: string; href: string }[];
      expect(points).toEqual([{ name: 'Zebra Hall', href: `/en/hub/venue/${zebra.slug}`, lat: 53.8, lng: -1.55 }]);
      // Leaflet comes from the site's own build, never a CDN.
      const scripts = scriptsOf(body);
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toMatch(/src="\/_astro\/[^"]+\.js"/);
      expect(body).toMatch(/<link rel="stylesheet" href="\/_astro\/leaflet\.[^"]+\.css">/);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("img-src 'self' data: blob: https://tiles.example.org;");
      expect(policy).toMatch(/connect-src 'self';/);
      expect(policy).toMatch(/script-src 'self'[^;]*;/);
      expect(policy.match(/tiles\.example\.org/g)).toHaveLength(1);
      // Other pages carry no map.
      expect(scriptsOf(await (await mapped.get('/en/hub/people')).text())).toEqual([]);
    } finally {
      await mapped.stop();
    }
  }, 120_000);

  it('is purged by a venue write', async () => {
    await server.get('/en/hub/venues');
    expect(cacheState(await server.get('/en/hub/venues'))).toBe('HIT');
    const renamed = await admin.call('PATCH', `/api/admin/venues/${zebra.id}`, { version: zebra.version, name: 'Zebra Warehouse' });
    expect(renamed.status).toBe(200);
    zebra = renamed.body as Created;
    const fresh = await server.get('/en/hub/venues');
    expect(cacheState(fresh)).toBe('MISS');
    expect(await fresh.text()).toContain('Zebra Warehouse');
  });
});

describe('the line-up', () => {
  it('files the people with a public page A–Z, each linked, its role in words', async () => {
    const page = await server.html('/fr/hub/people');
    expect(page.status).toBe(200);
    const fr = getTranslator('fr');
    expect(h1Of(page.body)).toBe(fr('people.title'));
    expect([...page.body.matchAll(/<h2 id="(letter-[^"]+)" class="letter-heading">\s*([^<]*?)\s*</g)].map((m) => [m[1], m[2]])).toEqual([
      ['letter-A', 'A'],
      ['letter-E', 'E'],
    ]);
    expect(page.body).toContain('href="#letter-E"');
    expect(page.body).toMatch(/<a href="\/fr\/hub\/organizer\/[^"]+">Alpha Collective<\/a>\s*<span class="people-role">Organisateur<\/span>/);
    expect(page.body).toMatch(/<a href="\/fr\/hub\/curator\/[^"]+">Émile Zola<\/a>\s*<span class="people-role">Commissaire<\/span>/);
    expect(page.body).not.toContain('Nobody Linked');
  });
});

describe('every index', () => {
  const pages = ['today', 'editions', 'venues', 'people'];

  it('answers in every locale with its alternates, and is reachable from the hub', async () => {
    for (const locale of ['en', 'fr', 'de']) {
      for (const name of pages) {
        const page = await server.html(`/${locale}/hub/${name}`);
        expect(page.status, `${locale} ${name}`).toBe(200);
        expect(hreflangsOf(page.body)[locale], `${locale} ${name}`).toBe(`${server.origin}/${locale}/hub/${name}`);
        expect(page.body, `${locale} ${name}`).toMatch(/<nav class="breadcrumbs"/);
      }
      const hub = await server.html(`/${locale}/hub`);
      for (const name of pages) expect(hub.body, `${locale} hub → ${name}`).toContain(`href="/${locale}/hub/${name}"`);
    }
  }, 60_000);

  it('is in the sitemap with hreflang alternates', async () => {
    const sitemap = await (await server.get('/sitemap.xml')).text();
    for (const name of pages) {
      for (const locale of ['en', 'fr', 'de']) expect(sitemap).toContain(`<loc>${server.origin}/${locale}/hub/${name}</loc>`);
      expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${server.origin}/fr/hub/${name}"/>`);
      expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${server.origin}/en/hub/${name}"/>`);
    }
  });
});
