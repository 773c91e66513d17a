/**
 * Our calendars as two widely used readers see them: ical.js (calendar web apps) and python
 * `icalendar` (servers and scripts; Debian's python3-icalendar). Each must place every event at its
 * instant, including the hour an autumn change repeats, which both read unlike RFC 5545.
 */
import { execFileSync } from 'node:child_process';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendar, type CalendarEvent } from '../../src/server/calendar/ics.ts';

const ORIGIN = 'https://programme.festival.example';
const PYTHON = process.env['HUB_PYTHON'] ?? '/usr/bin/python3';

function event(id: number, start: string, timeZone: string, hours = 2): CalendarEvent {
  const startsAt = new Date(start);
  return {
    id,
    slug: `event-${id}`,
    title: `Event ${id}`,
    summary: null,
    startsAt,
    endsAt: new Date(startsAt.getTime() + hours * 3_600_000),
    timeZone,
    venueName: null,
    onlineUrl: null,
    updatedAt: new Date('2031-01-01T00:00:00Z'),
  };
}

const events = [
  // Paris goes back from 03:00 CEST to 02:00 CET on 26 October 2031: 02:30 happens twice.
  event(1, '2031-10-26T00:30:00Z', 'Europe/Paris'), // 02:30 CEST, the first
  event(2, '2031-10-26T01:30:00Z', 'Europe/Paris'), // 02:30 CET, the second
  event(3, '2031-10-25T22:00:00Z', 'Europe/Paris', 4), // midnight, ending in the repeated hour
  event(4, '2031-10-26T18:00:00Z', 'Europe/Paris'), // the evening after
  // New York goes back on 2 November 2031: 01:30 happens twice.
  event(5, '2031-11-02T05:30:00Z', 'America/New_York', 1), // 01:30 EDT
  event(6, '2031-11-02T06:30:00Z', 'America/New_York', 1), // 01:30 EST
  // Sydney goes back on 6 April 2031: 02:30 AEDT, then again AEST; and a summer evening in Tokyo.
  event(7, '2031-04-05T15:30:00Z', 'Australia/Sydney'),
  event(8, '2031-07-12T10:30:00Z', 'Asia/Tokyo'),
];
const text = buildCalendar(ORIGIN, 'en', 'Programme', events);
const expected = events.map((item) => ({
  uid: `event-${item.id}@programme.festival.example`,
  start: item.startsAt.toISOString(),
  end: item.endsAt.toISOString(),
}));

describe('calendar readers', () => {
  it('ical.js reads every event at its instant, the repeated autumn hour included', () => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const read = calendar.getAllSubcomponents('vevent').map((component) => {
      const item = new ICAL.Event(component);
      return { uid: item.uid, start: item.startDate.toJSDate().toISOString(), end: item.endDate.toJSDate().toISOString() };
    });
    expect(read).toEqual(expected);
  });

  it('python icalendar reads every event at its instant, the repeated autumn hour included', () => {
    const script = [
      'import sys, json, datetime, icalendar',
      'calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())',
      'utc = lambda value: value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")',
      'print(json.dumps([{"uid": str(e["UID"]), "start": utc(e.decoded("DTSTART")), "end": utc(e.decoded("DTEND"))} for e in calendar.walk("VEVENT")]))',
    ].join('\n');
    let output: string;
    try {
      output = execFileSync(PYTHON, ['-c', script], { input: text, encoding: 'utf8' });
    } catch (error) {
      throw new Error(`python icalendar must be installed (Debian: python3-icalendar; or set HUB_PYTHON): ${String(error)}`);
    }
    expect(JSON.parse(output)).toEqual(expected);
  });

  it('writes only the repeated hour in UTC form; every other time stays on its zone’s wall clock', () => {
    const vevents = text.split('BEGIN:VEVENT').slice(1);
    const starts = vevents.map((vevent) => /^DTSTART[;:].*$/m.exec(vevent)![0].trim());
    expect(starts).toEqual([
      'DTSTART:20311026T003000Z',
      'DTSTART:20311026T013000Z',
      'DTSTART;TZID=Europe/Paris:20311026T000000',
      'DTSTART;TZID=Europe/Paris:20311026T190000',
      'DTSTART:20311102T053000Z',
      'DTSTART:20311102T063000Z',
      'DTSTART:20310405T153000Z',
      'DTSTART;TZID=Asia/Tokyo:20310712T193000',
    ]);
  });
});
