/**
 * CSV import (csv-parse) and its template (csv-stringify): one event per record, texts in
 * `title_<locale>`, `summary_<locale>`, `description_<locale>` columns, names in lists split on
 * `;`. A header the template does not know is refused, so a misspelt column never goes unread.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { locales, type Locale } from '../../i18n/config.ts';
import { readInstant } from './instants.ts';
import { cleanText, emptyRow, splitNames, type ImportRow, type ParseResult } from './rows.ts';

const textColumns = locales.flatMap((locale) => [`title_${locale}`, `summary_${locale}`, `description_${locale}`]);

/** Every column of the template, in its order. */
export const csvColumns = ['external_id', ...textColumns, 'start', 'end', 'time_zone', 'venue', 'room', 'tags', 'organizers', 'curators'] as const;

const required = ['start', 'end'];

const exampleTexts: Record<Locale, [string, string, string]> = {
  en: ['Opening concert', 'The festival opens with the city orchestra.', 'A longer description, in **Markdown**.'],
  fr: ["Concert d'ouverture", "Le festival s'ouvre avec l'orchestre de la ville.", 'Une description plus longue, en **Markdown**.'],
  de: ['Eröffnungskonzert', 'Das Festival beginnt mit dem Stadtorchester.', 'Eine längere Beschreibung, in **Markdown**.'],
};

/** The template: the header and one example row (UTF-8 with a byte-order mark, for spreadsheets). */
export function csvTemplate(): string {
  const example: Record<string, string> = {
    external_id: 'opening-2026',
    start: '2026-05-01 19:00',
    end: '2026-05-01 21:00',
    time_zone: 'Europe/Paris',
    venue: 'City Hall',
    room: 'Main hall',
    tags: 'Music; Free',
    organizers: 'City Orchestra',
    curators: '',
  };
  for (const locale of locales) {
    const [title, summary, description] = exampleTexts[locale];
    Object.assign(example, { [`title_${locale}`]: title, [`summary_${locale}`]: summary, [`description_${locale}`]: description });
  }
  return `\uFEFF${stringify([example], { header: true, columns: [...csvColumns] })}`;
}

function readRow(record: Record<string, unknown>, line: number, editionZone: string): ImportRow {
  const zone = cleanText(record['time_zone']) ?? editionZone;
  const row = emptyRow(line, zone);
  row.externalId = cleanText(record['external_id']);
  for (const locale of locales) {
    const title = cleanText(record[`title_${locale}`]) ?? undefined;
    const summary = cleanText(record[`summary_${locale}`]) ?? undefined;
    const body = cleanText(record[`description_${locale}`]) ?? undefined;
    if (title || summary || body) row.texts[locale] = { title, summary, body };
  }
  for (const key of ['start', 'end'] as const) {
    const text = cleanText(record[key]);
    const instant = text ? readInstant(text, zone) : undefined;
    if (!text) row.issues.push({ field: key, code: 'REQUIRED' });
    else if (!instant) row.issues.push({ field: key, code: 'INVALID_DATE' });
    if (key === 'start') row.startsAt = instant ?? null;
    else row.endsAt = instant ?? null;
  }
  row.venue = cleanText(record['venue']);
  row.room = cleanText(record['room']);
  row.tags = splitNames(record['tags']);
  row.organizers = splitNames(record['organizers']);
  row.curators = splitNames(record['curators']);
  return row;
}

interface ParsedRecord {
  record: Record<string, unknown>;
  info: { lines: number };
  raw: string;
}

/** The rows of a CSV file; a file that is not CSV, or whose header is wrong, fails whole. */
export function parseCsv(text: string, editionZone: string): ParseResult {
  let records: ParsedRecord[];
  let header: string[] = [];
  try {
    records = parse(text, {
      bom: true,
      columns: (names: string[]) => (header = names.map((name) => name.trim().toLowerCase())),
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      raw: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    const line = typeof error === 'object' && error && 'lines' in error ? Number(error.lines) : undefined;
    return { ok: false, code: 'IMPORT_UNREADABLE', ...(line ? { line } : {}) };
  }
  const unknown = header.find((name) => !(csvColumns as readonly string[]).includes(name));
  if (unknown !== undefined) return { ok: false, code: 'IMPORT_UNKNOWN_COLUMN', line: 1, column: unknown.slice(0, 100) };
  const hasTitle = header.some((name) => name.startsWith('title_'));
  if (!hasTitle || required.some((name) => !header.includes(name))) return { ok: false, code: 'IMPORT_MISSING_COLUMN', line: 1 };
  return {
    ok: true,
    // `info.lines` is the line a record ends on; a quoted field may span several.
    rows: records.map(({ record, info, raw }) => readRow(record, info.lines - (raw.trim().match(/\n/g)?.length ?? 0), editionZone)),
  };
}
