/**
 * One date of a repeating event held in another place (docs/decisions/049, amendment), through the
 * built server: the series' change names a venue and/or room; the date's row, its page, the event
 * page's list of dates, both venue pages, the iCalendar and the schedule exports say that place;
 * the follow trigger keeps it through later saves and bulk actions; a venue that does not exist
 * is a 422 at the change's path, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import type { AdminClient } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createEdition, createEvent, createUser, createVenue, type Created } from '../helpers/factories.ts';
import { parseIcs } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let admin: AdminClient;
let edition: Created;
let small: Created;
let big: Created;
let series: Created;

interface DateRow {
  id: number;
  slug: string;
  occurrence_key: string;
  venue_id: number | null;
  room: string | null;
  event_status: string;
  status: string;
}

const datesOf = (id: number) =>
  server.query<DateRow>('SELECT id, slug, occurrence_key, venue_id, room, event_status, status FROM events WHERE series_id = ? ORDER BY starts_at', [id]);
const placesOf = async (id: number) => (await datesOf(id)).map((row) => [row.occurrence_key, row.venue_id, row.room]);
const hub = (path: string) => fetch(`${server.origin}${path}`);

/** Saves the series' recurrence (and other values) on its current version. */
async function saveSeries(values: Record<string, unknown>) {
  const current = await admin.call('GET', `/api/admin/events/${series.id}`);
  return admin.call('PATCH', `/api/admin/events/${series.id}`, { version: current.body.version, ...values });
}

const rule = 'FREQ=WEEKLY;COUNT=3';
const SECOND = '2031-03-11T18:30';
const THIRD = '2031-03-18T18:30';

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  admin = await createUser(server, 'admin');
  edition = await createEdition(admin, { status: 'published' });
  small = await createVenue(admin, { name: 'Small Hall', status: 'published', address: '1 quai Est, Lyon' });
  big = await createVenue(admin, { name: 'Big Hall', status: 'published', address: '2 quai Ouest, Lyon', latitude: 45.75, longitude: 4.85 });
  // Wednesdays at 18:30 in Paris, three times.
  series = await createEvent(admin, {
    status: 'published',
    editionId: edition.id,
    venueId: small.id,
    startsAt: '2031-03-04T18:30:00+01:00',
    endsAt: '2031-03-04T20:30:00+01:00',
    recurrence: { rule },
    translations: { en: { title: 'Chamber Evenings' }, fr: { title: 'Soirées de chambre' } },
  });
});
afterAll(() => server?.stop());

describe('a date held in another place', () => {
  it("refuses a venue that does not exist with a localized 422 at the change's path, and writes nothing", async () => {
    const current = await admin.call('GET', `/api/admin/events/${series.id}`);
    const body = { version: current.body.version, recurrence: { rule, changes: [{ on: SECOND, venueId: 987_654 }] } };
    const refused = await admin.call('PATCH', `/api/admin/events/${series.id}`, body);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'INVALID_VALUES', errors: { 'recurrence.changes.0.venueId': ['DANGLING_REFERENCE'] } });
    expect(Object.keys(refused.body.errors)).toEqual(['recurrence.changes.0.venueId']);
    // The form says the code in the editor's language, under that date's venue control.
    for (const locale of ['en', 'fr', 'de'] as const) expect(getTranslator(locale)('admin.error.DANGLING_REFERENCE')).not.toMatch(/^admin\./);
    const after = await admin.call('GET', `/api/admin/events/${series.id}`);
    expect(after.body.version).toBe(current.body.version);
    expect(await placesOf(series.id)).toEqual([
      [SECOND, small.id, null],
      [THIRD, small.id, null],
    ]);
    // A malformed place is refused at the boundary, each field named.
    const bad = await saveSeries({ recurrence: { rule, changes: [{ on: SECOND, venueId: 'big', room: '   ' }] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['recurrence.changes.0.room', 'recurrence.changes.0.venueId']);
  });

  it("moves one date to the big hall's stage: its row, its page, the series' list of dates, both venue pages", async () => {
    const [second, third] = await datesOf(series.id);
    // Both venue pages are cached before the save: the save must purge them.
    for (const venue of [small, big]) {
      await hub(`/en/hub/venue/${venue.slug}`);
      expect(cacheState(await hub(`/en/hub/venue/${venue.slug}`))).toBe('HIT');
    }
    const datePage = await hub(`/en/hub/event/${second!.slug}`);
    expect(await datePage.text()).toContain('Small Hall');
    expect((await saveSeries({ recurrence: { rule, changes: [{ on: SECOND, venueId: big.id, room: 'Stage' }] } })).status).toBe(200);

    expect(await placesOf(series.id)).toEqual([
      [SECOND, big.id, 'Stage'],
      [THIRD, small.id, null],
    ]);
    // Same time, another place: not rescheduled.
    expect((await datesOf(series.id)).map((row) => row.event_status)).toEqual(['scheduled', 'scheduled']);

    const page = await server.html(`/en/hub/event/${second!.slug}`);
    expect(page.body).toContain('Big Hall');
    expect(page.body).toContain('Stage');
    expect(page.body).not.toContain('Small Hall');
    const list = await server.html(`/fr/hub/event/${series.slug}`);
    expect(list.body).toContain(getTranslator('fr')('hub.event.dateElsewhere', { place: 'Big Hall, Stage' }));

    const bigPage = await server.html(`/en/hub/venue/${big.slug}`);
    expect(bigPage.body).toContain(`/en/hub/event/${second!.slug}`);
    expect(bigPage.body).not.toContain(`/en/hub/event/${third!.slug}`);
    const smallPage = await server.html(`/en/hub/venue/${small.slug}`);
    expect(smallPage.body).not.toContain(`/en/hub/event/${second!.slug}`);
    expect(smallPage.body).toContain(`/en/hub/event/${third!.slug}`);
  });

  it('says the place in the iCalendar (the date’s own VEVENT) and in the schedule exports', async () => {
    const [second] = await datesOf(series.id);
    const ics = await server.html(`/en/hub/event/${second!.slug}/calendar.ics`);
    expect(ics.status).toBe(200);
    const { events } = parseIcs(ics.body);
    expect(events.map((event) => [event['RECURRENCE-ID'] ?? null, event.LOCATION])).toEqual([
      [null, 'Small Hall, 1 quai Est, Lyon'],
      ['20310311T183000', 'Big Hall, Stage, 2 quai Ouest, Lyon'],
    ]);
    expect(events[1]!.GEO).toBe('45.750000;4.850000');
    const programmeIcs = await server.html(`/en/hub/calendar.ics?edition=${edition.slug}&when=all`);
    expect(programmeIcs.status).toBe(200);
    const programme = parseIcs(programmeIcs.body);
    expect(programme.events.find((event) => event['RECURRENCE-ID'] === '20310311T183000')?.LOCATION).toBe('Big Hall, Stage, 2 quai Ouest, Lyon');

    const json = JSON.parse((await server.html(`/en/hub/edition/${edition.slug}/schedule.json`)).body);
    const rooms: string[][] = json.schedule.conference.days.flatMap((day: { rooms: Record<string, { url: string }[]> }) =>
      Object.entries(day.rooms).flatMap(([room, list]) => list.map((event) => [event.url, room])),
    );
    expect(rooms.find(([url]) => url!.endsWith(`/event/${second!.slug}`))?.[1]).toMatch(/^Big Hall\W+Stage$/);
    expect(rooms.find(([url]) => url!.endsWith(`/event/${series.slug}`))?.[1]).toBe('Small Hall');
    const xml = (await server.html(`/en/hub/edition/${edition.slug}/schedule.xml`)).body;
    expect(xml).toContain('Big Hall');
  });

  it('keeps the date in its place through a later save and bulk actions, while the others follow the series', async () => {
    expect((await saveSeries({ room: 'Foyer', translations: { en: { title: 'Chamber Nights' } } })).status).toBe(200);
    expect(await placesOf(series.id)).toEqual([
      [SECOND, big.id, 'Stage'],
      [THIRD, small.id, 'Foyer'],
    ]);
    for (const action of ['unpublish', 'publish']) {
      expect((await admin.call('POST', '/api/admin/events/bulk', { action, ids: [series.id] })).status).toBe(200);
    }
    expect((await datesOf(series.id)).map((row) => row.status)).toEqual(['published', 'published']);
    expect(await placesOf(series.id)).toEqual([
      [SECOND, big.id, 'Stage'],
      [THIRD, small.id, 'Foyer'],
    ]);
    // An update that does not go through the save (any path writing the series) runs the trigger too.
    await server.query('UPDATE events SET venue_id = ?, room = NULL WHERE id = ?', [big.id, series.id]);
    expect(await placesOf(series.id)).toEqual([
      [SECOND, big.id, 'Stage'],
      [THIRD, big.id, null],
    ]);
  });

  it('puts a room alone in the series’ venue, and a date back in the series’ place when its change is cleared', async () => {
    expect((await saveSeries({ venueId: small.id, room: null, recurrence: { rule, changes: [{ on: THIRD, room: 'Studio' }] } })).status).toBe(200);
    expect(await placesOf(series.id)).toEqual([
      [SECOND, small.id, null],
      [THIRD, small.id, 'Studio'],
    ]);
    expect((await saveSeries({ recurrence: { rule, changes: [] } })).status).toBe(200);
    expect(await placesOf(series.id)).toEqual([
      [SECOND, small.id, null],
      [THIRD, small.id, null],
    ]);
  });
});
