/**
 * The schedule exporter as pure functions: frab days with their day change, rooms, stable GUIDs,
 * local times with offsets, and documents the formats' own XSD and JSON schema accept.
 */
import { describe, expect, it } from 'vitest';
import { scheduleGuid, uuidV5 } from '../../src/server/schedule-export/guid.ts';
import { scheduleToJson } from '../../src/server/schedule-export/json.ts';
import { buildSchedule, type ScheduleEventSource, type ScheduleSource } from '../../src/server/schedule-export/model.ts';
import { scheduleToXml } from '../../src/server/schedule-export/xml.ts';
import { scheduleJsonErrors, validateScheduleXml } from '../helpers/schedule-validation.ts';
import { parseFrabJson } from '../../src/server/import/frab.ts';

const event = (overrides: Partial<ScheduleEventSource> & Pick<ScheduleEventSource, 'id' | 'startsAt' | 'endsAt'>): ScheduleEventSource => ({
  slug: `event-${overrides.id}`,
  title: `Event ${overrides.id}`,
  titleLocale: 'en',
  summary: null,
  timeZone: 'Europe/Paris',
  venueName: 'Salle Gaveau',
  room: null,
  onlineUrl: null,
  registrationUrl: null,
  eventStatus: 'scheduled',
  updatedAt: new Date('2031-01-10T10:00:00Z'),
  tags: [],
  persons: [],
  ...overrides,
});

const source = (events: ScheduleEventSource[], edition: Partial<ScheduleSource['edition']> = {}): ScheduleSource => ({
  origin: 'https://hub.example.org',
  locale: 'en',
  edition: {
    id: 7,
    slug: 'spring-2031',
    title: 'Spring 2031',
    startsAt: new Date('2031-03-01T00:00:00+01:00'),
    endsAt: new Date('2031-03-03T00:00:00+01:00'),
    timeZone: 'Europe/Paris',
    updatedAt: new Date('2031-01-01T00:00:00Z'),
    ...edition,
  },
  events,
  labels: { online: 'Online', unannounced: 'Venue to be announced', registration: 'Registration link', joinOnline: 'Join online', eventPage: 'Event page' },
});

const concert = event({
  id: 12,
  title: 'Night <Organs> & "friends"',
  summary: 'Bach, then Widor.\nBring earplugs: it’s loud.',
  startsAt: new Date('2031-03-01T19:30:00+01:00'),
  endsAt: new Date('2031-03-02T01:15:00+01:00'),
  room: 'Grande salle',
  registrationUrl: 'https://tickets.example.org/organs',
  tags: [{ label: 'Music' }],
  persons: [
    { kind: 'curator', id: 3, slug: 'ada', name: 'Ada Lovelace' },
    { kind: 'organizer', id: 3, slug: 'org', name: 'Orgue & Co' },
  ],
});
const lateSet = event({ id: 13, startsAt: new Date('2031-03-02T02:00:00+01:00'), endsAt: new Date('2031-03-02T03:00:00+01:00'), room: 'Grande salle' });
const stream = event({
  id: 14,
  venueName: null,
  onlineUrl: 'https://stream.example.org/live',
  startsAt: new Date('2031-03-02T10:00:00+01:00'),
  endsAt: new Date('2031-03-02T11:00:00+01:00'),
});

describe('GUIDs', () => {
  it('are RFC 9562 version 5 UUIDs', () => {
    // Python's documented example: uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org').
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'python.org')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
  });

  it('depend on the id only: renaming or re-slugging an event keeps its GUID', () => {
    const before = buildSchedule(source([concert])).days[0]!.rooms[0]!.events[0]!;
    const after = buildSchedule(source([{ ...concert, title: 'Renamed', slug: 'renamed' }])).days[0]!.rooms[0]!.events[0]!;
    expect(after.guid).toBe(before.guid);
    expect(before.guid).toBe(scheduleGuid('event', 12));
    // A curator and an organizer sharing a database id are still two people.
    expect(new Set(before.persons.map((person) => person.guid)).size).toBe(2);
  });
});

describe('days, rooms and times', () => {
  const schedule = buildSchedule(source([stream, lateSet, concert]));

  it('changes day at 04:00 in the edition’s zone: a 02:00 set belongs to the evening before', () => {
    expect(schedule.days.map((day) => [day.index, day.date, day.start, day.end])).toEqual([
      [1, '2031-03-01', '2031-03-01T04:00:00+01:00', '2031-03-02T04:00:00+01:00'],
      [2, '2031-03-02', '2031-03-02T04:00:00+01:00', '2031-03-03T04:00:00+01:00'],
      [3, '2031-03-03', '2031-03-03T04:00:00+01:00', '2031-03-04T04:00:00+01:00'],
    ]);
    const firstNight = schedule.days[0]!.rooms.flatMap((room) => room.events.map((e) => e.id));
    expect(firstNight).toEqual([12, 13]);
    expect(schedule.days[1]!.rooms.map((room) => room.room.name)).toEqual(['Online']);
  });

  it('writes local start, duration and the date with the event zone’s offset', () => {
    const [written] = schedule.days[0]!.rooms[0]!.events;
    expect(written).toMatchObject({ start: '19:30', duration: '05:45', date: '2031-03-01T19:30:00+01:00', end: '2031-03-02T01:15:00+01:00' });
    expect(written!.room).toBe('Salle Gaveau · Grande salle');
    expect(written!.links.map((link) => link.url)).toEqual(['https://hub.example.org/en/hub/event/event-12', 'https://tickets.example.org/organs']);
    // An event in New York in a Paris edition: the date keeps New York's offset, and the start is
    // given in the zone the file declares (Europe/Paris), where apps place it: midnight there.
    const ny = buildSchedule(
      source([event({ id: 20, timeZone: 'America/New_York', startsAt: new Date('2031-03-01T18:00:00-05:00'), endsAt: new Date('2031-03-01T19:00:00-05:00') })]),
    );
    expect(ny.conference.timeZone).toBe('Europe/Paris');
    expect(ny.days.flatMap((day) => day.rooms.flatMap((room) => room.events))[0]).toMatchObject({ start: '00:00', date: '2031-03-01T18:00:00-05:00' });
  });

  it('offers no registration for a cancelled event and says it is cancelled in the title', () => {
    const cancelled = buildSchedule(source([{ ...concert, eventStatus: 'cancelled' }])).days[0]!.rooms[0]!.events[0]!;
    expect(cancelled.title).toMatch(/^Cancelled/);
    expect(cancelled.links.map((link) => link.title)).toEqual(['Event page']);
  });
});

describe('cancellation reasons (decision 055)', () => {
  const cancelled = { ...concert, eventStatus: 'cancelled' as const, statusNote: 'The organist is ill.' };
  const moved = {
    ...concert,
    eventStatus: 'rescheduled' as const,
    statusNote: null,
    previousStartsAt: new Date('2031-02-22T19:30:00+01:00'),
  };

  it('opens the abstract with the notice and its reason, then the summary', () => {
    const [first] = buildSchedule(source([cancelled])).days[0]!.rooms[0]!.events;
    expect(first!.abstract).toBe('Cancelled: The organist is ill.\n\nBach, then Widor.\nBring earplugs: it’s loud.');
    const [second] = buildSchedule(source([moved])).days[0]!.rooms[0]!.events;
    expect(second!.abstract).toMatch(/^Rescheduled from 22 Feb 2031.*19:30 to 1 Mar 2031.*19:30\.\n\nBach, then Widor\./);
    // Without a summary, the notice is the abstract; a scheduled event's is its summary alone.
    const [bare] = buildSchedule(source([{ ...cancelled, summary: null }])).days[0]!.rooms[0]!.events;
    expect(bare!.abstract).toBe('Cancelled: The organist is ill.');
    const [plain] = buildSchedule(source([{ ...concert, statusNote: 'left over' }])).days[0]!.rooms[0]!.events;
    expect(plain!.abstract).toBe(concert.summary);
  });

  it('carries the reason in both formats, still valid against their schemas', () => {
    const schedule = buildSchedule(source([cancelled]));
    const xml = scheduleToXml(schedule);
    expect(xml).toContain('<abstract>Cancelled: The organist is ill.');
    expect(validateScheduleXml(xml).ok).toBe(true);
    const json = scheduleToJson(schedule);
    expect(JSON.stringify(json)).toContain('"abstract":"Cancelled: The organist is ill.');
    expect(scheduleJsonErrors(json)).toEqual([]);
  });
});

describe('documents', () => {
  const weekLong = event({
    id: 30,
    startsAt: new Date('2031-03-01T10:00:00+01:00'),
    endsAt: new Date('2031-03-09T18:00:00+01:00'),
    title: 'Exhibition\u0007 \u{1F3A8}',
  });

  it('schedule.xml validates against the frab XSD, text escaped', () => {
    const xml = scheduleToXml(buildSchedule(source([concert, lateSet, stream, weekLong])));
    const verdict = validateScheduleXml(xml);
    expect(verdict.messages).not.toMatch(/fails to validate|error/i);
    expect(verdict.ok).toBe(true);
    expect(xml).toContain('<title>Night &lt;Organs&gt; &amp; &quot;friends&quot;</title>');
    expect(xml).toContain('<duration>99:59</duration>');
    expect(xml).not.toContain('\u0007');
  });

  it('the XSD check can fail: a broken document is refused', () => {
    const xml = scheduleToXml(buildSchedule(source([concert]))).replace('<duration>05:45</duration>', '<duration>5h45</duration>');
    expect(validateScheduleXml(xml).ok).toBe(false);
  });

  it('schedule.json validates against the JSON schema, with the exact end of a long event', () => {
    const document = scheduleToJson(buildSchedule(source([concert, lateSet, stream, weekLong])));
    expect(scheduleJsonErrors(document)).toEqual([]);
    const events = document.schedule.conference.days.flatMap((day) => Object.values(day.rooms).flat());
    expect(events.find((e) => e.id === 30)!.end).toBe('2031-03-09T18:00:00+01:00');
    // An empty edition is still a valid schedule.
    expect(scheduleJsonErrors(scheduleToJson(buildSchedule(source([]))))).toEqual([]);
    expect(validateScheduleXml(scheduleToXml(buildSchedule(source([])))).ok).toBe(true);
  });

  it('carries each description, and what it writes reads back: the text and the exact end of a week-long event', () => {
    const described = { ...concert, body: 'The **whole** programme:\n\nBach, Widor, Vierne.' };
    const xml = scheduleToXml(buildSchedule(source([described, weekLong])));
    expect(validateScheduleXml(xml).ok).toBe(true);
    expect(xml).toContain('<description>The **whole** programme:');
    const json = JSON.stringify(scheduleToJson(buildSchedule(source([described, weekLong]))));
    const parsed = parseFrabJson(json, 'Europe/Paris', 'en');
    const rows = parsed.ok ? parsed.rows : [];
    const read = rows.map((row) => [row.texts['en']?.body ?? null, row.endsAt?.toISOString() ?? null]).sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    // 99:59 in `duration` (the XSD's most), the whole week in `end`.
    expect(read).toEqual([
      ['The **whole** programme:\n\nBach, Widor, Vierne.', '2031-03-02T00:15:00.000Z'],
      [null, '2031-03-09T17:00:00.000Z'],
    ]);
  });

  it('the JSON schema check can fail', () => {
    const document = scheduleToJson(buildSchedule(source([concert])));
    const broken = JSON.parse(JSON.stringify(document).replace('"duration":"05:45"', '"duration":345'));
    expect(scheduleJsonErrors(broken).length).toBeGreaterThan(0);
  });
});
