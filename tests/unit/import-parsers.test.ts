/**
 * The import parsers (src/server/import): each format read into the same rows, with the lines
 * rows start on, and the instants right whatever the way the file writes its times.
 */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/server/import/csv.ts';
import { parseFrabJson, parseFrabXml } from '../../src/server/import/frab.ts';
import { parseIcs } from '../../src/server/import/ics.ts';
import { readDuration, readInstant } from '../../src/server/import/instants.ts';
import { nameKey } from '../../src/server/import/names.ts';
import { detectFormat } from '../../src/server/import/parse.ts';
import type { ImportRow, ParseResult } from '../../src/server/import/rows.ts';

function rowsOf(result: ParseResult): ImportRow[] {
  if (!result.ok) throw new Error(`parse failed: ${result.code}`);
  return result.rows;
}

describe('readInstant', () => {
  it('reads offsets as given and wall times in the zone, across daylight-saving time', () => {
    expect(readInstant('2031-06-12T10:00:00+02:00', 'UTC')?.toISOString()).toBe('2031-06-12T08:00:00.000Z');
    expect(readInstant('2031-06-12 10:00Z', 'UTC')?.toISOString()).toBe('2031-06-12T10:00:00.000Z');
    expect(readInstant('2031-01-12 10:00', 'Europe/Paris')?.toISOString()).toBe('2031-01-12T09:00:00.000Z');
    expect(readInstant('2031-07-12 10:00', 'Europe/Paris')?.toISOString()).toBe('2031-07-12T08:00:00.000Z');
    expect(readInstant('12/07/2031', 'Europe/Paris')).toBeUndefined();
    expect(readInstant('2031-02-30 10:00', 'Europe/Paris')).toBeUndefined();
    expect(readInstant('2031-07-12 10:00', 'Nowhere/Else')).toBeUndefined();
  });

  it('reads frab durations', () => {
    expect(readDuration('01:30')).toBe(90 * 60_000);
    expect(readDuration('0:05:30')).toBe(330_000);
    expect(readDuration('1h30')).toBeUndefined();
  });
});

describe('CSV', () => {
  it('gives each row the line it starts on, even after a quoted field spanning lines and a blank line', () => {
    const rows = rowsOf(
      parseCsv(
        'title_en,start,end\nA,2031-06-12 10:00,2031-06-12 11:00\n"B\nstill B",2031-06-12 10:00,2031-06-12 11:00\n\nC,2031-06-12 10:00,2031-06-12 11:00\n',
        'UTC',
      ),
    );
    expect(rows.map((row) => [row.line, row.texts.en?.title])).toEqual([
      [2, 'A'],
      [3, 'B\nstill B'],
      [6, 'C'],
    ]);
  });

  it('splits name lists on semicolons, leaves unknown columns out, and needs a mapping for a header not the template’s', () => {
    const [row] = rowsOf(parseCsv('title_en,start,end,tags\nA,2031-06-12 10:00,2031-06-12 11:00, Jazz ; Free;Jazz\n', 'UTC'));
    expect(row!.tags).toEqual(['Jazz', 'Free']);
    const [coloured] = rowsOf(parseCsv('title_en,start,end,colour\nA,2031-06-12 10:00,2031-06-12 11:00,red\n', 'UTC'));
    expect(coloured!.texts.en?.title).toBe('A');
    expect(parseCsv('title_en,end\nA,2031-06-12 10:00\n', 'UTC')).toEqual({ ok: false, code: 'IMPORT_MISSING_COLUMN', line: 1 });
  });
});

describe('iCalendar', () => {
  const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

  it('reads an IANA TZID without VTIMEZONE, and refuses a zone it cannot resolve', () => {
    const rows = rowsOf(
      parseIcs(
        calendar(
          'BEGIN:VEVENT',
          'UID:ny',
          'DTSTART;TZID=America/New_York:20310612T190000',
          'DTEND;TZID=America/New_York:20310612T200000',
          'SUMMARY:NY',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:mars',
          'DTSTART;TZID=Mars/Olympus:20310612T190000',
          'SUMMARY:Mars',
          'END:VEVENT',
        ),
        'Europe/Paris',
        'en',
      ),
    );
    expect(rows[0]).toMatchObject({ line: 4, externalId: 'ny', timeZone: 'America/New_York' });
    expect(rows[0]!.startsAt?.toISOString()).toBe('2031-06-12T23:00:00.000Z');
    expect(rows[1]!.issues).toContainEqual({ field: 'start', code: 'UNKNOWN_TIME_ZONE' });
  });

  it('reads a whole day as midnight to midnight in the edition zone, and its rule', () => {
    const rows = rowsOf(
      parseIcs(
        calendar(
          'BEGIN:VEVENT',
          'UID:day',
          'DTSTART;VALUE=DATE:20310612',
          'DTEND;VALUE=DATE:20310613',
          'SUMMARY:Fair',
          'RRULE:FREQ=WEEKLY;COUNT=3',
          'END:VEVENT',
        ),
        'Europe/Paris',
        'de',
      ),
    );
    expect(rows[0]!.startsAt?.toISOString()).toBe('2031-06-11T22:00:00.000Z');
    expect(rows[0]!.endsAt?.toISOString()).toBe('2031-06-12T22:00:00.000Z');
    expect(rows[0]!.texts).toEqual({ de: { title: 'Fair', body: undefined } });
    expect(rows[0]!.issues).toEqual([]);
    expect(rows[0]!.recurrence).toEqual({ rule: 'FREQ=WEEKLY;COUNT=3', dates: [], exdates: [], changes: [] });
    expect(rows[0]!.warnings).toEqual([{ field: 'RRULE', code: 'REPEATS', limit: 3 }]);
  });

  it('reads RDATE and EXDATE as wall times of the event’s zone, and overrides as changes of their series', () => {
    const rows = rowsOf(
      parseIcs(
        calendar(
          'BEGIN:VEVENT',
          'UID:weekly',
          'DTSTART;TZID=Europe/Berlin:20310304T190000',
          'DTEND;TZID=Europe/Berlin:20310304T210000',
          'SUMMARY:Weekly',
          'RRULE:FREQ=WEEKLY;UNTIL=20310401T170000Z',
          'RDATE:20310306T180000Z',
          'EXDATE;TZID=Europe/Berlin:20310311T190000,20310318T190000',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:weekly',
          'RECURRENCE-ID;TZID=Europe/Berlin:20310325T190000',
          'DTSTART;TZID=Europe/Berlin:20310325T190000',
          'DTEND;TZID=Europe/Berlin:20310325T210000',
          'STATUS:CANCELLED',
          'SUMMARY:Weekly',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:weekly',
          'RECURRENCE-ID:20310401T170000Z',
          'DTSTART;TZID=Europe/Berlin:20310402T200000',
          'DTEND;TZID=Europe/Berlin:20310402T220000',
          'SUMMARY:Weekly',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:hourly',
          'DTSTART:20310304T180000Z',
          'DTEND:20310304T183000Z',
          'SUMMARY:Hourly',
          'RRULE:FREQ=HOURLY;COUNT=5',
          'END:VEVENT',
        ),
        'Europe/Berlin',
        'en',
      ),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.recurrence).toEqual({
      rule: 'FREQ=WEEKLY;UNTIL=20310401T170000Z',
      dates: ['2031-03-06T19:00'],
      exdates: ['2031-03-11T19:00', '2031-03-18T19:00'],
      changes: [
        { on: '2031-03-25T19:00', cancelled: true },
        { on: '2031-04-01T19:00', startsAt: '2031-04-02T20:00' },
      ],
    });
    // 4, 6, 25 March and 1 April (moved): 11 and 18 March are removed.
    expect(rows[0]!.warnings).toEqual([{ field: 'RRULE', code: 'REPEATS', limit: 4 }]);
    expect(rows[1]!.issues).toEqual([{ field: 'RRULE', code: 'RECURRENCE_UNSUPPORTED' }]);
  });

  it('reads an override whose series is not in the file as the one date it says', () => {
    const rows = rowsOf(
      parseIcs(
        calendar(
          'BEGIN:VEVENT',
          'UID:outside',
          'RECURRENCE-ID:20310401T170000Z',
          'DTSTART:20310402T180000Z',
          'DTEND:20310402T200000Z',
          'SUMMARY:Moved date',
          'END:VEVENT',
        ),
        'Europe/Berlin',
        'en',
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ externalId: 'outside', recurrence: null, issues: [] });
    expect(rows[0]!.startsAt?.toISOString()).toBe('2031-04-02T18:00:00.000Z');
  });

  it('refuses what is not a calendar', () => {
    expect(parseIcs('hello', 'UTC', 'en')).toMatchObject({ ok: false, code: 'IMPORT_UNREADABLE' });
  });
});

describe('frab', () => {
  it('reads one event of one room of one day (XML elements that may repeat)', () => {
    const xml = `<schedule><conference><title>T</title><acronym>t</acronym></conference><day date="2031-06-12"><room name="R"><event guid="g" id="1"><date>2031-06-12T10:00:00-04:00</date><start>10:00</start><duration>00:30</duration><room>R</room><title>One</title><type>Talk</type><abstract/><slug>s</slug><subtitle/><track>Tr</track><persons><person id="1">Solo</person></persons></event></room></day></schedule>`;
    const [row] = rowsOf(parseFrabXml(xml, 'UTC', 'fr'));
    expect(row).toMatchObject({
      externalId: 'g',
      venue: 'R',
      room: null,
      tags: ['Tr'],
      organizers: ['Solo'],
      texts: { fr: { title: 'One' } },
      timeZone: 'UTC',
    });
    expect(row!.endsAt?.toISOString()).toBe('2031-06-12T14:30:00.000Z');
  });

  it('reads a room as a place: `Venue · Room` as this product exports it, and no place for online or unannounced', () => {
    const event = (room: string) =>
      `<event guid="${room}" id="1"><date>2031-06-12T10:00:00Z</date><start>10:00</start><duration>00:30</duration><room>${room}</room><title>T</title></event>`;
    const rooms = ['Salle Gaveau · Grande salle', 'Online', 'En ligne', 'Venue to be announced'];
    const xml = `<schedule><conference><title>T</title></conference><day date="2031-06-12"><room name="x">${rooms.map(event).join('')}</room></day></schedule>`;
    expect(rowsOf(parseFrabXml(xml, 'UTC', 'en')).map((row) => [row.venue, row.room])).toEqual([
      ['Salle Gaveau', 'Grande salle'],
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it('flags an event date without an offset, and a JSON schedule without days is unreadable', () => {
    const json = JSON.stringify({
      schedule: { conference: { days: [{ rooms: { R: [{ guid: 'x', date: '2031-06-12T10:00:00', duration: '00:30', title: 'No offset' }] } }] } },
    });
    expect(rowsOf(parseFrabJson(json, 'UTC', 'en'))[0]!.issues).toEqual([{ field: 'date', code: 'INVALID_DATE' }]);
    expect(parseFrabJson('{"schedule":{}}', 'UTC', 'en')).toMatchObject({ ok: false, code: 'IMPORT_UNREADABLE' });
  });
});

describe('detectFormat and nameKey', () => {
  it('detects the format from the name, else from the first characters', () => {
    expect(detectFormat('a.ICS', '')).toBe('ics');
    expect(detectFormat('', '\uFEFF  BEGIN:VCALENDAR')).toBe('ics');
    expect(detectFormat('', '<?xml version="1.0"?><schedule/>')).toBe('frab-xml');
    expect(detectFormat('', '{"schedule":{}}')).toBe('frab-json');
    expect(detectFormat('upload', 'title_en,start')).toBe('csv');
    expect(detectFormat('upload', '   ')).toBeUndefined();
  });

  it('compares names without case, accents or extra spaces', () => {
    expect(nameKey('  Théâtre   du PORT ')).toBe(nameKey('theatre du port'));
    expect(nameKey('Köln')).toBe(nameKey('KOLN'));
    expect(nameKey('Hall A')).not.toBe(nameKey('Hall B'));
  });
});
