/**
 * A conference's own CSV: the header guesser (en/fr/de names, split date and time, durations),
 * the header signature (same source, same signature), and rows read through a mapping
 * (weekdays within the edition, `9:30`, durations, `---` as "none", people split on `/`).
 */
import { describe, expect, it } from 'vitest';
import { combineDateTime, readDay, readDurationCell } from '../../src/server/import/csv-days.ts';
import { guessMapping, headerSignature, isCompleteMapping, normalizeHeader, unmappedColumns } from '../../src/server/import/csv-headers.ts';
import { parseCsv } from '../../src/server/import/csv.ts';
import type { ImportRow, ParseResult } from '../../src/server/import/rows.ts';

function rowsOf(result: ParseResult): ImportRow[] {
  if (!result.ok) throw new Error(`parse failed: ${result.code}`);
  return result.rows;
}

describe('the header guesser', () => {
  it('maps English, French and German headers to the same fields', () => {
    expect(guessMapping(['Title', 'Start', 'End', 'Room', 'Speaker(s)', 'Track', 'Description'])).toEqual({
      title: 'Title',
      start: 'Start',
      end: 'End',
      room: 'Room',
      organizers: 'Speaker(s)',
      tags: 'Track',
      description: 'Description',
    });
    expect(guessMapping(['Titre', 'Début', 'Fin', 'Salle', 'Intervenants', 'Résumé'])).toEqual({
      title: 'Titre',
      start: 'Début',
      end: 'Fin',
      room: 'Salle',
      organizers: 'Intervenants',
      summary: 'Résumé',
    });
    expect(guessMapping(['Titel', 'Beginn', 'Dauer', 'Raum', 'Referent', 'Beschreibung', 'Ort'])).toEqual({
      title: 'Titel',
      start: 'Beginn',
      duration: 'Dauer',
      room: 'Raum',
      organizers: 'Referent',
      description: 'Beschreibung',
      venue: 'Ort',
    });
  });

  it('reads a split date and time, names containing a field’s name, and leaves the rest unmapped', () => {
    const header = ['Date', 'Time', 'Session title', 'Speaker names', 'Capacity', 'Notes', 'Length'];
    const mapping = guessMapping(header);
    expect(mapping).toEqual({ date: 'Date', start: 'Time', title: 'Session title', organizers: 'Speaker names', duration: 'Length' });
    expect(unmappedColumns(header, mapping)).toEqual(['Capacity', 'Notes']);
    expect(isCompleteMapping(mapping)).toBe(true);
    expect(isCompleteMapping({ title: 'Session title', start: 'Time' })).toBe(false);
  });

  it('gives one column to one field: the first exact name wins', () => {
    expect(guessMapping(['Name', 'Title', 'Start', 'End'])).toMatchObject({ title: 'Name' });
    expect(guessMapping(['Name', 'Title', 'Start', 'End']).summary).toBeUndefined();
  });

  it('signs a header by its names, whatever their order, case or accents', () => {
    expect(normalizeHeader('  Speaker(s) ')).toBe('speaker s');
    expect(normalizeHeader('Début')).toBe('debut');
    expect(headerSignature(['Titel', 'Beginn', 'Raum'])).toBe(headerSignature(['raum', 'TITEL', ' Beginn ']));
    expect(headerSignature(['Titel', 'Beginn', 'Raum'])).not.toBe(headerSignature(['Titel', 'Beginn', 'Saal']));
  });
});

describe('dates and times as spreadsheets write them', () => {
  const days = { first: '2019-10-04', last: '2019-10-06' };

  it('reads ISO and day-first dates, and weekday names as the edition’s day of that name', () => {
    expect(readDay('2019-10-05', days)).toBe('2019-10-05');
    expect(readDay('5.10.2019', days)).toBe('2019-10-05');
    expect(readDay('05/10/2019', days)).toBe('2019-10-05');
    for (const saturday of ['Saturday', 'samedi', 'Samstag', 'Sábado', 'Sat']) expect(readDay(saturday, days)).toBe('2019-10-05');
    expect(readDay('Domingo', days)).toBe('2019-10-06');
    // No Monday in the edition, and a weekday means nothing without an edition.
    expect(readDay('Monday', days)).toBeUndefined();
    expect(readDay('Saturday', undefined)).toBeUndefined();
  });

  it('joins a date column to a time, and keeps a full date and time as it is', () => {
    expect(combineDateTime('9:30', 'Sábado', days)).toBe('2019-10-05 09:30');
    expect(combineDateTime('14h15', '2019-10-06', days)).toBe('2019-10-06 14:15');
    expect(combineDateTime('2019-10-05 19:00', null, days)).toBe('2019-10-05 19:00');
    expect(combineDateTime('05.10.2019 19:00', null, days)).toBe('2019-10-05 19:00');
    expect(combineDateTime('9:30', null, days)).toBe('9:30');
  });

  it('reads durations in minutes or hours', () => {
    expect(readDurationCell('45')).toBe(45 * 60_000);
    expect(readDurationCell('90 min')).toBe(90 * 60_000);
    expect(readDurationCell('1:30')).toBe(90 * 60_000);
    expect(readDurationCell('1h30')).toBe(90 * 60_000);
    expect(readDurationCell('2h')).toBe(120 * 60_000);
    expect(readDurationCell('soon')).toBeUndefined();
  });
});

describe('a CSV read through its mapping', () => {
  const days = { first: '2019-10-04', last: '2019-10-06' };

  it('reads texts in the file’s language, weekdays, durations, "---" as none and people split on /', () => {
    const text = [
      'Titel,Tag,Beginn,Dauer,Referent,Raum,Notizen',
      'Eröffnung,Samstag,9:30,45,Ana Pérez/Rafa Haro,---,intern',
      'Pause,Samstag,10:15,soon,---,Saal 1,',
    ].join('\n');
    const mapping = { title: 'Titel', date: 'Tag', start: 'Beginn', duration: 'Dauer', organizers: 'Referent', room: 'Raum' };
    const [opening, pause] = rowsOf(parseCsv(text, 'Europe/Madrid', { mapping, textLocale: 'de', days }));
    expect(opening).toMatchObject({ line: 2, texts: { de: { title: 'Eröffnung' } }, organizers: ['Ana Pérez', 'Rafa Haro'], room: null, issues: [] });
    expect(opening!.startsAt!.toISOString()).toBe('2019-10-05T07:30:00.000Z');
    expect(opening!.endsAt!.toISOString()).toBe('2019-10-05T08:15:00.000Z');
    expect(pause).toMatchObject({ organizers: [], room: 'Saal 1', issues: [{ field: 'duration', code: 'INVALID_DURATION' }] });
  });

  it('says a start is required when its column holds nothing', () => {
    const [row] = rowsOf(parseCsv('Title,Start,End\nA,,\n', 'UTC', { mapping: { title: 'Title', start: 'Start', end: 'End' } }));
    expect(row!.issues).toEqual([
      { field: 'start', code: 'REQUIRED' },
      { field: 'end', code: 'REQUIRED' },
    ]);
  });
});
