/**
 * From an uploaded file to checked rows: the format (given or detected), the parser, the row
 * limit, and the checks every row gets whatever its format (texts, dates, zone, repeated ids).
 */
import type { Locale } from '../../i18n/config.ts';
import { eventsCollection } from '../../lib/collections/events.ts';
import { issuesToFieldErrors } from '../../lib/field-errors.ts';
import { offerIssues } from './offer-check.ts';
import { isKnownTimeZone } from '../../lib/zoned-time.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { parseCsv } from './csv.ts';
import { parseFrabJson, parseFrabXml } from './frab.ts';
import { parseIcs } from './ics.ts';
import { normaliseImportedMarkdown } from './markdown.ts';
import { MAX_IMPORT_ROWS, type ImportFormat, type ImportRow, type ParseResult } from './rows.ts';

/** Names longer than their collection allows (a tag label: 100; a venue, organizer, curator name: 200). */
const NAME_LIMITS = { tags: 100, organizers: 200, curators: 200, venue: 200, room: 200 } as const;

/** The format of a file from its name, else from its first characters. */
export function detectFormat(fileName: string, text: string): ImportFormat | undefined {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'ics' || extension === 'ical') return 'ics';
  if (extension === 'xml') return 'frab-xml';
  if (extension === 'json') return 'frab-json';
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (/^BEGIN:VCALENDAR/i.test(start)) return 'ics';
  if (start.startsWith('<')) return 'frab-xml';
  if (start.startsWith('{')) return 'frab-json';
  return start ? 'csv' : undefined;
}

function parseAs(format: ImportFormat, text: string, zone: string, textLocale: Locale): ParseResult {
  switch (format) {
    case 'csv':
      return parseCsv(text, zone);
    case 'ics':
      return parseIcs(text, zone, textLocale);
    case 'frab-xml':
      return parseFrabXml(text, zone, textLocale);
    case 'frab-json':
      return parseFrabJson(text, zone, textLocale);
  }
}

/** An event's texts, any of them (built once: zod compiles a schema on its first use). */
const eventTexts = eventsCollection.texts.partial();

/** The same checks as an event saved by hand: the texts' lengths, the dates, the zone. */
function checkRow(row: ImportRow, seen: Set<string>): void {
  const add = (field: string, code: string) => {
    if (!row.issues.some((issue) => issue.field === field && issue.code === code)) row.issues.push({ field, code });
  };
  const locales = Object.keys(row.texts) as Locale[];
  const titled = locales.some((locale) => row.texts[locale]?.title);
  if (!titled) add('title', 'REQUIRED');
  for (const locale of locales) {
    const texts = row.texts[locale]!;
    // A row with no title at all says so once; one titled in another language lacks this one's.
    if (titled && !texts.title && (texts.summary || texts.body)) add(`title_${locale}`, 'REQUIRED');
    const parsed = eventTexts.safeParse(texts);
    if (!parsed.success) {
      for (const [field, codes] of Object.entries(issuesToFieldErrors(parsed.error.issues)))
        for (const code of codes) add(`${field === 'body' ? 'description' : field}_${locale}`, code);
    }
  }
  if (!isKnownTimeZone(row.timeZone)) add('time_zone', 'UNKNOWN_TIME_ZONE');
  if (row.startsAt && row.endsAt && row.endsAt.getTime() < row.startsAt.getTime()) add('end', 'END_BEFORE_START');
  for (const [field, code] of offerIssues(row)) add(field, code);
  for (const [field, max] of Object.entries(NAME_LIMITS)) {
    const value = row[field as keyof typeof NAME_LIMITS];
    const names = Array.isArray(value) ? value : value ? [value] : [];
    if (names.some((name) => name.length > max)) add(field, 'TOO_LONG');
  }
  if (row.externalId && row.externalId.length > 200) add('external_id', 'TOO_LONG');
  else if (row.externalId && seen.has(row.externalId)) add('external_id', 'DUPLICATE_EXTERNAL_ID');
  if (row.externalId) seen.add(row.externalId);
}

/**
 * The checked rows of `text` read as `format`. A file that cannot be read at all is a 422
 * (`IMPORT_UNREADABLE`, with its line when known; `IMPORT_TOO_DEEP` for XML nested past any
 * schedule); more than `MAX_IMPORT_ROWS` events a 413.
 */
export function readImportRows(format: ImportFormat, text: string, zone: string, textLocale: Locale): ImportRow[] {
  const result = parseAs(format, text, zone, textLocale);
  if (!result.ok) {
    throw new AdminError(422, result.code, 'The file could not be read as the chosen format', {
      extensions: { format, ...(result.line ? { line: result.line } : {}), ...(result.column !== undefined ? { column: result.column } : {}) },
    });
  }
  if (result.rows.length === 0) throw new AdminError(422, 'IMPORT_EMPTY', 'The file holds no events', { extensions: { format } });
  if (result.rows.length > MAX_IMPORT_ROWS) {
    throw new AdminError(413, 'IMPORT_TOO_MANY_ROWS', `An import may hold at most ${MAX_IMPORT_ROWS} events`, {
      extensions: { limit: MAX_IMPORT_ROWS, rows: result.rows.length },
    });
  }
  const seen = new Set<string>();
  for (const row of result.rows) {
    for (const texts of Object.values(row.texts)) if (texts?.body) texts.body = normaliseImportedMarkdown(texts.body);
    checkRow(row, seen);
  }
  return result.rows;
}
