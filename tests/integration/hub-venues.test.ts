/**
 * Venues against the built server: the admin API (create, validation, where-used, duplicate,
 * publishing), the public venue page (address, OpenStreetMap link, access notes, events, Place
 * JSON-LD, sitemap, purge on change), the hub's venue filter, event pages and calendars.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import type { AdminClient } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createEvent, createUser, type Created } from '../helpers/factories.ts';
import { PAST_LISTED } from '../../src/server/events/upcoming-and-past.ts';
import { decodeEntities, h1Of, hreflangsOf, htmlText as text, jsonLdOf, parseIcs } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const en = getTranslator('en');
let server: TestServer;
let admin: AdminClient;
let venue: Created;
let upcoming: Created;
let past: Created;
let elsewhere: Created;

const gaveau = {
  name: 'Salle Gaveau',
  status: 'published',
  address: '45 rue La Boétie\n75008 Paris',
  latitude: 48.8745,
  longitude: 2.3106,
  websiteUrl: 'https://www.sallegaveau.com',
  translations: {
    en: { description: 'A **concert hall** of 1907.', accessNotes: 'Step-free entrance on rue La Boétie; hearing loop in the hall.' },
    fr: { accessNotes: 'Entrée de plain-pied rue La Boétie.' },
  },
};

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  admin = await createUser(server, 'admin');
  const created = await admin.call('POST', '/api/admin/venues', gaveau);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  venue = created.body as Created;
  upcoming = await createEvent(admin, {
    status: 'published',
    venueId: venue.id,
    venueAddress: null,
    room: 'Grande salle',
    translations: { en: { title: 'Organ Night' } },
  });
  past = await createEvent(admin, {
    status: 'published',
    venueId: venue.id,
    venueAddress: null,
    startsAt: '2021-05-01T19:00:00+02:00',
    endsAt: '2021-05-01T21:00:00+02:00',
    translations: { en: { title: 'Spring Recital' } },
  });
  elsewhere = await createEvent(admin, { status: 'published', translations: { en: { title: 'Somewhere Else' } } });
});
afterAll(() => server?.stop());

describe('the venues admin API', () => {
  it('creates a venue with a slug from its name, and lists and finds it', async () => {
    expect(venue.slug).toBe('salle-gaveau');
    expect(venue['latitude']).toBe(48.8745);
    const list = await admin.call('GET', '/api/admin/venues?q=boétie');
    expect(list.status).toBe(200);
    expect(list.body['items'].map((item: { id: number }) => item.id)).toEqual([venue.id]);
  });

  it('refuses coordinates out of range or alone, a bad website and an unknown venue on an event, with field errors', async () => {
    const outOfRange = await admin.call('POST', '/api/admin/venues', { name: 'North', latitude: 91, longitude: 181 });
    // Shape and range are the schema's (400); a point with one coordinate, a rule (422).
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.headers.get('content-type')).toContain('application/problem+json');
    expect(outOfRange.body['code']).toBe('VALIDATION_FAILED');
    expect(outOfRange.body['errors']).toMatchObject({ latitude: ['OUT_OF_RANGE'], longitude: ['OUT_OF_RANGE'] });
    const alone = await admin.call('POST', '/api/admin/venues', { name: 'Half', latitude: 10 });
    expect(alone.status).toBe(422);
    expect(alone.body['errors']).toEqual({ longitude: ['COORDINATES_INCOMPLETE'] });
    const notANumber = await admin.call('POST', '/api/admin/venues', { name: 'Text', latitude: '48.1', longitude: 2, websiteUrl: 'javascript:alert(1)' });
    expect(notANumber.status).toBe(400);
    expect(Object.keys(notANumber.body['errors']).sort()).toEqual(['latitude', 'websiteUrl']);
    const noAddress = await admin.call('POST', '/api/admin/venues', { name: 'Nowhere', status: 'published' });
    expect(noAddress.status).toBe(422);
    expect(noAddress.body['errors']).toEqual({ address: ['REQUIRED_TO_PUBLISH'] });
    const unknown = await admin.call('PATCH', `/api/admin/events/${elsewhere.id}`, { version: elsewhere.version, venueId: 999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body['errors']).toHaveProperty('venueId');
    expect(await server.query('SELECT id FROM venues WHERE name IN (?, ?, ?, ?)', ['North', 'Half', 'Text', 'Nowhere'])).toEqual([]);
  });

  it('says where a venue is used, refuses to delete it while events point at it, and duplicates it', async () => {
    const detail = await admin.call('GET', `/api/admin/venues/${venue.id}`);
    expect(detail.body['usedBy']['total']).toBe(2);
    expect(detail.body['usedBy']['usages'].map((usage: { id: number; field: string }) => [usage.id, usage.field])).toEqual([
      [upcoming.id, 'venueId'],
      [past.id, 'venueId'],
    ]);
    const removed = await admin.call('DELETE', `/api/admin/venues/${venue.id}`);
    expect(removed.status).toBe(409);
    const copy = await admin.call('POST', `/api/admin/venues/${venue.id}/duplicate`);
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body['name']).toBe('Salle Gaveau (copy)');
    expect(copy.body['status']).toBe('draft');
    expect(copy.body['latitude']).toBe(48.8745);
    expect((await admin.call('DELETE', `/api/admin/venues/${copy.body['id']}`)).status).toBe(204);
  });
});

describe('the venue page', () => {
  it('shows the address, an OpenStreetMap link, access notes and the events there, upcoming and past', async () => {
    const page = await server.html('/en/hub/venue/salle-gaveau');
    expect(page.status).toBe(200);
    expect(h1Of(page.body)).toBe('Salle Gaveau');
    expect(decodeEntities(page.body)).toContain('45 rue La Boétie\n75008 Paris');
    expect(page.body).toContain('href="https://www.openstreetmap.org/?mlat=48.874500&amp;mlon=2.310600#map=17/48.874500/2.310600"');
    expect(page.body).not.toMatch(/<iframe/);
    expect(page.body).toContain('hearing loop');
    const upcomingSection = page.body.slice(page.body.indexOf('id="upcoming-heading"'), page.body.indexOf('id="past-heading"'));
    expect(upcomingSection).toContain('Organ Night');
    expect(upcomingSection).toContain('Grande salle');
    expect(page.body.slice(page.body.indexOf('id="past-heading"'))).toContain('Spring Recital');
    expect(page.body).not.toContain('Somewhere Else');
    expect(Object.keys(hreflangsOf(page.body)).sort()).toEqual(['de', 'en', 'fr', 'x-default']);
    const french = await server.html('/fr/hub/venue/salle-gaveau');
    expect(french.body).toContain('Entrée de plain-pied');
    expect(french.body).toContain(getTranslator('fr')('venue.mapLink'));
  });

  it('lists the latest past events, newest first, and links to the hub filtered by the venue for the rest', async () => {
    const created = await admin.call('POST', '/api/admin/venues', { name: 'Busy Hall', status: 'published', address: '1 Main Street' });
    const busy = created.body as Created;
    // One more past event than the page lists, on consecutive days of 2020.
    const titles: string[] = [];
    for (let day = 1; day <= PAST_LISTED + 1; day++) {
      const date = `2020-01-${String(day).padStart(2, '0')}`;
      titles.push(`Archive night ${day}`);
      await createEvent(admin, {
        status: 'published',
        venueId: busy.id,
        venueAddress: null,
        startsAt: `${date}T19:00:00+01:00`,
        endsAt: `${date}T21:00:00+01:00`,
        translations: { en: { title: `Archive night ${day}` } },
      });
    }
    const page = await server.html('/en/hub/venue/busy-hall');
    expect(page.status).toBe(200);
    const past = text(page.body.slice(page.body.indexOf('id="past-heading"')));
    const positions = titles.map((title) => past.search(new RegExp(`${title}\\b`)));
    // The most recent PAST_LISTED, newest first; the oldest one is left to the hub's listing.
    expect(positions[0]).toBe(-1);
    const shown = positions.slice(1);
    expect(shown.every((position) => position >= 0)).toBe(true);
    expect([...shown].sort((a, b) => b - a)).toEqual(shown);
    expect(page.body).toContain('href="/en/hub?venue=busy-hall&amp;when=past&amp;view=list"');
    expect(text(page.body)).toContain(en('venue.allPast'));
    // Nothing upcoming there: no link to more of it.
    expect(text(page.body)).toContain(en('venue.noUpcoming'));
    expect(text(page.body)).not.toContain(en('venue.allUpcoming'));
    const hub = await server.html('/en/hub?venue=busy-hall&when=past&view=list');
    expect(text(hub.body)).toMatch(/Archive night 1\b/);
  });

  it('describes the venue as a Place with its geo point', async () => {
    const page = await server.html('/en/hub/venue/salle-gaveau');
    const place = jsonLdOf(page.body).find((item) => item['@type'] === 'Place');
    expect(place).toMatchObject({ name: 'Salle Gaveau', geo: { '@type': 'GeoCoordinates', latitude: 48.8745, longitude: 2.3106 } });
    expect(String(place?.['url'])).toMatch(/\/en\/hub\/venue\/salle-gaveau$/);
  });

  it('is in the sitemap, answers 404 for a draft venue, and is purged when the venue changes', async () => {
    const sitemap = await server.get('/sitemap.xml');
    expect(await sitemap.text()).toContain('/en/hub/venue/salle-gaveau</loc>');
    const draft = await admin.call('POST', '/api/admin/venues', { name: 'Hidden Cellar', address: 'Somewhere' });
    expect((await server.get(`/en/hub/venue/${draft.body['slug']}`)).status).toBe(404);

    await server.get('/en/hub/venue/salle-gaveau');
    const cached = await server.get('/en/hub/venue/salle-gaveau');
    expect(cacheState(cached)).toBe('HIT');
    const current = await admin.call('GET', `/api/admin/venues/${venue.id}`);
    const renamed = await admin.call('PATCH', `/api/admin/venues/${venue.id}`, { version: current.body['version'], address: '45 rue La Boétie, 75008 Paris' });
    expect(renamed.status).toBe(200);
    const after = await server.html('/en/hub/venue/salle-gaveau');
    expect(decodeEntities(after.body)).toContain('45 rue La Boétie, 75008 Paris');
    const eventPage = await server.html(`/en/hub/event/${upcoming.slug}`);
    expect(decodeEntities(eventPage.body)).toContain('45 rue La Boétie, 75008 Paris');
  });
});

describe('events at a venue', () => {
  it('link the venue and name the room on their page, with the Place as JSON-LD location', async () => {
    const page = await server.html(`/en/hub/event/${upcoming.slug}`);
    expect(page.body).toMatch(/<a href="\/en\/hub\/venue\/salle-gaveau"[^>]*>\s*Salle Gaveau\s*<\/a>/);
    expect(page.body).toContain(en('venue.room', { room: 'Grande salle' }));
    const event = jsonLdOf(page.body).find((item) => item['@type'] === 'Event');
    expect(event?.['location']).toMatchObject({ '@type': 'Place', name: 'Salle Gaveau', geo: { latitude: 48.8745, longitude: 2.3106 } });
  });

  it('carry the venue address in LOCATION and its point in GEO, in one event’s and the hub’s calendars', async () => {
    const single = parseIcs(await (await server.get(`/en/hub/event/${upcoming.slug}/calendar.ics`)).text());
    expect(single.events[0]?.['LOCATION']).toBe('Salle Gaveau, Grande salle, 45 rue La Boétie, 75008 Paris');
    expect(single.events[0]?.['GEO']).toBe('48.874500;2.310600');
    const hub = parseIcs(await (await server.get('/en/hub/calendar.ics?venue=salle-gaveau')).text());
    expect(hub.events.map((event) => event['SUMMARY'])).toEqual(['Organ Night']);
    expect(hub.events[0]?.['GEO']).toBe('48.874500;2.310600');
    const other = parseIcs(await (await server.get('/en/hub/calendar.ics')).text()).events.find((event) => event['SUMMARY'] === 'Somewhere Else');
    expect(other?.['GEO']).toBeUndefined();
  });

  it('can be filtered by venue on the hub, which offers published venues only', async () => {
    const filtered = await server.html('/en/hub?venue=salle-gaveau&when=all');
    expect(filtered.status).toBe(200);
    expect(filtered.body).toContain('Organ Night');
    expect(filtered.body).toContain('Spring Recital');
    expect(filtered.body).not.toContain('Somewhere Else');
    expect(filtered.body).toMatch(/<option value="salle-gaveau" selected/);
    expect(filtered.body).not.toContain('Hidden Cellar');
    const unknown = await server.html('/en/hub?venue=no-such-venue');
    expect(unknown.status).toBe(200);
    expect(unknown.body).not.toContain('Organ Night');
  });
});

describe('search', () => {
  it('finds events by their venue’s name, and by its new name once the venue is renamed', async () => {
    const created = await admin.call('POST', '/api/admin/venues', {
      name: 'Cirque Zingaro',
      status: 'published',
      address: '176 avenue Jean Jaurès\n93300 Aubervilliers',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const circus = created.body as Created;
    await createEvent(admin, { status: 'published', venueId: circus.id, venueAddress: null, translations: { en: { title: 'Horse Ballet' } } });
    expect((await server.html('/en/hub/search?q=zingaro')).body).toContain('Horse Ballet');
    const renamed = await admin.call('PATCH', `/api/admin/venues/${circus.id}`, { version: circus.version, name: 'Théâtre Bartabas' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await server.html('/en/hub/search?q=bartabas')).body).toContain('Horse Ballet');
  });
});
