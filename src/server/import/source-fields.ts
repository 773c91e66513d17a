/**
 * How each format names the fields of a row, so a warning or an error points at what the person
 * sees in their file (`<abstract>`, `SUMMARY`, a CSV column) rather than at this product's names.
 */
import type { ImportFormat } from './rows.ts';

const frabXml: Record<string, string> = {
  title: '<title>',
  summary: '<abstract>',
  description: '<description>',
  date: '<date>',
  start: '<date>',
  duration: '<duration>',
  end: '<duration>',
  external_id: 'guid',
  venue: '<room>',
  room: '<room>',
  tags: '<track>',
  organizers: '<persons>',
};

const frabJson: Record<string, string> = Object.fromEntries(Object.entries(frabXml).map(([field, name]) => [field, name.replace(/^<(\w+)>$/, '$1')]));

const ics: Record<string, string> = {
  title: 'SUMMARY',
  description: 'DESCRIPTION',
  start: 'DTSTART',
  end: 'DTEND',
  time_zone: 'TZID',
  external_id: 'UID',
  venue: 'LOCATION',
  tags: 'CATEGORIES',
};

const byFormat: Record<ImportFormat, Record<string, string>> = { 'frab-xml': frabXml, 'frab-json': frabJson, ics, csv: {} };

/**
 * The file's name of an import field (`title_en` → `SUMMARY` in iCalendar); a template CSV names
 * its columns as they are, a conference's own CSV as its mapping says (`start` → `Day + Start`).
 */
export function sourceFieldOf(format: ImportFormat, field: string, csvMapping?: Partial<Record<string, string>>): string {
  const base = field.replace(/_[a-z]{2}$/, '');
  const column = csvMapping?.[base];
  if (column !== undefined) return (base === 'start' || base === 'end') && csvMapping?.['date'] ? `${csvMapping['date']} + ${column}` : column;
  return byFormat[format][base] ?? field;
}
