/**
 * CSV import (csv-parse) and its template (csv-stringify): one event per record, texts in
 * `title_<locale>`, `summary_<locale>`, `description_<locale>` columns, names in lists split on
 * `;`. A conference's own CSV, with its own header, is read through a column mapping
 * (`csv-headers.ts`, `csv-mapped.ts`); columns nothing reads are listed as ignored, never dropped
 * unseen.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { defaultLocale, locales, type Locale } from '../../i18n/config.ts';
import type { EditionDays } from './csv-days.ts';
import { csvTargets, type CsvMapping, type CsvTarget } from './csv-headers.ts';
import { readMappedRow } from './csv-mapped.ts';
import { applyOfferCells } from './csv-offer.ts';
import { readInstant } from './instants.ts';
import { cleanText, emptyRow, splitNames, type ImportRow, type ParseResult } from './rows.ts';

const textColumns = locales.flatMap((locale) => [`title_${locale}`, `summary_${locale}`, `description_${locale}`]);

/** Fields a mapped CSV may split or shorten that the template writes whole (a start with its date, an end). */
const mappedOnly: readonly CsvTarget[] = ['date', 'duration'];
const translated: readonly CsvTarget[] = ['title', 'summary', 'description'];

/** Every column of the template, in its order: the mappable fields, texts once per locale. */
export const csvColumns = [
  'external_id',
  ...textColumns,
  ...csvTargets.filter((target) => target !== 'external_id' && !translated.includes(target) && !mappedOnly.includes(target)),
];

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
    registration_url: 'https://tickets.example.org/opening',
    online_url: '',
    price: '12–20',
    currency: 'EUR',
    availability: 'few places left',
  };
  for (const locale of locales) {
    const [title, summary, description] = exampleTexts[locale];
    Object.assign(example, { [`title_${locale}`]: title, [`summary_${locale}`]: summary, [`description_${locale}`]: description });
  }
  return `\uFEFF${stringify([example], { header: true, columns: [...csvColumns] })}`;
}

/** One template record (cells by template column name) as a row. */
export function readRow(record: Record<string, unknown>, line: number, editionZone: string): ImportRow {
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
  applyOfferCells(row, {
    registration: cleanText(record['registration_url']),
    online: cleanText(record['online_url']),
    price: cleanText(record['price']),
    currency: cleanText(record['currency']),
    availability: cleanText(record['availability']),
  });
  return row;
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
  raw: string;
}

/** A CSV file's header (trimmed, as written) and its records, each with the line it starts on. */
export interface CsvTable {
  header: string[];
  records: { cells: string[]; line: number }[];
}

/**
 * The separator of a file: the one its header line uses most. Spreadsheets in French or German
 * export with `;` (the comma is their decimal mark); the template uses `,`.
 */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n')).replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, firstLine.split(delimiter).length - 1] as const);
  return counts.reduce((best, candidate) => (candidate[1] > best[1] ? candidate : best))[0];
}

/** The file as a table; a file that is not CSV fails whole (with its line when known). */
export function readCsvTable(text: string, onlyHeader = false): { ok: true; table: CsvTable } | { ok: false; code: string; line?: number } {
  let parsed: ParsedRecord[];
  try {
    parsed = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      raw: true,
      ...(onlyHeader ? { to: 1 } : {}),
    }) as unknown as ParsedRecord[];
  } catch (error) {
    const line = typeof error === 'object' && error && 'lines' in error ? Number(error.lines) : undefined;
    return { ok: false, code: 'IMPORT_UNREADABLE', ...(line ? { line } : {}) };
  }
  const [first, ...rest] = parsed;
  return {
    ok: true,
    table: {
      header: (first?.record ?? []).map((name) => name.trim()),
      // `info.lines` is the line a record ends on; a quoted field may span several.
      records: rest.map(({ record, info, raw }) => ({ cells: record, line: info.lines - (raw.trim().match(/\n/g)?.length ?? 0) })),
    },
  };
}

/** Whether a header is the template's own (its names, any case): a title column, start and end. */
export function isTemplateHeader(header: readonly string[]): boolean {
  const names = header.map((name) => name.toLowerCase());
  return names.some((name) => textColumns.includes(name) && name.startsWith('title_')) && required.every((name) => names.includes(name));
}

/** The columns of a template file that no template field reads (ignored, with a warning). */
export function unknownTemplateColumns(header: readonly string[]): string[] {
  return header.filter((name) => name !== '' && !(csvColumns as readonly string[]).includes(name.toLowerCase()));
}

/** How to read a CSV: its own columns' mapping, the language of its texts, the edition's days. */
export interface CsvReadOptions {
  mapping?: CsvMapping | undefined;
  textLocale?: Locale;
  days?: EditionDays | undefined;
}

/**
 * The rows of a CSV file. The template's header is read by name (columns it does not know are
 * left out); any other header needs `options.mapping`, else the file fails whole.
 */
export function parseCsv(text: string, editionZone: string, options: CsvReadOptions = {}): ParseResult {
  const read = readCsvTable(text);
  if (!read.ok) return read;
  const { header, records } = read.table;
  if (options.mapping && !isTemplateHeader(header)) {
    const mapping = options.mapping;
    return {
      ok: true,
      rows: records.map(({ cells, line }) =>
        readMappedRow(header, cells, line, { mapping, zone: editionZone, textLocale: options.textLocale ?? defaultLocale, days: options.days }, readRow),
      ),
    };
  }
  if (!isTemplateHeader(header)) return { ok: false, code: 'IMPORT_MISSING_COLUMN', line: 1 };
  const names = header.map((name) => name.toLowerCase());
  return {
    ok: true,
    rows: records.map(({ cells, line }) => readRow(Object.fromEntries(names.map((name, i) => [name, cells[i]])), line, editionZone)),
  };
}
