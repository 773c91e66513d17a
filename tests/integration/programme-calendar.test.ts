/**
 * The programme calendar against the built server (docs/decisions/062): its data endpoint (one
 * edition's events in place, the clashes among them, zod-checked query, who may read it), and a
 * move made exactly as the island makes it (move-request.ts): the event's ordinary save, on the
 * version the calendar showed — recorded as an edit, a 409 when stale, a 403 without the right
 * role, and a published event moved in its working copy while the public item stays as it was.
 */
import { describe, expect, it } from 'vitest';
import { buildMoveRequest } from '../../src/components/admin/programme/move-request.ts';
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
async function move(client: AdminClient, event: ProgrammeEvent, startsAt: string, venueId: number | null) {
  const item = await client.call('GET', `/api/admin/events/${event.id}`);
  const request = buildMoveRequest(item.body, event, { startMs: Date.parse(startsAt), venueId });
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
    for (const query of ['edition=abc', 'edition=-1', 'edition=1&colour=red']) {
      const { status, body } = await running.app.editor.call('GET', `/api/admin/programme?${query}`);
      expect(status, query).toBe(400);
      expect(body['code']).toBe('INVALID_QUERY');
      expect(Object.keys(body['errors'] ?? {}).length).toBeGreaterThan(0);
    }
    expect((await running.app.editor.call('GET', '/api/admin/programme?edition=999999')).status).toBe(404);
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
