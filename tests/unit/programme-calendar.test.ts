/**
 * The programme calendar's logic (docs/decisions/062): clashes (same place, same person, at the
 * same time), the grid's lanes and rows in the edition's zone, and a move sent as the event's own
 * form would save it (PATCH, or the working copy of a published event, on the versions shown).
 */
import { describe, expect, it } from 'vitest';
import { findClashes, type ClashInput } from '../../src/lib/programme-calendar/clashes.ts';
import { assignLanes, daysBetween, placeEvent, slotRange, visibleMinutes, weekOf } from '../../src/lib/programme-calendar/layout.ts';
import { buildMoveRequest, datePlace } from '../../src/components/admin/programme/move-request.ts';
import { placesOf } from '../../src/lib/programme-calendar/places.ts';

const H = 3_600_000;
const at = (hour: number) => Date.UTC(2031, 2, 5, hour);
function event(id: number, from: number, until: number, extra: Partial<ClashInput> = {}): ClashInput {
  return { id, startMs: at(from), endMs: at(until), venueId: null, room: null, curatorIds: [], organizerIds: [], cancelled: false, ...extra };
}

describe('clashes', () => {
  it('finds two events overlapping in one venue, and when they overlap', () => {
    const clashes = findClashes([event(1, 18, 20, { venueId: 7 }), event(2, 19, 21, { venueId: 7 }), event(3, 19, 21, { venueId: 8 })]);
    expect(clashes).toEqual([{ kind: 'venue', subjectId: 7, eventIds: [1, 2], fromMs: at(19), untilMs: at(20) }]);
  });

  it('lets events follow each other back to back, and keeps different rooms of a venue apart', () => {
    expect(findClashes([event(1, 18, 20, { venueId: 7 }), event(2, 20, 22, { venueId: 7 })])).toEqual([]);
    expect(findClashes([event(1, 18, 20, { venueId: 7, room: 'Hall A' }), event(2, 19, 21, { venueId: 7, room: 'Hall B' })])).toEqual([]);
    // The same room written differently, or a room left blank, is the same place.
    expect(findClashes([event(1, 18, 20, { venueId: 7, room: 'Hall A' }), event(2, 19, 21, { venueId: 7, room: ' hall a ' })])).toHaveLength(1);
    expect(findClashes([event(1, 18, 20, { venueId: 7, room: 'Hall A' }), event(2, 19, 21, { venueId: 7 })])).toHaveLength(1);
  });

  it('finds a curator or organizer in two places at once, whatever the venues', () => {
    const clashes = findClashes([
      event(1, 18, 20, { venueId: 7, curatorIds: [4, 5], organizerIds: [9] }),
      event(2, 19, 21, { venueId: 8, curatorIds: [5], organizerIds: [9] }),
    ]);
    expect(clashes.map((clash) => [clash.kind, clash.subjectId])).toEqual([
      ['curator', 5],
      ['organizer', 9],
    ]);
  });

  it('ignores cancelled events and events with no venue in common', () => {
    expect(findClashes([event(1, 18, 20, { venueId: 7 }), event(2, 19, 21, { venueId: 7, cancelled: true })])).toEqual([]);
    expect(findClashes([event(1, 18, 20), event(2, 19, 21)])).toEqual([]);
  });

  it('finds an overlap with an event that started long before (sorted scan does not stop early)', () => {
    const clashes = findClashes([event(1, 10, 22, { venueId: 7 }), event(2, 11, 12, { venueId: 8 }), event(3, 20, 21, { venueId: 7 })]);
    expect(clashes.map((clash) => clash.eventIds)).toEqual([[1, 3]]);
  });
});

describe('layout', () => {
  it('places an event on its day and minutes in the edition zone, across a time zone', () => {
    // 18:30 in Paris (UTC+1 in March) is 17:30 UTC.
    const placed = placeEvent({ id: 1, startMs: Date.UTC(2031, 2, 5, 17, 30), endMs: Date.UTC(2031, 2, 5, 19, 0) }, 'Europe/Paris');
    expect(placed).toEqual({ id: 1, day: '2031-03-05', startMinute: 18 * 60 + 30, endMinute: 20 * 60 });
    // Late evening UTC is already the next day in Tokyo.
    expect(placeEvent({ id: 2, startMs: Date.UTC(2031, 2, 5, 22), endMs: Date.UTC(2031, 2, 5, 23) }, 'Asia/Tokyo').day).toBe('2031-03-06');
  });

  it('clips an event running past midnight to the end of its first day', () => {
    const placed = placeEvent({ id: 1, startMs: at(22), endMs: at(22) + 4 * H }, 'UTC');
    expect(placed.endMinute).toBe(24 * 60);
  });

  it('puts overlapping events side by side and reuses a lane once it is free', () => {
    const { lanes, laneOf } = assignLanes([
      { id: 1, startMinute: 600, endMinute: 720 },
      { id: 2, startMinute: 660, endMinute: 780 },
      { id: 3, startMinute: 720, endMinute: 800 },
      { id: 4, startMinute: 690, endMinute: 700 },
    ]);
    expect(lanes).toBe(3);
    expect(laneOf.get(1)).toBe(0);
    expect(laneOf.get(2)).toBe(1);
    expect(laneOf.get(4)).toBe(2);
    expect(laneOf.get(3)).toBe(0);
  });

  it('gives an event without length one row, and shows whole hours around the events with an hour to spare', () => {
    expect(slotRange({ startMinute: 600, endMinute: 600 }, 540)).toEqual({ from: 4, to: 5 });
    expect(slotRange({ startMinute: 610, endMinute: 680 }, 540)).toEqual({ from: 4, to: 10 });
    expect(visibleMinutes([{ startMinute: 610, endMinute: 680 }])).toEqual({ first: 540, last: 780 });
    expect(visibleMinutes([{ startMinute: 20, endMinute: 1430 }])).toEqual({ first: 0, last: 1440 });
    expect(visibleMinutes([])).toEqual({ first: 540, last: 1080 });
  });

  it('lists the days of an edition and cuts them into weeks from its first day', () => {
    const days = daysBetween('2031-02-27', '2031-03-10');
    expect(days).toHaveLength(12);
    expect(days[2]).toBe('2031-03-01');
    expect(weekOf(days, '2031-03-06')).toEqual(days.slice(7));
    expect(weekOf(days, '2031-02-27')).toEqual(days.slice(0, 7));
  });
});

describe('a move is the event form save', () => {
  const live = {
    id: 5,
    version: 3,
    status: 'draft',
    startsAt: '2031-03-05T17:30:00.000Z',
    endsAt: '2031-03-05T20:00:00.000Z',
    timeZone: 'Europe/Paris',
    venueId: 7,
    translations: { en: { title: 'Harbour concert' } },
    draft: null,
  };
  const shown = { id: 5, seriesId: null, occurrenceKey: null, startsAt: live.startsAt, endsAt: live.endsAt, version: 3, draft: null };

  it('PATCHes an unpublished event with the new times, the same length, the venue and the version shown', () => {
    const request = buildMoveRequest(live, shown, { startMs: Date.UTC(2031, 2, 6, 9), venueId: null, room: null });
    expect(request.method).toBe('PATCH');
    expect(request.path).toBe('/api/admin/events/5');
    expect(request.body).toEqual({ version: 3, startsAt: '2031-03-06T09:00:00.000Z', endsAt: '2031-03-06T11:30:00.000Z', venueId: null, room: null });
  });

  it('saves a published event into its working copy, keeping what the copy already changed', () => {
    const published = {
      ...live,
      status: 'published',
      draft: { baseVersion: 3, version: 2, item: { ...live, status: 'published', translations: { en: { title: 'Harbour concert (new title)' } } } },
    };
    const request = buildMoveRequest(published, { ...shown, draft: { version: 2 } }, { startMs: Date.UTC(2031, 2, 5, 18, 30), venueId: 7, room: null });
    expect(request.method).toBe('PUT');
    expect(request.path).toBe('/api/admin/events/5/draft');
    expect(request.body).toMatchObject({
      version: 3,
      copyVersion: 2,
      startsAt: '2031-03-05T18:30:00.000Z',
      endsAt: '2031-03-05T21:00:00.000Z',
      translations: { en: { title: 'Harbour concert (new title)' } },
    });
    expect(request.body).not.toHaveProperty('venueId');
  });

  it('states the version the calendar showed, even when the event was saved since', () => {
    const request = buildMoveRequest({ ...live, version: 4 }, shown, { startMs: Date.UTC(2031, 2, 6, 9), venueId: 7, room: null });
    expect(request.body['version']).toBe(3);
  });

  it('moves one date of a series alone: an exception of the series, in its place', () => {
    const series = {
      ...live,
      recurrence: { rule: 'FREQ=WEEKLY;COUNT=3', dates: [], exdates: [], changes: [{ on: '2031-03-19T18:30', cancelled: true }] },
    };
    const date = {
      id: 41,
      seriesId: 5,
      occurrenceKey: '2031-03-12T18:30',
      startsAt: '2031-03-12T17:30:00.000Z',
      endsAt: '2031-03-12T20:00:00.000Z',
      version: 3,
      draft: null,
    };
    const request = buildMoveRequest(series, date, { startMs: Date.UTC(2031, 2, 13, 9), venueId: 7, room: null });
    expect(request.method).toBe('PATCH');
    expect(request.path).toBe('/api/admin/events/5');
    expect(request.body).toEqual({
      version: 3,
      recurrence: {
        rule: 'FREQ=WEEKLY;COUNT=3',
        dates: [],
        exdates: [],
        changes: [
          { on: '2031-03-19T18:30', cancelled: true },
          { on: '2031-03-12T18:30', startsAt: '2031-03-13T10:00', endsAt: '2031-03-13T12:30' },
        ],
      },
    });
    // Put back where its rule gives it, the date loses its change.
    const moved = { ...series, recurrence: request.body['recurrence'] };
    const back = buildMoveRequest(moved, date, { startMs: Date.UTC(2031, 2, 12, 17, 30), venueId: 7, room: null });
    expect(back.body['recurrence']).toMatchObject({ changes: [{ on: '2031-03-19T18:30', cancelled: true }] });
  });

  it('moves one date of a series to another place: the change names the venue and room, and drops them back home', () => {
    const series = { ...live, recurrence: { rule: 'FREQ=WEEKLY;COUNT=3', dates: [], exdates: [], changes: [] } };
    const date = {
      id: 41,
      seriesId: 5,
      occurrenceKey: '2031-03-12T18:30',
      startsAt: '2031-03-12T17:30:00.000Z',
      endsAt: '2031-03-12T20:00:00.000Z',
      version: 3,
      draft: null,
    };
    // Same time, bigger hall: a change of place only (no times), so the date is not "rescheduled".
    const request = buildMoveRequest(series, date, { startMs: Date.UTC(2031, 2, 12, 17, 30), venueId: 8, room: ' Hall B ' });
    expect(request.body).toEqual({
      version: 3,
      recurrence: { rule: 'FREQ=WEEKLY;COUNT=3', dates: [], exdates: [], changes: [{ on: '2031-03-12T18:30', venueId: 8, room: 'Hall B' }] },
    });
    const venueOnly = buildMoveRequest(series, date, { startMs: Date.UTC(2031, 2, 13, 9), venueId: 8, room: null });
    expect(venueOnly.body['recurrence']).toMatchObject({
      changes: [{ on: '2031-03-12T18:30', startsAt: '2031-03-13T10:00', endsAt: '2031-03-13T12:30', venueId: 8 }],
    });
    // The series' own room, however it is spelled, is no change; nor is "no venue" for a date whose series has one.
    const home = { ...series, room: 'Main' };
    expect(buildMoveRequest(home, date, { startMs: Date.UTC(2031, 2, 12, 17, 30), venueId: 7, room: ' main' }).body).toEqual({ version: 3 });
    expect(datePlace({ venueId: 7, room: null }, { venueId: null, room: null })).toBeUndefined();
    expect(datePlace({ venueId: 7, room: null }, { venueId: 7, room: 'Studio' })).toEqual({ venueId: 7, room: 'Studio' });
    // Put back in the series' place, the date loses its change.
    const moved = { ...series, recurrence: request.body['recurrence'] };
    expect(buildMoveRequest(moved, date, { startMs: Date.UTC(2031, 2, 12, 17, 30), venueId: 7, room: null }).body['recurrence']).toMatchObject({ changes: [] });
  });

  it('moves to a room of a venue', () => {
    const request = buildMoveRequest(live, shown, { startMs: Date.UTC(2031, 2, 5, 17, 30), venueId: 7, room: 'Hall B' });
    expect(request.body).toEqual({ version: 3, room: 'Hall B' });
  });
});

describe('places', () => {
  const venues = [
    { id: 1, name: 'Arsenal' },
    { id: 2, name: 'Boathouse' },
    { id: 3, name: 'Cinema' },
  ];

  it('gives each room of a venue its own column under the venue, and lists the venues not used', () => {
    const { used, unused } = placesOf(
      [
        { venueId: 3, room: 'Studio' },
        { venueId: 1, room: null },
        { venueId: 3, room: ' studio ' },
        { venueId: 3, room: 'Big hall' },
        { venueId: null, room: null },
      ],
      venues,
      'No venue',
    );
    expect(used.map((place) => [place.key, place.label, place.room])).toEqual([
      ['venue-1', 'Arsenal', null],
      ['venue-3/big hall', 'Cinema — Big hall', 'Big hall'],
      ['venue-3/studio', 'Cinema — Studio', 'Studio'],
      ['none', 'No venue', null],
    ]);
    expect(unused.map((place) => place.label)).toEqual(['Boathouse']);
  });
});
