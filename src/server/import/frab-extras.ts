/**
 * What this product's own frab exports carry beyond the format (schedule-export/extras.ts),
 * read back into a row: the event's zone, its place, every tag with its slug, curators apart from
 * organizers, links, price and places. Files from other tools have none and are read as before.
 */
import { isLocale } from '../../i18n/config.ts';
import { expandOccurrences } from '../../lib/recurrence-dates.ts';
import { isKnownTimeZone } from '../../lib/zoned-time.ts';
import { EXTRAS_XML_TARGET, readExtras, type EventExtras } from '../schedule-export/extras.ts';
import type { ImportRow } from './rows.ts';

type Node = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The file's event GUID when it is a UUID (frab's and ours are; pretalx's old ids are not). */
export function uuidOf(value: string | null): string | null {
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

/** The extras of an XML event (its `<?edition-hub data="…"?>`), if any. */
export function xmlExtrasOf(event: Node): EventExtras | undefined {
  const instruction = event[`?${EXTRAS_XML_TARGET}`];
  const data = typeof instruction === 'object' && instruction !== null ? (instruction as Node)['@_data'] : undefined;
  return typeof data === 'string' ? readExtras(data) : undefined;
}

/** The extras of each event of a JSON schedule, by GUID (`schedule.edition_hub.events`). */
export function jsonExtrasOf(schedule: Node, member: string): (guid: string | null) => EventExtras | undefined {
  const block = schedule[member];
  const events = typeof block === 'object' && block !== null ? (block as Node)['events'] : undefined;
  const byGuid = typeof events === 'object' && events !== null ? (events as Node) : {};
  return (guid) => (guid && Object.hasOwn(byGuid, guid) ? readExtras(byGuid[guid]) : undefined);
}

/** The row with what the extras say, where they say it (a field they lack keeps the file's reading). */
export function applyExtras(row: ImportRow, extras: EventExtras | undefined): ImportRow {
  if (!extras) return row;
  if (extras.timeZone && isKnownTimeZone(extras.timeZone)) row.timeZone = extras.timeZone;
  // The `<room>` is in the export's language; this is the place's one name.
  if (extras.venue !== undefined) row.venue = extras.venue;
  if (extras.room !== undefined) row.room = extras.room;
  if (extras.tags) {
    row.tags = [...new Set(extras.tags.map((tag) => tag.label))];
    row.tagDetails = Object.fromEntries(
      extras.tags.map((tag) => [tag.label, { slug: tag.slug || undefined, locale: isLocale(tag.locale) ? tag.locale : undefined }]),
    );
  }
  if (extras.curators) row.curators = [...new Set(extras.curators)];
  if (extras.organizers) row.organizers = [...new Set(extras.organizers)];
  if (extras.registrationUrl !== undefined) row.registrationUrl = extras.registrationUrl;
  if (extras.onlineUrl !== undefined) row.onlineUrl = extras.onlineUrl;
  const { admission, priceMin, priceMax, currency, availability } = extras;
  const tickets = Object.fromEntries(Object.entries({ admission, priceMin, priceMax, currency, availability }).filter(([, value]) => value !== undefined));
  if (Object.keys(tickets).length) row.tickets = tickets;
  if (extras.recurrence) row.recurrence = extras.recurrence;
  if (extras.series) row.series = extras.series.toLowerCase();
  return row;
}

/**
 * Our export lists each date of a repeating event as an event of its own, the first carrying the
 * rule: the later dates whose series is in the file are left out (the rule writes them again),
 * and the series says how many dates it brings. A date whose series is not in the file stays.
 */
export function foldSeriesDates(rows: ImportRow[]): ImportRow[] {
  const guids = new Set(rows.flatMap((row) => (row.guid ? [row.guid.toLowerCase()] : [])));
  const kept = rows.filter((row) => !(row.series && guids.has(row.series)));
  for (const row of kept) {
    if (!row.recurrence || !row.startsAt || !row.endsAt) continue;
    const count = expandOccurrences({ startsAt: row.startsAt, endsAt: row.endsAt, timeZone: row.timeZone, recurrence: row.recurrence }).length;
    row.warnings.push({ field: EXTRAS_XML_TARGET, code: 'REPEATS', limit: count });
  }
  return kept;
}
