/**
 * One record of a conference's own CSV read through its column mapping: the mapped cells become
 * a template record (texts in the file's language), so the template's reader checks them the
 * same way. What spreadsheets do differently is handled here: a date column apart from the
 * times, a weekday instead of a date, a duration instead of an end, `---` for "none", and
 * people lists split on `/` as well.
 */
import type { Locale } from '../../i18n/config.ts';
import { combineDateTime, readDurationCell, type EditionDays } from './csv-days.ts';
import type { CsvMapping, CsvTarget } from './csv-headers.ts';
import type { ImportRow } from './rows.ts';

export interface MappedReadContext {
  mapping: CsvMapping;
  zone: string;
  textLocale: Locale;
  days: EditionDays | undefined;
}

type ReadTemplateRow = (record: Record<string, unknown>, line: number, zone: string) => ImportRow;

/** A cell of only dashes, dots or spaces is a spreadsheet's "none". */
function meaningful(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' || /^[\s\-–—.·_?/]+$/.test(text) ? null : text;
}

/** People separated by `/` too ("Ana Pérez/Rafa Haro"); `;` and `|` as in the template. */
const peopleList = (value: string | null) => value?.replaceAll('/', ';') ?? null;

/** The row of one record, read through `context.mapping`. */
export function readMappedRow(
  header: readonly string[],
  cells: readonly string[],
  line: number,
  context: MappedReadContext,
  readRow: ReadTemplateRow,
): ImportRow {
  const { mapping, textLocale, days } = context;
  const cell = (target: CsvTarget): string | null => {
    const column = mapping[target];
    if (column === undefined) return null;
    const index = header.indexOf(column);
    return index === -1 ? null : meaningful(cells[index]);
  };
  const start = combineDateTime(cell('start'), cell('date'), days);
  const end = combineDateTime(cell('end'), cell('date'), days);
  const record: Record<string, string | null> = {
    external_id: cell('external_id'),
    [`title_${textLocale}`]: cell('title'),
    [`summary_${textLocale}`]: cell('summary'),
    [`description_${textLocale}`]: cell('description'),
    start,
    end,
    time_zone: cell('time_zone'),
    venue: cell('venue'),
    room: cell('room'),
    tags: cell('tags'),
    organizers: peopleList(cell('organizers')),
    curators: peopleList(cell('curators')),
    registration_url: cell('registration_url'),
    online_url: cell('online_url'),
    price: cell('price'),
    currency: cell('currency'),
    availability: cell('availability'),
  };
  const row = readRow(record, line, context.zone);
  const duration = cell('duration');
  if (end === null && duration !== null) {
    // No end, but a duration: the end is the start plus it.
    row.issues = row.issues.filter((issue) => issue.field !== 'end');
    const ms = readDurationCell(duration);
    if (ms === undefined) row.issues.push({ field: 'duration', code: 'INVALID_DURATION' });
    else if (row.startsAt) row.endsAt = new Date(row.startsAt.getTime() + ms);
  }
  return row;
}
