import { describe, expect, it } from 'vitest';
import { escapeText, escapeTextList, foldLine } from '../../src/server/calendar/ical-text.ts';
import { buildCalendar, type CalendarEvent } from '../../src/server/calendar/ics.ts';
import { icsList, icsValue, parseIcs, resolveIcsLocalTime } from '../helpers/formats.ts';

const ORIGIN = 'https://hub.example';

function calendarEvent(overrides: Partial<CalendarEvent> & Pick<CalendarEvent, 'id' | 'startsAt' | 'endsAt' | 'timeZone'>): CalendarEvent {
  return {
    slug: `event-${overrides.id}`,
    title: 'Concert',
    summary: null,
    venueName: null,
    onlineUrl: null,
    updatedAt: new Date('2030-01-01T00:00:00Z'),
    ...overrides,
  };
}

describe('iCalendar text', () => {
  it('escapes what editors type: any line break, backslash, semicolon and comma', () => {
    expect(escapeText('Jazz\rNight')).toBe('Jazz\\nNight');
    expect(escapeText('a\r\nb\nc')).toBe('a\\nb\\nc');
    expect(escapeText('Rock; Pop, Folk \\ more')).toBe('Rock\\; Pop\\, Folk \\\\ more');
    expect(escapeText('bell\u0007 and\ttab')).toBe('bell and\ttab');
    expect(escapeTextList(['Rock, Pop', 'Jazz; Blues'])).toBe('Rock\\, Pop,Jazz\\; Blues');
  });

  it('folds at 75 octets without splitting a UTF-8 sequence', () => {
    const line = `SUMMARY:${'Festivalé 🎷 音楽 '.repeat(20)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(5);
    for (const [index, piece] of physical.entries()) {
      expect(Buffer.byteLength(piece, 'utf8')).toBeLessThanOrEqual(75);
      // Each physical line on its own is valid UTF-8: nothing was cut inside a character.
      expect(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(piece, 'utf8'))).toBe(piece);
      if (index > 0) expect(piece.startsWith(' ')).toBe(true);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });
});

describe('calendar documents', () => {
  const paris = [
    // Winter (CET, +01:00) and summer (CEST, +02:00): both at 19:30 on the wall clocks of Paris.
    calendarEvent({ id: 1, startsAt: new Date('2031-01-15T18:30:00Z'), endsAt: new Date('2031-01-15T21:00:00Z'), timeZone: 'Europe/Paris' }),
    calendarEvent({ id: 2, startsAt: new Date('2031-07-15T17:30:00Z'), endsAt: new Date('2031-07-15T20:00:00Z'), timeZone: 'Europe/Paris' }),
  ];
  const newYork = [
    // The day after US clocks go forward (9 March 2031): 19:30 EDT.
    calendarEvent({ id: 3, startsAt: new Date('2031-03-10T23:30:00Z'), endsAt: new Date('2031-03-11T01:00:00Z'), timeZone: 'America/New_York' }),
    calendarEvent({ id: 4, startsAt: new Date('2031-12-01T00:30:00Z'), endsAt: new Date('2031-12-01T02:00:00Z'), timeZone: 'America/New_York' }),
  ];
  const all = [...paris, ...newYork];

  it('writes each event in its own zone, with one VTIMEZONE per zone, keeping wall time across DST', () => {
    const { root } = parseIcs(buildCalendar(ORIGIN, 'en', 'Programme', all));
    const zones = root.components.filter((c) => c.name === 'VTIMEZONE');
    expect(zones.map((zone) => icsValue(zone, 'TZID')).sort()).toEqual(['America/New_York', 'Europe/Paris']);
    const vevents = root.components.filter((c) => c.name === 'VEVENT');
    expect(vevents).toHaveLength(4);
    for (const [index, vevent] of vevents.entries()) {
      const source = all[index]!;
      const start = vevent.properties.find((p) => p.name === 'DTSTART')!;
      expect(start.params['TZID']).toBe(source.timeZone);
      expect(start.raw).toMatch(/^\d{8}T193000$/);
      const zone = zones.find((z) => icsValue(z, 'TZID') === source.timeZone)!;
      // A reader applying the VTIMEZONE lands on the exact instant stored.
      expect(resolveIcsLocalTime(zone, start.raw)).toBe(source.startsAt.toISOString());
      const end = vevent.properties.find((p) => p.name === 'DTEND')!;
      expect(resolveIcsLocalTime(zone, end.raw)).toBe(source.endsAt.toISOString());
    }
  });

  it('follows the zone’s current rules, not a rule frozen in an old zone file', () => {
    // Mexico abolished daylight saving time in 2022: all year on -06:00.
    const mexico = calendarEvent({
      id: 5,
      startsAt: new Date('2031-07-01T01:00:00Z'),
      endsAt: new Date('2031-07-01T03:00:00Z'),
      timeZone: 'America/Mexico_City',
    });
    const { root, events } = parseIcs(buildCalendar(ORIGIN, 'en', 'Programme', [mexico]));
    const zone = root.components.find((c) => c.name === 'VTIMEZONE')!;
    expect(zone.components.map((o) => icsValue(o, 'TZOFFSETTO'))).toEqual(['-0600']);
    expect(events[0]!.DTSTART).toBe('20310630T190000');
  });

  it('escapes titles, locations and categories, and gives the venue with its address', () => {
    const event = calendarEvent({
      id: 6,
      startsAt: new Date('2031-05-01T18:00:00Z'),
      endsAt: new Date('2031-05-01T20:00:00Z'),
      timeZone: 'UTC',
      title: 'Jazz\rNight; live, loud',
      venueName: 'Salle Pleyel',
      venueAddress: '252 rue du Faubourg Saint-Honoré, 75008 Paris',
      tags: [{ label: 'Rock; Pop' }, { label: 'Jazz, Blues' }],
    });
    const text = buildCalendar(ORIGIN, 'fr', 'Nuit; 1\r', [event]);
    expect(text).not.toMatch(/\r(?!\n)/);
    const { root, calendar, events } = parseIcs(text);
    expect(calendar['X-WR-CALNAME']).toBe('Nuit; 1\n');
    expect(events[0]!.SUMMARY).toBe('Jazz\nNight; live, loud');
    expect(events[0]!.LOCATION).toBe('Salle Pleyel, 252 rue du Faubourg Saint-Honoré, 75008 Paris');
    expect(icsList(root.components[0]!, 'CATEGORIES')).toEqual(['Rock; Pop', 'Jazz, Blues']);
    // UTC events need no VTIMEZONE: their times are written in UTC form.
    expect(events[0]!.DTSTART).toBe('20310501T180000Z');
    expect(root.components.some((c) => c.name === 'VTIMEZONE')).toBe(false);
  });

  it('marks cancelled and postponed events with STATUS and in their title; others are confirmed', () => {
    const at = { startsAt: new Date('2031-05-01T18:00:00Z'), endsAt: new Date('2031-05-01T20:00:00Z'), timeZone: 'UTC' };
    const { events } = parseIcs(
      buildCalendar(ORIGIN, 'de', 'Programm', [
        calendarEvent({ id: 1, ...at, eventStatus: 'cancelled' }),
        calendarEvent({ id: 2, ...at, eventStatus: 'postponed' }),
        calendarEvent({ id: 3, ...at, eventStatus: 'rescheduled' }),
        calendarEvent({ id: 4, ...at }),
      ]),
    );
    expect(events.map((event) => event.STATUS)).toEqual(['CANCELLED', 'TENTATIVE', 'CONFIRMED', 'CONFIRMED']);
    expect(events.map((event) => event.SUMMARY)).toEqual(['Abgesagt: Concert', 'Verschoben: Concert', 'Neu angesetzt: Concert', 'Concert']);
  });

  it("puts what happened, with the team's reason, on the description's first line (decision 055)", () => {
    const at = { startsAt: new Date('2031-05-08T18:00:00Z'), endsAt: new Date('2031-05-08T20:00:00Z'), timeZone: 'Europe/Paris' };
    const previousStartsAt = new Date('2031-05-01T18:00:00Z');
    const { events } = parseIcs(
      buildCalendar(ORIGIN, 'en', 'Programme', [
        calendarEvent({ id: 1, ...at, eventStatus: 'cancelled', statusNote: 'Storm warning; sorry, all.', summary: 'Brass by the sea.' }),
        calendarEvent({ id: 2, ...at, eventStatus: 'rescheduled', previousStartsAt }),
        calendarEvent({ id: 3, ...at, eventStatus: 'postponed' }),
        calendarEvent({ id: 4, ...at, statusNote: 'left from an old cancellation', summary: 'Brass by the sea.' }),
      ]),
    );
    const firstLines = events.map((event) => event.DESCRIPTION!.split('\n')[0]);
    expect(firstLines).toEqual([
      'Cancelled: Storm warning; sorry, all.',
      'Rescheduled from 1 May 2031, 20:00 to 8 May 2031, 20:00.',
      'Postponed — new date to be announced.',
      // A scheduled event says nothing of a reason it kept.
      'Brass by the sea.',
    ]);
    expect(events[0]!.STATUS).toBe('CANCELLED');
  });

  it('is a valid, empty calendar when there are no events', () => {
    const { root, events } = parseIcs(buildCalendar(ORIGIN, 'de', 'Leer', []));
    expect(events).toEqual([]);
    expect(icsValue(root, 'VERSION')).toBe('2.0');
    expect(icsValue(root, 'PRODID')).toBeTruthy();
  });
});

describe('a date of a series held elsewhere', () => {
  it('gets a VEVENT of its own (RECURRENCE-ID, same times and status) naming its place; the others keep the series’', () => {
    const series = calendarEvent({
      id: 7,
      startsAt: new Date('2031-03-05T17:30:00Z'),
      endsAt: new Date('2031-03-05T19:30:00Z'),
      timeZone: 'Europe/Paris',
      venueName: 'Small hall',
      venueAddress: '1 quai Est',
      recurrence: { rule: 'FREQ=WEEKLY;COUNT=3', dates: [], exdates: [], changes: [{ on: '2031-03-12T18:30', venueId: 9, room: 'Stage' }] },
      datePlaces: { '2031-03-12T18:30': { venueName: 'Big hall', room: 'Stage', venueAddress: '2 quai Ouest', geo: { latitude: 48.5, longitude: 2.25 } } },
    });
    const { events } = parseIcs(buildCalendar(ORIGIN, 'en', 'Programme', [series]));
    expect(events).toHaveLength(2);
    expect(events[0]!.LOCATION).toBe('Small hall, 1 quai Est');
    expect(events[1]).toMatchObject({
      'RECURRENCE-ID': '20310312T183000',
      DTSTART: '20310312T183000',
      LOCATION: 'Big hall, Stage, 2 quai Ouest',
      GEO: '48.500000;2.250000',
      STATUS: 'CONFIRMED',
    });
  });
});
