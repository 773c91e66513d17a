/**
 * Repeating events through the built server: a rule saved in the admin API gives the event one
 * listing row per date, each with a page of its own that shows the series' texts; dates called
 * off or moved show as such; the series' status, texts and deletion carry to every date; the
 * admin lists and "where used" name the series once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClient } from '../helpers/admin-client.ts';
import { createCurator, createEdition, createEvent, createTag, createUser, createVenue, type Created } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { getTableColumns } from 'drizzle-orm';
import { events } from '../../db/schema.ts';
import { OWN_COLUMNS } from '../../src/server/collections/event-dates.ts';

let server: TestServer;
let admin: AdminClient;
let edition: Created;
let venue: Created;
let series: Created;

interface DateRow {
  id: number;
  slug: string;
  starts_at: number;
  event_status: string;
  status: string;
}

const datesOf = (id: number) =>
  server.query<DateRow>('SELECT id, slug, starts_at, event_status, status FROM events WHERE series_id = ? ORDER BY starts_at', [id]);
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  admin = await createUser(server, 'admin');
  edition = await createEdition(admin, { status: 'published' });
  venue = await createVenue(admin, { status: 'published', address: '12 rue des Lilas, Paris' });
  // Tuesdays at 18:00 in Paris, four times, across the spring clock change (30 March 2031).
  series = await createEvent(admin, {
    status: 'published',
    editionId: edition.id,
    venueId: venue.id,
    startsAt: '2031-03-18T18:00:00+01:00',
    endsAt: '2031-03-18T20:00:00+01:00',
    recurrence: { rule: 'FREQ=WEEKLY;COUNT=4' },
    translations: { en: { title: 'Tuesday Reading Circle' }, fr: { title: 'Cercle de lecture du mardi' } },
  });
});
afterAll(() => server?.stop());

describe('a repeating event', () => {
  it('gets a row per later date, at the same wall time after the clock change', async () => {
    const dates = await datesOf(series.id);
    expect(dates.map((row) => iso(row.starts_at))).toEqual(['2031-03-25T17:00:00.000Z', '2031-04-01T16:00:00.000Z', '2031-04-08T16:00:00.000Z']);
    expect(dates.map((row) => row.slug)).toEqual([`${series.slug}-20310325-1800`, `${series.slug}-20310401-1800`, `${series.slug}-20310408-1800`]);
    expect(dates.every((row) => row.status === 'published')).toBe(true);
  });

  it('shows every date in the edition programme, each linking to its own page', async () => {
    const { status, body } = await server.html(`/en/hub/edition/${edition.slug}`);
    expect(status).toBe(200);
    expect(body.match(/Tuesday Reading Circle/g)?.length).toBeGreaterThanOrEqual(4);
    for (const row of await datesOf(series.id)) expect(body).toContain(`/en/hub/event/${row.slug}`);
  });

  it("gives a date a page with the series' texts, its own time, and the list of dates", async () => {
    const [, second] = await datesOf(series.id);
    const { status, body } = await server.html(`/fr/hub/event/${second!.slug}`);
    expect(status).toBe(200);
    expect(body).toContain('Cercle de lecture du mardi');
    // Its own time first (in the facts), then the list of the four dates with this one marked.
    expect(body.indexOf('datetime="2031-04-01T16:00:00.000Z"')).toBeLessThan(body.indexOf('id="dates"'));
    expect(body).toContain('Les 4 dates');
    expect(body.match(/data-event-date/g)?.length).toBe(4);
    expect(body).toContain(`href="/fr/hub/event/${second!.slug}" aria-current="page"`);
  });

  it('carries an edit of the series to every date page, cached or not', async () => {
    const [first] = await datesOf(series.id);
    expect((await server.html(`/en/hub/event/${first!.slug}`)).body).toContain('Tuesday Reading Circle');
    const current = await admin.call('GET', `/api/admin/events/${series.id}`);
    const renamed = await admin.call('PATCH', `/api/admin/events/${series.id}`, {
      version: current.body.version,
      translations: { en: { title: 'Tuesday Poetry Circle' } },
    });
    expect(renamed.status).toBe(200);
    expect((await server.html(`/en/hub/event/${first!.slug}`)).body).toContain('Tuesday Poetry Circle');
  });

  it('marks a date called off as cancelled and a moved one as rescheduled, and drops an excluded one', async () => {
    const identity = `SELECT occurrence_key, id, guid FROM events WHERE series_id = ? AND occurrence_key IN ('2031-03-25T18:00', '2031-04-01T18:00') ORDER BY 1`;
    const kept = await server.query<{ occurrence_key: string; id: number; guid: string }>(identity, [series.id]);
    expect(kept).toHaveLength(2);
    const current = await admin.call('GET', `/api/admin/events/${series.id}`);
    const saved = await admin.call('PATCH', `/api/admin/events/${series.id}`, {
      version: current.body.version,
      recurrence: {
        rule: 'FREQ=WEEKLY;COUNT=4',
        exdates: ['2031-04-08T18:00'],
        dates: ['2031-04-20T11:00'],
        changes: [
          { on: '2031-03-25T18:00', cancelled: true },
          { on: '2031-04-01T18:00', startsAt: '2031-04-02T19:00' },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const dates = await datesOf(series.id);
    expect(dates.map((row) => [iso(row.starts_at), row.event_status])).toEqual([
      ['2031-03-25T17:00:00.000Z', 'cancelled'],
      ['2031-04-02T17:00:00.000Z', 'rescheduled'],
      ['2031-04-20T09:00:00.000Z', 'scheduled'],
    ]);
    // A date kept by the new rule keeps its row and GUID: agendas and apps still find it.
    expect(await server.query(identity, [series.id])).toEqual(kept);
    // A save that does not touch the rule (the series' status) keeps each date's own status.
    const again = await admin.call('GET', `/api/admin/events/${series.id}`);
    expect((await admin.call('PATCH', `/api/admin/events/${series.id}`, { version: again.body.version, room: 'Library' })).status).toBe(200);
    const after = await server.query<{ event_status: string; room: string }>('SELECT event_status, room FROM events WHERE series_id = ? ORDER BY starts_at', [
      series.id,
    ]);
    expect(after).toEqual([
      { event_status: 'cancelled', room: 'Library' },
      { event_status: 'rescheduled', room: 'Library' },
      { event_status: 'scheduled', room: 'Library' },
    ]);
  });

  it('refuses a rule it cannot read with a field error, and changes nothing', async () => {
    const before = await datesOf(series.id);
    const current = await admin.call('GET', `/api/admin/events/${series.id}`);
    const refused = await admin.call('PATCH', `/api/admin/events/${series.id}`, { version: current.body.version, recurrence: { rule: 'FREQ=HOURLY' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'recurrence.rule': ['RECURRENCE_RULE_INVALID'] });
    expect(await datesOf(series.id)).toEqual(before);
  });

  it('lists the series once in the admin and in where-used', async () => {
    const list = await admin.call('GET', `/api/admin/events?edition=${edition.id}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { id: number }) => item.id)).toEqual([series.id]);
    expect(list.body.total).toBe(1);
    const refused = await admin.call('DELETE', `/api/admin/venues/${venue.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.usages.map((usage: { id: number; field: string }) => [usage.id, usage.field])).toEqual([[series.id, 'venueId']]);
  });

  it("answers 404 for a date's row in the admin API: a date is edited through its series", async () => {
    const [first] = await datesOf(series.id);
    expect((await admin.call('GET', `/api/admin/events/${first!.id}`)).status).toBe(404);
    expect((await admin.call('PATCH', `/api/admin/events/${first!.id}`, { version: 1, room: 'Elsewhere' })).status).toBe(404);
    expect((await admin.call('DELETE', `/api/admin/events/${first!.id}`)).status).toBe(404);
    expect(await datesOf(series.id)).toHaveLength(3);
  });

  it('hides every date when the series is unpublished, and removes them with it', async () => {
    const [first] = await datesOf(series.id);
    const current = await admin.call('GET', `/api/admin/events/${series.id}`);
    expect((await admin.call('PATCH', `/api/admin/events/${series.id}`, { version: current.body.version, status: 'draft' })).status).toBe(200);
    expect((await datesOf(series.id)).every((row) => row.status === 'draft')).toBe(true);
    expect((await server.html(`/en/hub/event/${first!.slug}`)).status).toBe(404);
    expect((await admin.call('DELETE', `/api/admin/events/${series.id}`)).status).toBe(204);
    expect(await datesOf(series.id)).toEqual([]);
  });

  it('has the trigger copy every column a date takes from its series (a new column must be added to it)', async () => {
    const [trigger] = await server.query<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'events_series_follow'");
    const names = Object.entries(getTableColumns(events)).flatMap(([key, column]) => (OWN_COLUMNS.includes(key) ? [] : [column.name]));
    expect(names).toContain('venue_id');
    for (const name of names) expect(trigger?.sql, name).toMatch(new RegExp(`\\b${name} = (NEW\\.${name}|CASE)`));
  });

  it("moves the rule's dates with a cloned edition", async () => {
    const spring = await createEdition(admin);
    const weekly = await createEvent(admin, {
      editionId: spring.id,
      startsAt: '2031-03-04T10:00:00+01:00',
      endsAt: '2031-03-04T12:00:00+01:00',
      recurrence: {
        rule: 'FREQ=WEEKLY;UNTIL=20310325T235959',
        exdates: ['2031-03-11T10:00'],
        changes: [{ on: '2031-03-18T10:00', startsAt: '2031-03-19T15:00' }],
      },
    });
    expect((await datesOf(weekly.id)).map((row) => iso(row.starts_at))).toEqual(['2031-03-19T14:00:00.000Z', '2031-03-25T09:00:00.000Z']);
    const cloned = await admin.call('POST', `/api/admin/editions/${spring.id}/clone`, { shiftDays: 364 });
    expect(cloned.status).toBe(201);
    const [copy] = await server.query<{ id: number; recurrence: string }>('SELECT id, recurrence FROM events WHERE edition_id = ? AND series_id IS NULL', [
      cloned.body.id,
    ]);
    expect(JSON.parse(copy!.recurrence)).toEqual({
      rule: 'FREQ=WEEKLY;UNTIL=20320323T235959',
      dates: [],
      exdates: ['2032-03-09T10:00'],
      changes: [{ on: '2032-03-16T10:00', startsAt: '2032-03-17T15:00' }],
    });
    expect((await datesOf(copy!.id)).map((row) => [iso(row.starts_at), row.event_status])).toEqual([
      ['2032-03-17T14:00:00.000Z', 'rescheduled'],
      ['2032-03-23T09:00:00.000Z', 'scheduled'],
    ]);
  });

  it('a single event stays one row', async () => {
    const single = await createEvent(admin, { status: 'published' });
    expect(await datesOf(single.id)).toEqual([]);
  });
});

describe('a series running now, in every listing of the hub', () => {
  let daily: Created;
  let tag: Created;
  let curator: Created;
  const hour = 3_600_000;
  // Daily for five days, the second of them on now: yesterday's, today's (running) and three more.
  const start = new Date(Math.floor((Date.now() - 25 * hour) / 60_000) * 60_000);
  const title = 'Daily Harbour Walk';

  beforeAll(async () => {
    tag = await createTag(admin, { translations: { en: { label: 'Walks' } } });
    curator = await createCurator(admin);
    daily = await createEvent(admin, {
      status: 'published',
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3 * hour).toISOString(),
      timeZone: 'UTC',
      recurrence: { rule: 'FREQ=DAILY;COUNT=5' },
      tagIds: [tag.id],
      curatorIds: [curator.id],
      translations: { en: { title } },
    });
  });

  const linksTo = (body: string, slug: string) => body.includes(`/en/hub/event/${slug}"`);

  it("lists today's date as on now, and every upcoming date under the series' tag and curator", async () => {
    const dates = await datesOf(daily.id);
    expect(dates).toHaveLength(4);
    const [today, ...later] = dates;
    const now = await server.html('/en/hub/today');
    expect(now.status).toBe(200);
    expect(linksTo(now.body, today!.slug)).toBe(true);
    const tagged = await server.html(`/en/hub?tag=${tag.slug}`);
    const person = await server.html(`/en/hub/curator/${curator.slug}`);
    for (const row of [today!, ...later]) {
      expect(linksTo(tagged.body, row.slug), `tag page lists ${row.slug}`).toBe(true);
      expect(linksTo(person.body, row.slug), `curator page lists ${row.slug}`).toBe(true);
    }
    // Yesterday's date (the series' own row) is over: not among the upcoming.
    expect(linksTo(tagged.body, daily.slug)).toBe(false);
  });

  it('announces the series once in the feed and finds it once in search', async () => {
    const feed = await server.html('/en/hub/feed.xml');
    expect(feed.body.match(new RegExp(title, 'g'))).toHaveLength(1);
    const found = await server.html(`/en/hub/search?q=${encodeURIComponent('harbour walk')}`);
    expect(found.status).toBe(200);
    expect(found.body.match(/\/en\/hub\/event\/daily-harbour-walk[-\w]*"/g)).toHaveLength(1);
    // Its first date is over, its later ones are not: it is upcoming, not past.
    const upcoming = await server.html(`/en/hub/search?q=${encodeURIComponent('harbour walk')}&when=upcoming`);
    expect(upcoming.body).toContain(`/en/hub/event/${daily.slug}"`);
    const past = await server.html(`/en/hub/search?q=${encodeURIComponent('harbour walk')}&when=past`);
    expect(past.body).not.toContain(`/en/hub/event/${daily.slug}"`);
  });
});
