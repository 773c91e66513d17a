/**
 * The programme calendar against the built server (docs/decisions/062): its data endpoint (one
 * edition's events in place, the clashes among them, zod-checked query, who may read it), and a
 * move made exactly as the island makes it (move-request.ts): the event's ordinary save, on the
 * version the calendar showed — recorded as an edit, a 409 when stale, a 403 without the right
 * role, and a published event moved in its working copy while the public item stays as it was.
 * Repeating events show every date (cancelled ones as cancelled), and one date moves alone; rooms
 * of a venue clash only with themselves.
 */
import { describe, expect, it } from 'vitest';
import { buildMoveRequest, movedItemId } from '../../src/components/admin/programme/move-request.ts';
import type { ProgrammeCalendar, ProgrammeEvent } from '../../src/lib/programme-calendar/types.ts';
import { useAdminServer, type AdminClient } from '../helpers/admin-client.ts';
import { createCurator, createEdition, createEvent, createVenue, type Created } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

async function calendarOf(editionId: number, client: AdminClient = running.app.editor): Promise<ProgrammeCalendar> {
  const { status, body } = await client.call<{ calendar: ProgrammeCalendar }>('GET', `/api/admin/programme?edition=${editionId}`);
  expect(status).toBe(200);
  return body.calendar;
}

const shown = (calendar: ProgrammeCalendar, id: number): ProgrammeEvent => calendar.events.find((event) => event.id === id)!;

/** Moves `event` as the island does: read the item, build the form's save, send it. */
async function move(client: AdminClient, event: ProgrammeEvent, startsAt: string, venueId: number | null, room: string | null = null) {
  const item = await client.call('GET', `/api/admin/events/${movedItemId(event)}`);
  const request = buildMoveRequest(item.body, event, { startMs: Date.parse(startsAt), venueId, room });
  return { request, ...(await client.call(request.method, request.path, request.body)) };
}

/** An edition in Paris with two venues, a curator, and three events on 5 March 2031 (times UTC+1). */
async function programme(): Promise<{ edition: Created; hall: Created; garden: Created; curator: Created; opening: Created; talk: Created; walk: Created }> {
  const client = running.app.editor;
  const [edition, hall, garden, curator] = await Promise.all([createEdition(client), createVenue(client), createVenue(client), createCurator(client)]);
  const at = (time: string) => `2031-03-05T${time}:00+01:00`;
  const opening = await createEvent(client, { editionId: edition.id, venueId: hall.id, startsAt: at('18:00'), endsAt: at('20:00'), curatorIds: [curator.id] });
  const talk = await createEvent(client, { editionId: edition.id, venueId: garden.id, startsAt: at('19:00'), endsAt: at('20:00'), curatorIds: [curator.id] });
  const walk = await createEvent(client, { editionId: edition.id, venueId: garden.id, startsAt: at('21:00'), endsAt: at('22:00') });
  return { edition, hall, garden, curator, opening, talk, walk };
}

describe('the calendar data', () => {
  it("lists the edition's events, days, venues and clashes", async () => {
    const { edition, hall, garden, curator, opening, talk, walk } = await programme();
    await createEvent(running.app.editor, { venueId: hall.id }); // Not in the edition: not shown.
    const calendar = await calendarOf(edition.id);
    expect(calendar.edition).toMatchObject({ id: edition.id, timeZone: 'Europe/Paris' });
    expect(calendar.edition.days[0]).toBe('2031-03-01');
    expect(calendar.edition.days).toContain('2031-03-05');
    expect(calendar.events.map((event) => event.id)).toEqual([opening.id, talk.id, walk.id]);
    expect(shown(calendar, opening.id)).toMatchObject({
      venueId: hall.id,
      version: opening.version,
      draft: null,
      curatorIds: [curator.id],
      eventStatus: 'scheduled',
    });
    expect(calendar.venues.map((venue) => venue.id)).toEqual(expect.arrayContaining([hall.id, garden.id]));
    expect(calendar.people.curators[curator.id]).toBe(curator['name']);
    // The curator opens the festival in the hall and gives a talk in the garden at 19:00.
    expect(calendar.clashes).toEqual([
      {
        kind: 'curator',
        subjectId: curator.id,
        eventIds: [opening.id, talk.id],
        fromMs: Date.parse('2031-03-05T18:00:00Z'),
        untilMs: Date.parse('2031-03-05T19:00:00Z'),
      },
    ]);
  });

  it('refuses a bad query with a 400 naming the field, an unknown edition with a 404', async () => {
    for (const query of ['edition=abc', 'edition=-1', 'edition=1&colour=red', 'edition=1&locale=xx']) {
      const { status, body } = await running.app.editor.call('GET', `/api/admin/programme?${query}`);
      expect(status, query).toBe(400);
      expect(body['code']).toBe('INVALID_QUERY');
      expect(Object.keys(body['errors'] ?? {}).length).toBeGreaterThan(0);
    }
    expect((await running.app.editor.call('GET', '/api/admin/programme?edition=999999')).status).toBe(404);
  });

  it("titles events in the screen's language when asked (the island reloads with it after a move)", async () => {
    const edition = await createEdition(running.app.editor);
    const event = await createEvent(running.app.editor, {
      editionId: edition.id,
      translations: { en: { title: 'Harbour night' }, fr: { title: 'Nuit du port' } },
    });
    for (const [locale, title] of [
      ['fr', 'Nuit du port'],
      ['en', 'Harbour night'],
    ]) {
      const { body } = await running.app.editor.call<{ calendar: ProgrammeCalendar }>('GET', `/api/admin/programme?edition=${edition.id}&locale=${locale}`);
      expect(shown(body.calendar, event.id).title).toBe(title);
    }
  });

  it('is for the programme team only', async () => {
    const { edition } = await programme();
    expect((await running.app.anonymous.call('GET', `/api/admin/programme?edition=${edition.id}`)).status).toBe(401);
    expect((await running.app.visitor.call('GET', `/api/admin/programme?edition=${edition.id}`)).status).toBe(403);
    expect((await running.app.visitor.request('GET', `/en/admin/programme?edition=${edition.id}`)).status).toBe(403);
  });

  it('renders the screen with the edition and its clash list, in each locale', async () => {
    const { edition, opening } = await programme();
    for (const [locale, heading] of [
      ['en', 'Programme calendar'],
      ['fr', 'Calendrier du programme'],
      ['de', 'Programmkalender'],
    ] as const) {
      const response = await running.app.editor.request('GET', `/${locale}/admin/programme?edition=${edition.id}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(heading);
      expect(html).toContain(`/${locale}/admin/events/${opening.id}`);
    }
    expect((await running.app.editor.request('GET', '/en/admin/programme?edition=999999')).status).toBe(404);
  });
});

describe('moving an event', () => {
  it('is the ordinary save: new time and venue, same length, recorded as an edit; the clash follows', async () => {
    const { edition, hall, opening, talk } = await programme();
    const before = await calendarOf(edition.id);
    // The talk goes to the hall at 18:30 Paris time: now it also shares the hall with the opening.
    const moved = await move(running.app.editor, shown(before, talk.id), '2031-03-05T17:30:00Z', hall.id);
    expect(moved.request.method).toBe('PATCH');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await calendarOf(edition.id);
    expect(shown(after, talk.id)).toMatchObject({
      venueId: hall.id,
      startsAt: '2031-03-05T17:30:00.000Z',
      endsAt: '2031-03-05T18:30:00.000Z',
      version: talk.version + 1,
    });
    expect(after.clashes.map((clash) => [clash.kind, clash.eventIds])).toEqual([
      ['venue', [opening.id, talk.id]],
      ['curator', [opening.id, talk.id]],
    ]);
    const [audit] = await running.app.server.query<{ action: string; changed_fields: string }>(
      'SELECT action, changed_fields FROM audit_log WHERE entity = ? AND entity_id = ? ORDER BY id DESC LIMIT 1',
      ['event', String(talk.id)],
    );
    expect(audit?.action).toBe('update');
    expect(JSON.parse(audit!.changed_fields)).toEqual(expect.arrayContaining(['startsAt', 'endsAt', 'venueId']));
  });

  it('answers 409 to a move based on a version someone saved since, and changes nothing', async () => {
    const { edition, talk } = await programme();
    const stale = shown(await calendarOf(edition.id), talk.id);
    const other = await running.app.admin.call('PATCH', `/api/admin/events/${talk.id}`, { version: talk.version, room: 'Studio' });
    expect(other.status).toBe(200);
    const moved = await move(running.app.editor, stale, '2031-03-06T10:00:00Z', null);
    expect(moved.status).toBe(409);
    expect(moved.body['code']).toBe('VERSION_CONFLICT');
    expect(shown(await calendarOf(edition.id), talk.id)).toMatchObject({ startsAt: stale.startsAt, room: 'Studio' });
  });

  it('answers 403 to someone without an admin role', async () => {
    const { edition, talk } = await programme();
    const event = shown(await calendarOf(edition.id), talk.id);
    const refused = await running.app.visitor.call('PATCH', `/api/admin/events/${talk.id}`, {
      version: event.version,
      startsAt: '2031-03-06T10:00:00Z',
      endsAt: '2031-03-06T11:00:00Z',
    });
    expect(refused.status).toBe(403);
    expect(shown(await calendarOf(edition.id), talk.id).startsAt).toBe(event.startsAt);
  });

  it('moves a published event in its working copy, as its form saves it: the public item keeps its time', async () => {
    const { edition, garden } = await programme();
    const concert = await createEvent(running.app.editor, { editionId: edition.id, venueId: garden.id, status: 'published' });
    const event = shown(await calendarOf(edition.id), concert.id);
    const moved = await move(running.app.editor, event, '2031-03-07T19:00:00Z', garden.id);
    expect(moved.request.method).toBe('PUT');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const planned = shown(await calendarOf(edition.id), concert.id);
    expect(planned).toMatchObject({ startsAt: '2031-03-07T19:00:00.000Z', version: event.version, draft: { version: 1 } });
    const live = await running.app.editor.call('GET', `/api/admin/events/${concert.id}`);
    expect(live.body['startsAt']).toBe(event.startsAt);
    // Moved again: into the same copy, stating the copy it saw.
    const again = await move(running.app.editor, planned, '2031-03-07T20:00:00Z', null);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(shown(await calendarOf(edition.id), concert.id)).toMatchObject({ startsAt: '2031-03-07T20:00:00.000Z', venueId: null, draft: { version: 2 } });
    // A move from the calendar as it was before that second one is stale.
    expect((await move(running.app.editor, planned, '2031-03-07T21:00:00Z', null)).status).toBe(409);
  });
});

describe('repeating events and rooms', () => {
  const weekly = (changes: unknown[] = []) => ({ rule: 'FREQ=WEEKLY;COUNT=3', dates: [], exdates: [], changes });

  it('shows every date of a series, cancelled ones as cancelled, with clashes on each date; one date moves alone', async () => {
    const client = running.app.editor;
    const [edition, hall] = await Promise.all([createEdition(client), createVenue(client)]);
    const series = await createEvent(client, {
      editionId: edition.id,
      venueId: hall.id,
      startsAt: '2031-03-05T19:00:00+01:00',
      endsAt: '2031-03-05T20:00:00+01:00',
      timeZone: 'Europe/Paris',
      recurrence: weekly([{ on: '2031-03-19T19:00', cancelled: true }]),
    });
    const concert = await createEvent(client, {
      editionId: edition.id,
      venueId: hall.id,
      startsAt: '2031-03-12T19:30:00+01:00',
      endsAt: '2031-03-12T21:00:00+01:00',
    });
    const before = await calendarOf(edition.id);
    const dates = before.events.filter((event) => (event.seriesId ?? event.id) === series.id);
    expect(dates.map((event) => [event.startsAt, event.seriesId, event.occurrenceKey, event.eventStatus, event.repeats, event.title])).toEqual([
      ['2031-03-05T18:00:00.000Z', null, null, 'scheduled', true, dates[0]!.title],
      ['2031-03-12T18:00:00.000Z', series.id, '2031-03-12T19:00', 'scheduled', true, dates[0]!.title],
      ['2031-03-19T18:00:00.000Z', series.id, '2031-03-19T19:00', 'cancelled', true, dates[0]!.title],
    ]);
    expect(dates[0]!.title).toMatch(/^Event/);
    const second = dates[1]!;
    expect(before.clashes.map((clash) => [clash.kind, clash.eventIds])).toEqual([['venue', [second.id, concert.id]]]);

    // The second date moves to the next morning: the series' exception, its other dates unchanged.
    const moved = await move(client, second, '2031-03-13T09:00:00Z', null);
    expect(moved.request).toMatchObject({ method: 'PATCH', path: `/api/admin/events/${series.id}` });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await calendarOf(edition.id);
    expect(shown(after, second.id)).toMatchObject({
      startsAt: '2031-03-13T09:00:00.000Z',
      endsAt: '2031-03-13T10:00:00.000Z',
      venueId: hall.id,
      eventStatus: 'rescheduled',
    });
    expect(shown(after, series.id).startsAt).toBe('2031-03-05T18:00:00.000Z');
    expect(shown(after, dates[2]!.id)).toMatchObject({ startsAt: '2031-03-19T18:00:00.000Z', eventStatus: 'cancelled' });
    expect(after.clashes).toEqual([]);
  });

  it("moves one date of a published series in the series' working copy, and shows it moved", async () => {
    const client = running.app.editor;
    const edition = await createEdition(client);
    const series = await createEvent(client, {
      editionId: edition.id,
      status: 'published',
      startsAt: '2031-03-05T19:00:00+01:00',
      endsAt: '2031-03-05T20:00:00+01:00',
      timeZone: 'Europe/Paris',
      recurrence: weekly(),
    });
    const third = (await calendarOf(edition.id)).events.find((event) => event.occurrenceKey === '2031-03-19T19:00')!;
    const moved = await move(client, third, '2031-03-20T17:00:00Z', null);
    expect(moved.request).toMatchObject({ method: 'PUT', path: `/api/admin/events/${series.id}/draft` });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(shown(await calendarOf(edition.id), third.id)).toMatchObject({ startsAt: '2031-03-20T17:00:00.000Z', draft: { version: 1 } });
    // The public date keeps its time until the changes are published.
    const [row] = await running.app.server.query<{ starts_at: number }>('SELECT starts_at FROM events WHERE id = ?', [third.id]);
    expect(Number(row!.starts_at)).toBe(Date.parse(third.startsAt));
  });

  it("moves one date to another venue's room: the series' exception, shown in that column; a working copy shows it there before it is public", async () => {
    const client = running.app.editor;
    const [edition, hall, garden] = await Promise.all([createEdition(client), createVenue(client), createVenue(client)]);
    const series = await createEvent(client, {
      editionId: edition.id,
      venueId: hall.id,
      startsAt: '2031-03-05T19:00:00+01:00',
      endsAt: '2031-03-05T20:00:00+01:00',
      timeZone: 'Europe/Paris',
      recurrence: weekly(),
    });
    const second = (await calendarOf(edition.id)).events.find((event) => event.occurrenceKey === '2031-03-12T19:00')!;
    // Same time, the garden's stage: a change of place only.
    const moved = await move(client, second, second.startsAt, garden.id, 'Stage');
    expect(moved.request).toMatchObject({ method: 'PATCH', path: `/api/admin/events/${series.id}` });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.request.body['recurrence']).toMatchObject({ changes: [{ on: '2031-03-12T19:00', venueId: garden.id, room: 'Stage' }] });
    const after = await calendarOf(edition.id);
    expect(shown(after, second.id)).toMatchObject({ startsAt: second.startsAt, venueId: garden.id, room: 'Stage', eventStatus: 'scheduled' });
    expect(after.events.filter((event) => event.id !== second.id).map((event) => [event.venueId, event.room])).toEqual([
      [hall.id, null],
      [hall.id, null],
    ]);
    // Recorded as the series' edit.
    const audit = await running.app.server.query<{ action: string }>("SELECT action FROM audit_log WHERE entity = 'event' AND entity_id = ? ORDER BY id", [
      String(series.id),
    ]);
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);

    // Published: the move goes to the series' working copy; the calendar shows the plan, the public row stays.
    expect((await client.call('PATCH', `/api/admin/events/${series.id}`, { version: moved.body.version, status: 'published' })).status).toBe(200);
    const third = (await calendarOf(edition.id)).events.find((event) => event.occurrenceKey === '2031-03-19T19:00')!;
    const drafted = await move(client, third, third.startsAt, garden.id);
    expect(drafted.request).toMatchObject({ method: 'PUT', path: `/api/admin/events/${series.id}/draft` });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    expect(shown(await calendarOf(edition.id), third.id)).toMatchObject({ venueId: garden.id, room: null, draft: { version: 1 } });
    const [row] = await running.app.server.query<{ venue_id: number }>('SELECT venue_id FROM events WHERE id = ?', [third.id]);
    expect(row!.venue_id).toBe(hall.id);
  });

  it('keeps the rooms of a venue apart: a clash is in one room, and an event moves to a room', async () => {
    const client = running.app.editor;
    const [edition, cinema] = await Promise.all([createEdition(client), createVenue(client)]);
    const at = (time: string) => `2031-03-05T${time}:00+01:00`;
    const big = await createEvent(client, { editionId: edition.id, venueId: cinema.id, room: 'Big hall', startsAt: at('18:00'), endsAt: at('20:00') });
    const studio = await createEvent(client, { editionId: edition.id, venueId: cinema.id, room: 'Studio', startsAt: at('18:30'), endsAt: at('19:30') });
    const late = await createEvent(client, { editionId: edition.id, venueId: cinema.id, room: ' studio ', startsAt: at('19:00'), endsAt: at('21:00') });
    const calendar = await calendarOf(edition.id);
    expect(calendar.clashes.map((clash) => [clash.kind, clash.room, clash.eventIds])).toEqual([['venue', 'Studio', [studio.id, late.id]]]);
    const moved = await move(client, shown(calendar, late.id), '2031-03-05T18:00:00Z', cinema.id, 'Big hall');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await calendarOf(edition.id);
    expect(shown(after, late.id)).toMatchObject({ room: 'Big hall', startsAt: '2031-03-05T18:00:00.000Z' });
    expect(after.clashes.map((clash) => [clash.room, clash.eventIds])).toEqual([['Big hall', [big.id, late.id]]]);
  });
});
