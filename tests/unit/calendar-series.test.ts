/**
 * Repeating events in our calendars as two widely used readers expand them: ical.js (calendar web
 * apps) and python `icalendar` with dateutil's rrule (Debian's python3-icalendar). Each must give
 * exactly the dates `expandOccurrences` gives, across a clock change, with an extra date, a removed
 * one, a cancelled one and a moved one, and an open rule the product reads a year ahead.
 */
import { execFileSync } from 'node:child_process';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type Recurrence } from '../../src/lib/recurrence.ts';
import { expandOccurrences } from '../../src/lib/recurrence-dates.ts';
import { buildCalendar, type CalendarEvent } from '../../src/server/calendar/ics.ts';

const ORIGIN = 'https://programme.festival.example';
const HOST = 'programme.festival.example';
const PYTHON = process.env['HUB_PYTHON'] ?? '/usr/bin/python3';

function event(id: number, start: string, timeZone: string, hours: number, recurrence: Partial<Recurrence> | null): CalendarEvent {
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
    recurrence: recurrence && { rule: null, dates: [], exdates: [], changes: [], ...recurrence },
  };
}

const events = [
  // Tuesdays at 19:00 in Paris from 4 March 2031, over the spring change (30 March), to 22 April
  // (a floating UNTIL, written in UTC); 18 March removed, Thursday 27 March added, 8 April
  // cancelled, 15 April moved to Wednesday 21:00–23:00.
  event(1, '2031-03-04T18:00:00Z', 'Europe/Paris', 2, {
    rule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20310422T235959',
    dates: ['2031-03-27T20:00'],
    exdates: ['2031-03-18T19:00'],
    changes: [
      { on: '2031-04-08T19:00', cancelled: true },
      { on: '2031-04-15T19:00', startsAt: '2031-04-16T21:00', endsAt: '2031-04-16T23:00' },
    ],
  }),
  // Daily at 09:00 in New York over the autumn change (2 November 2031), five times.
  event(2, '2031-10-31T13:00:00Z', 'America/New_York', 1, { rule: 'FREQ=DAILY;COUNT=5' }),
  // Monthly with no end: the product reads a year ahead, and so must every reader.
  event(3, '2031-06-10T08:00:00Z', 'Asia/Tokyo', 3, { rule: 'FREQ=MONTHLY' }),
  // Extra dates only, no rule.
  event(4, '2031-09-05T17:00:00Z', 'Europe/Berlin', 2, { dates: ['2031-09-12T19:00', '2031-11-07T19:00'] }),
  // A single event stays one VEVENT.
  event(5, '2031-07-12T10:30:00Z', 'Asia/Tokyo', 2, null),
];
const text = buildCalendar(ORIGIN, 'en', 'Programme', events);

interface Read {
  uid: string;
  start: string;
  end: string;
  cancelled: boolean;
}

const byStart = (a: Read, b: Read) => a.uid.localeCompare(b.uid) || a.start.localeCompare(b.start);

const expected: Read[] = events
  .flatMap((item) =>
    expandOccurrences({ ...item, recurrence: item.recurrence ?? null }).map((date) => ({
      uid: `event-${item.id}@${HOST}`,
      start: date.startsAt.toISOString(),
      end: date.endsAt.toISOString(),
      cancelled: date.cancelled,
    })),
  )
  .sort(byStart);

function readWithIcalJs(ics: string): Read[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const components = calendar.getAllSubcomponents('vevent');
  const read: Read[] = [];
  for (const component of components.filter((item) => !item.hasProperty('recurrence-id'))) {
    const series = new ICAL.Event(component);
    for (const exception of components.filter((item) => item.hasProperty('recurrence-id') && item.getFirstPropertyValue('uid') === series.uid)) {
      series.relateException(exception);
    }
    const iterator = series.iterator();
    for (let next = iterator.next(), guard = 0; next && guard < 1000; next = iterator.next(), guard++) {
      const details = series.getOccurrenceDetails(next);
      read.push({
        uid: series.uid,
        start: details.startDate.toJSDate().toISOString(),
        end: details.endDate.toJSDate().toISOString(),
        cancelled: details.item.component.getFirstPropertyValue('status') === 'CANCELLED',
      });
    }
  }
  return read.sort(byStart);
}

const pythonReader = [
  'import sys, json, datetime, icalendar',
  'from dateutil import rrule, tz',
  'calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())',
  'utc = lambda value: value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")',
  'as_list = lambda value: value if isinstance(value, list) else ([] if value is None else [value])',
  'events = calendar.walk("VEVENT")',
  'overrides = {(str(e["UID"]), utc(e.decoded("RECURRENCE-ID"))): e for e in events if "RECURRENCE-ID" in e}',
  'read = []',
  'for e in events:',
  '    if "RECURRENCE-ID" in e: continue',
  '    tzid = e["DTSTART"].params.get("TZID")',
  // dateutil's own zones keep a wall time across a clock change as the rule iterates.
  '    zone = tz.gettz(str(tzid)) if tzid else datetime.timezone.utc',
  '    start = e.decoded("DTSTART").astimezone(zone)',
  '    duration = e.decoded("DTEND") - e.decoded("DTSTART")',
  '    dates = rrule.rruleset()',
  '    dates.rdate(start)',
  '    if "RRULE" in e: dates.rrule(rrule.rrulestr(e["RRULE"].to_ical().decode(), dtstart=start))',
  '    for prop in as_list(e.get("RDATE")):',
  '        for value in prop.dts: dates.rdate(value.dt.astimezone(zone))',
  '    for prop in as_list(e.get("EXDATE")):',
  '        for value in prop.dts: dates.exdate(value.dt.astimezone(zone))',
  '    for at in dates:',
  '        override = overrides.get((str(e["UID"]), utc(at)))',
  '        if override is None:',
  '            read.append({"uid": str(e["UID"]), "start": utc(at), "end": utc(at + duration), "cancelled": False})',
  '        else:',
  '            read.append({"uid": str(e["UID"]), "start": utc(override.decoded("DTSTART")), "end": utc(override.decoded("DTEND")), "cancelled": str(override.get("STATUS")) == "CANCELLED"})',
  'print(json.dumps(read))',
].join('\n');

function readWithPython(ics: string): Read[] {
  let output: string;
  try {
    output = execFileSync(PYTHON, ['-c', pythonReader], { input: ics, encoding: 'utf8' });
  } catch (error) {
    throw new Error(`python icalendar and dateutil must be installed (Debian: python3-icalendar; or set HUB_PYTHON): ${String(error)}`);
  }
  return (JSON.parse(output) as Read[]).sort(byStart);
}

describe('repeating events in calendars', () => {
  it('gives the dates the readers must find: clock changes, removed, added, cancelled, moved, a year of an open rule', () => {
    const first = expected.filter((date) => date.uid === `event-1@${HOST}`);
    expect(first.map((date) => date.start)).toEqual([
      '2031-03-04T18:00:00.000Z',
      '2031-03-11T18:00:00.000Z',
      '2031-03-25T18:00:00.000Z',
      '2031-03-27T19:00:00.000Z', // after the change: 20:00 CEST
      '2031-04-01T17:00:00.000Z',
      '2031-04-08T17:00:00.000Z',
      '2031-04-16T19:00:00.000Z', // moved
      '2031-04-22T17:00:00.000Z',
    ]);
    expect(first.filter((date) => date.cancelled).map((date) => date.start)).toEqual(['2031-04-08T17:00:00.000Z']);
    expect(expected.filter((date) => date.uid === `event-3@${HOST}`)).toHaveLength(13);
    expect(expected).toHaveLength(8 + 5 + 13 + 3 + 1);
  });

  it('writes each series once, with its rule, extra and removed dates, and one VEVENT per changed date', () => {
    const vevents = text.split('BEGIN:VEVENT').slice(1);
    expect(vevents).toHaveLength(5 + 2);
    expect(vevents[0]).toContain('DTSTART;TZID=Europe/Paris:20310304T190000');
    expect(vevents[0]).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20310422T215959Z');
    expect(vevents[0]).toContain('RDATE;TZID=Europe/Paris:20310327T200000');
    expect(vevents[0]).toContain('EXDATE;TZID=Europe/Paris:20310318T190000');
    expect(vevents[1]).toContain('RECURRENCE-ID;TZID=Europe/Paris:20310408T190000');
    expect(vevents[1]).toContain('STATUS:CANCELLED');
    expect(vevents[2]).toContain('RECURRENCE-ID;TZID=Europe/Paris:20310415T190000');
    expect(vevents[2]).toContain('DTSTART;TZID=Europe/Paris:20310416T210000');
    expect(vevents[4]).toMatch(/RRULE:FREQ=MONTHLY;UNTIL=20320610T080000Z/);
    expect(text.match(/^UID:event-1@/gm)).toHaveLength(3);
    expect(vevents[5]).toContain('RRULE:FREQ=DAILY;COUNT=1\r\nRDATE;TZID=Europe/Berlin:20310912T190000,20311107T190000');
  });

  it('ical.js expands every series to exactly those dates', () => {
    expect(readWithIcalJs(text)).toEqual(expected);
  });

  it('python icalendar expands every series to exactly those dates', () => {
    expect(readWithPython(text)).toEqual(expected);
  });
});
