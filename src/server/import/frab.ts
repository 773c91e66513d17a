/**
 * frab schedule import, XML (fast-xml-parser) and JSON, as pretalx and frab export them
 * (github.com/voc/schedule, validator/xsd and validator/json): one row per `event`, keyed by its
 * `guid`. `date` carries the offset, so the instant is exact; `duration` (or the exact `end` our
 * JSON export writes) gives the end; the room is the event's place (see placeOf), the track a
 * tag, the persons its organizers.
 */
import { isLocale, locales, type Locale } from '../../i18n/config.ts';
import { getTranslator } from '../../i18n/index.ts';
import { isKnownTimeZone } from '../../lib/zoned-time.ts';
import { EXTRAS_JSON_MEMBER, type EventExtras } from '../schedule-export/extras.ts';
import { fitLongTexts, type SourceFields } from './fit.ts';
import { applyExtras, foldSeriesDates, jsonExtrasOf, uuidOf, xmlExtrasOf } from './frab-extras.ts';
import { readDuration } from './instants.ts';
import { sourceFieldOf } from './source-fields.ts';
import { plainElement, readScheduleXml } from './frab-xml.ts';
import { cleanText, emptyRow, lineLocator, type ImportRow, type ParseResult } from './rows.ts';

type Node = Record<string, unknown>;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
const asNode = (value: unknown): Node => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Node) : {});

/** The text of an element that may carry attributes (`{ '#text': …, '@_id': … }`) or none. */
function textOf(value: unknown): string | null {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return cleanText((value as Node)['#text']);
  return cleanText(value);
}

/** A person: a name (XML), or `{ public_name }` / `{ name }` (JSON). */
function personName(value: unknown): string | null {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const node = value as Node;
    return cleanText(node['public_name']) ?? cleanText(node['name']) ?? textOf(node);
  }
  return cleanText(value);
}

/**
 * Room names that say there is no place: this product's own exports name online events and
 * events whose venue is not announced this way, in every locale.
 */
const placelessRooms = new Set(locales.flatMap((locale) => [getTranslator(locale)('event.online'), getTranslator(locale)('hub.schedule.unannounced')]));

/**
 * A frab room as this product's place. Timetable columns here are venues (and their rooms), so a
 * room names the venue; `Venue · Room`, as this product exports a venue's room, is split in two.
 */
function placeOf(room: string | null): { venue: string | null; room: string | null } {
  if (!room || placelessRooms.has(room)) return { venue: null, room: null };
  const separator = room.indexOf(' · ');
  if (separator === -1) return { venue: room, room: null };
  return { venue: room.slice(0, separator).trim() || null, room: room.slice(separator + 3).trim() || null };
}

/** One frab event as a row; `guid` from the attribute (XML) or member (JSON). */
function readEvent(event: Node, line: number, zone: string, textLocale: Locale, extras: EventExtras | undefined): ImportRow {
  const row = emptyRow(line, zone);
  const guid = cleanText(event['@_guid'] ?? event['guid']);
  row.externalId = guid ?? (cleanText(event['@_id'] ?? event['id']) ? `id:${cleanText(event['@_id'] ?? event['id'])}` : null);
  row.guid = uuidOf(guid);
  const language = cleanText(event['language'])?.slice(0, 2).toLowerCase();
  const locale = isLocale(language) ? language : textLocale;
  const title = textOf(event['title']) ?? undefined;
  const summary = textOf(event['abstract']) ?? undefined;
  const body = textOf(event['description']) ?? undefined;
  if (title || summary || body) row.texts[locale] = { title, summary, body };
  const date = cleanText(event['date']);
  const start = date && /(?:Z|[+-]\d{2}:?\d{2})$/i.test(date) ? Date.parse(date) : NaN;
  if (!date) row.issues.push({ field: 'date', code: 'REQUIRED' });
  else if (Number.isNaN(start)) row.issues.push({ field: 'date', code: 'INVALID_DATE' });
  // Our JSON export's exact `end` (an exhibition outlasts the XSD's 99:59 duration) wins over `duration`.
  const endText = cleanText(event['end']);
  const end = endText && /(?:Z|[+-]\d{2}:?\d{2})$/i.test(endText) ? Date.parse(endText) : NaN;
  const exactEnd = !Number.isNaN(end) && !Number.isNaN(start) && end >= start ? end : undefined;
  const durationText = cleanText(event['duration']);
  const duration = durationText ? readDuration(durationText) : undefined;
  if (!durationText && exactEnd === undefined) row.issues.push({ field: 'duration', code: 'REQUIRED' });
  else if (durationText && duration === undefined && exactEnd === undefined) row.issues.push({ field: 'duration', code: 'INVALID_DURATION' });
  if (!Number.isNaN(start)) {
    row.startsAt = new Date(start);
    row.endsAt = exactEnd !== undefined ? new Date(exactEnd) : duration === undefined ? null : new Date(start + duration);
  }
  Object.assign(row, placeOf(textOf(event['room'])));
  const track = textOf(event['track']);
  row.tags = track ? [track] : [];
  const persons = event['persons'];
  const list = Array.isArray(persons) ? persons : asArray(asNode(persons)['person']);
  row.organizers = [...new Set(list.map(personName).filter((name): name is string => name !== null))];
  return applyExtras(row, extras);
}

/** The zone the schedule names (`time_zone_name`), when the runtime knows it; else the edition's. */
function zoneOf(conference: Node, editionZone: string): string {
  const named = cleanText(conference['time_zone_name']);
  return named && isKnownTimeZone(named) ? named : editionZone;
}

/** How each format names the fields a warning may be about. */
const xmlFields: SourceFields = { title: sourceFieldOf('frab-xml', 'title'), summary: sourceFieldOf('frab-xml', 'summary') };
const jsonFields: SourceFields = { title: sourceFieldOf('frab-json', 'title'), summary: sourceFieldOf('frab-json', 'summary') };

/** The rows of a frab XML schedule. */
export function parseFrabXml(text: string, editionZone: string, textLocale: Locale): ParseResult {
  const read = readScheduleXml(text);
  if (!read.ok) return read;
  const zone = zoneOf(read.conference, editionZone);
  const lineOf = lineLocator(text);
  const lines = Array.from(text.matchAll(/<event[\s>]/g), (match) => lineOf(match.index));
  return {
    ok: true,
    rows: foldSeriesDates(
      read.events.map((event, index) => {
        const plain = asNode(plainElement(event));
        return fitLongTexts(readEvent(plain, lines[index] ?? 1, zone, textLocale, xmlExtrasOf(plain)), xmlFields);
      }),
    ),
  };
}

/**
 * The line of each event's `"guid"` in the JSON text (JSON.parse keeps no positions), searched
 * forward from the previous event's, as events follow one another in the file.
 */
function jsonLines(text: string): (event: Node) => number {
  const lineOf = lineLocator(text);
  let from = 0;
  return (event) => {
    const guid = cleanText(event['guid']);
    if (!guid) return 1;
    const needle = JSON.stringify(guid);
    let index = text.indexOf(needle, from);
    if (index === -1) index = text.indexOf(needle);
    if (index === -1) return 1;
    from = index + needle.length;
    return lineOf(index);
  };
}

/** The rows of a frab JSON schedule (`{ schedule: { conference: { days: [{ rooms: { name: [events] } }] } } }`). */
export function parseFrabJson(text: string, editionZone: string, textLocale: Locale): ParseResult {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { ok: false, code: 'IMPORT_UNREADABLE' };
  }
  const schedule = asNode(asNode(document)['schedule']);
  const conference = asNode(schedule['conference']);
  if (!Array.isArray(conference['days'])) return { ok: false, code: 'IMPORT_UNREADABLE' };
  const zone = zoneOf(conference, editionZone);
  const events = conference['days'].flatMap((day) => Object.values(asNode(asNode(day)['rooms'])).flatMap(asArray));
  const lineOf = jsonLines(text);
  const extrasOf = jsonExtrasOf(schedule, EXTRAS_JSON_MEMBER);
  return {
    ok: true,
    rows: foldSeriesDates(
      events.map((event) => {
        const node = asNode(event);
        return fitLongTexts(readEvent(node, lineOf(node), zone, textLocale, extrasOf(cleanText(node['guid']))), jsonFields);
      }),
    ),
  };
}
