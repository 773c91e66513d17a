/**
 * Repeating events in iCalendar, through the built server: the calendars write a series once
 * (never its dates' listing rows), a date's page gives the whole series, a real Google Calendar
 * export with weekly rules and moved dates imports as series, and our own export imported into a
 * new edition gives the same dates.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEdition, createEvent, createVenue, type Created } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

interface DateRow {
  starts_at: number;
  ends_at: number;
  event_status: string;
}

/** Every date of series `id`, its own first: instants and statuses. */
async function datesOf(id: number): Promise<{ start: string; end: string; status: string }[]> {
  const rows = await running.app.server.query<DateRow>('SELECT starts_at, ends_at, event_status FROM events WHERE id = ? OR series_id = ? ORDER BY starts_at', [
    id,
    id,
  ]);
  return rows.map((row) => ({ start: new Date(row.starts_at).toISOString(), end: new Date(row.ends_at).toISOString(), status: row.event_status }));
}

function importFile(body: Record<string, unknown>) {
  return running.app.editor.call('POST', '/api/admin/import', body);
}

const vevents = (ics: string) => ics.split('BEGIN:VEVENT').slice(1);

async function publishedSeries(): Promise<{ edition: Created; series: Created; single: Created }> {
  const client = running.app.editor;
  const edition = await createEdition(client, { status: 'published', timeZone: 'Europe/Paris' });
  const venue = await createVenue(client, { status: 'published', address: '12 rue des Lilas, Paris' });
  // Tuesdays at 18:00 in Paris, five times across the spring change; one removed, one called off, one moved.
  const series = await createEvent(client, {
    status: 'published',
    editionId: edition.id,
    venueId: venue.id,
    timeZone: 'Europe/Paris',
    startsAt: '2031-03-18T18:00:00+01:00',
    endsAt: '2031-03-18T20:00:00+01:00',
    recurrence: {
      rule: 'FREQ=WEEKLY;COUNT=5',
      exdates: ['2031-03-25T18:00'],
      changes: [
        { on: '2031-04-01T18:00', cancelled: true },
        { on: '2031-04-08T18:00', startsAt: '2031-04-09T19:00', endsAt: '2031-04-09T21:00' },
      ],
    },
    translations: { en: { title: 'Tuesday Reading Circle' } },
  });
  const single = await createEvent(client, {
    status: 'published',
    editionId: edition.id,
    venueId: venue.id,
    startsAt: '2031-03-20T20:00:00+01:00',
    endsAt: '2031-03-20T22:00:00+01:00',
    translations: { en: { title: 'One Evening' } },
  });
  return { edition, series, single };
}

describe('repeating events in calendars', () => {
  it('writes a series once in the edition, hub and date calendars, with its rule and one VEVENT per changed date', async () => {
    const { edition, series, single } = await publishedSeries();
    expect(await datesOf(series.id)).toHaveLength(4);
    const paths = [
      `/en/hub/edition/${edition.slug}/calendar.ics`,
      `/en/hub/calendar.ics?edition=${edition.slug}&when=all`,
      // A later date's page: the listing row of 15 April.
      `/en/hub/event/${series.slug}-20310415-1800/calendar.ics`,
    ];
    for (const path of paths) {
      const response = await running.app.server.get(path);
      expect(response.status, path).toBe(200);
      const text = await response.text();
      const seriesEvents = vevents(text).filter((vevent) => new RegExp(`^UID:event-${series.id}@`, 'm').test(vevent));
      expect(seriesEvents, path).toHaveLength(3);
      expect(seriesEvents[0], path).toContain('DTSTART;TZID=Europe/Paris:20310318T180000');
      expect(seriesEvents[0], path).toContain('RRULE:FREQ=WEEKLY;COUNT=5');
      expect(seriesEvents[0], path).toContain('EXDATE;TZID=Europe/Paris:20310325T180000');
      expect(seriesEvents[1], path).toContain('RECURRENCE-ID;TZID=Europe/Paris:20310401T180000');
      expect(seriesEvents[1], path).toContain('STATUS:CANCELLED');
      expect(seriesEvents[2], path).toContain('DTSTART;TZID=Europe/Paris:20310409T190000');
      // No date's own listing row is written.
      expect(text, path).not.toMatch(new RegExp(`/hub/event/${series.slug}-2031`));
      const singles = vevents(text).filter((vevent) => new RegExp(`^UID:event-${single.id}@`, 'm').test(vevent));
      expect(singles, path).toHaveLength(path.includes(series.slug) ? 0 : 1);
    }
  });

  it('imports our exported series into a new edition with the same dates', async () => {
    const { edition, series } = await publishedSeries();
    const exported = await (await running.app.server.get(`/en/hub/edition/${edition.slug}/calendar.ics`)).text();
    const target = await createEdition(running.app.editor, { timeZone: 'Europe/Paris' });
    const dry = await importFile({ editionId: target.id, content: exported, fileName: 'programme.ics' });
    expect(dry.status).toBe(200);
    expect(dry.body.counts).toEqual({ create: 2, update: 0, error: 0 });
    const repeating = dry.body.rows.find((row: { title: string }) => row.title === 'Tuesday Reading Circle');
    expect(repeating.warnings).toEqual([expect.objectContaining({ field: 'RRULE', code: 'REPEATS', limit: 4 })]);
    const committed = await importFile({ editionId: target.id, content: exported, fileName: 'programme.ics', dryRun: false });
    expect(committed.status).toBe(201);
    const [copy] = await running.app.server.query<{ id: number }>(
      "SELECT e.id FROM events e JOIN event_translations t ON t.event_id = e.id WHERE e.edition_id = ? AND t.title = 'Tuesday Reading Circle' AND e.series_id IS NULL",
      [target.id],
    );
    const original = await datesOf(series.id);
    expect(original.map((date) => date.status)).toEqual(['scheduled', 'cancelled', 'rescheduled', 'scheduled']);
    expect(await datesOf(copy!.id)).toEqual(original);
  });

  it('imports a real Google Calendar export: 2 weekly series of 3 dates each, one date of each moved', async () => {
    const target = await createEdition(running.app.editor, { timeZone: 'Australia/Sydney', startsAt: '2023-08-01T00:00:00Z', endsAt: '2023-09-30T00:00:00Z' });
    const content = readFileSync(new URL('../fixtures/import/real/google-weekly-moved.ics', import.meta.url), 'utf8');
    const dry = await importFile({ editionId: target.id, content, fileName: 'calendar.ics' });
    expect(dry.status).toBe(200);
    expect(dry.body.counts).toEqual({ create: 2, update: 0, error: 0 });
    expect(dry.body.rows.map((row: { warnings: { code: string; limit: number }[] }) => row.warnings.map((warning) => [warning.code, warning.limit]))).toEqual([
      [['REPEATS', 3]],
      [['REPEATS', 3]],
    ]);
    const german = await importFile({ editionId: target.id, content, fileName: 'calendar.ics', locale: 'de' });
    expect(german.body.rows[0].warnings[0].reason).toBe(
      'RRULE: Diese Veranstaltung wiederholt sich; sie wird als eine Veranstaltung mit 3 Terminen importiert.',
    );
    // A rule the programme cannot take is that row's error, in the admin's language; the other row still imports.
    const hourly = await importFile({
      editionId: target.id,
      content: content.replace('RRULE:FREQ=WEEKLY;WKST=SU;UNTIL=20230830', 'RRULE:FREQ=HOURLY;WKST=SU;UNTIL=20230830'),
      locale: 'fr',
    });
    expect(hourly.status).toBe(200);
    expect(hourly.body.counts).toEqual({ create: 1, update: 0, error: 1 });
    expect(hourly.body.rows[1].errors).toEqual([
      expect.objectContaining({
        field: 'RRULE',
        code: 'RECURRENCE_UNSUPPORTED',
        reason: expect.stringMatching(/^Cet événement se répète d’une façon que le programme ne gère pas/),
      }),
    ]);
    const committed = await importFile({ editionId: target.id, content, fileName: 'calendar.ics', dryRun: false });
    expect(committed.body).toMatchObject({ created: 2 });
    const masters = await running.app.server.query<{ id: number }>('SELECT id FROM events WHERE edition_id = ? AND series_id IS NULL ORDER BY starts_at', [
      target.id,
    ]);
    expect(masters).toHaveLength(2);
    // Tuesdays 14:00–15:00 in Sydney (AEST, UTC+10) until 28 August; the 15th moved to Monday the 14th.
    expect(await datesOf(masters[0]!.id)).toEqual([
      { start: '2023-08-08T04:00:00.000Z', end: '2023-08-08T05:00:00.000Z', status: 'scheduled' },
      { start: '2023-08-14T04:00:00.000Z', end: '2023-08-14T05:00:00.000Z', status: 'rescheduled' },
      { start: '2023-08-22T04:00:00.000Z', end: '2023-08-22T05:00:00.000Z', status: 'scheduled' },
    ]);
    // Whole days on Thursdays (midnight to midnight in the edition's zone) until 30 August; the 17th moved to the 16th.
    expect(await datesOf(masters[1]!.id)).toEqual([
      { start: '2023-08-09T14:00:00.000Z', end: '2023-08-10T14:00:00.000Z', status: 'scheduled' },
      { start: '2023-08-15T14:00:00.000Z', end: '2023-08-16T14:00:00.000Z', status: 'rescheduled' },
      { start: '2023-08-23T14:00:00.000Z', end: '2023-08-24T14:00:00.000Z', status: 'scheduled' },
    ]);
  });
});
