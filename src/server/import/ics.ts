/**
 * iCalendar import (ical.js): one row per VEVENT, keyed by its UID (by UID and start when a broken
 * exporter reused one UID). Times keep their meaning: UTC stays UTC; a TZID is read with the
 * file's own VTIMEZONE when it has one, else as an IANA zone; Outlook's Windows zone names
 * (`W. Europe Standard Time`) name their IANA zone; a floating time is a wall time in the edition's zone.
 */
import ICAL from 'ical.js';
import { isLocale, type Locale } from '../../i18n/config.ts';
import { isKnownTimeZone, wallTimeToInstant } from '../../lib/zoned-time.ts';
import { fitLongTexts } from './fit.ts';
import { ianaZoneOfWindowsName } from './windows-zones.ts';
import { readRecurrence, type ReadInstant } from './ics-recurrence.ts';
import { sourceFieldOf } from './source-fields.ts';
import { cleanText, emptyRow, lineLocator, splitNames, type ImportRow, type ParseResult } from './rows.ts';

const pad = (n: number) => String(n).padStart(2, '0');

interface ReadTime {
  instant: Date;
  /** The IANA zone the time was written in, when it names one. */
  zone?: string | undefined;
}

/** The IANA zone a TZID names: itself, or the zone of an Outlook/Exchange (Windows) zone name. */
function ianaZoneOf(tzid: string): string | undefined {
  if (isKnownTimeZone(tzid)) return tzid;
  const windows = ianaZoneOfWindowsName(tzid.trim());
  return windows && isKnownTimeZone(windows) ? windows : undefined;
}

/** The instant of a DTSTART/DTEND property, or undefined when its zone cannot be resolved. */
function readTime(property: ICAL.Property, zones: Map<string, ICAL.Timezone>, editionZone: string): ReadTime | undefined {
  const time = property.getFirstValue();
  if (!(time instanceof ICAL.Time)) return undefined;
  const tzid = property.getParameter('tzid');
  return readTimeValue(time, typeof tzid === 'string' ? tzid : undefined, zones, editionZone);
}

/** The instant of one time value written with `tzidText` (DTSTART, an RDATE's or EXDATE's values). */
function readTimeValue(time: ICAL.Time, tzidText: string | undefined, zones: Map<string, ICAL.Timezone>, editionZone: string): ReadTime | undefined {
  if (time.zone === ICAL.Timezone.utcTimezone) return { instant: time.toJSDate() };
  const fromFile = tzidText ? zones.get(tzidText) : undefined;
  const iana = tzidText ? ianaZoneOf(tzidText) : undefined;
  if (fromFile) {
    const zoned = time.clone();
    zoned.zone = fromFile;
    return { instant: new Date(zoned.toUnixTime() * 1000), zone: iana };
  }
  if (tzidText && !iana) return undefined;
  // An IANA zone without a VTIMEZONE, a floating time, or a whole day: a wall time.
  const wall = `${time.year}-${pad(time.month)}-${pad(time.day)}T${pad(time.isDate ? 0 : time.hour)}:${pad(time.isDate ? 0 : time.minute)}`;
  const instant = wallTimeToInstant(wall, iana ?? editionZone);
  return instant ? { instant: new Date(instant.getTime() + (time.isDate ? 0 : time.second * 1000)), zone: iana } : undefined;
}

/** Lines on which each `BEGIN:VEVENT` stands, in order (ical.js keeps no positions). */
function eventLines(text: string): number[] {
  const lines: number[] = [];
  const lineOf = lineLocator(text);
  for (const match of text.matchAll(/^BEGIN:VEVENT\s*$/gim)) lines.push(lineOf(match.index));
  return lines;
}

function textOf(event: ICAL.Component, name: string): string | null {
  const value = event.getFirstPropertyValue(name);
  return typeof value === 'string' ? cleanText(value) : null;
}

interface EventContext {
  zones: Map<string, ICAL.Timezone>;
  editionZone: string;
  textLocale: Locale;
  /** The file's overrides of single dates (RECURRENCE-ID), by UID. */
  overrides: Map<string, ICAL.Component[]>;
}

function readEvent(event: ICAL.Component, line: number, { zones, editionZone, textLocale, overrides }: EventContext): ImportRow {
  const row = emptyRow(line, editionZone);
  row.externalId = textOf(event, 'uid');
  const summary = event.getFirstProperty('summary');
  const language = summary?.getParameter('language');
  const locale = typeof language === 'string' && isLocale(language.slice(0, 2).toLowerCase()) ? (language.slice(0, 2).toLowerCase() as Locale) : textLocale;
  const title = textOf(event, 'summary') ?? undefined;
  const body = textOf(event, 'description') ?? undefined;
  if (title || body) row.texts[locale] = { title, body };
  const start = event.getFirstProperty('dtstart');
  const startTime = start ? readTime(start, zones, editionZone) : undefined;
  if (!start) row.issues.push({ field: 'start', code: 'REQUIRED' });
  else if (!startTime) row.issues.push({ field: 'start', code: 'UNKNOWN_TIME_ZONE' });
  row.startsAt = startTime?.instant ?? null;
  if (startTime?.zone) row.timeZone = startTime.zone;
  const end = event.getFirstProperty('dtend');
  const duration = event.getFirstPropertyValue('duration');
  if (end) {
    const endTime = readTime(end, zones, editionZone);
    if (!endTime) row.issues.push({ field: 'end', code: 'UNKNOWN_TIME_ZONE' });
    row.endsAt = endTime?.instant ?? null;
  } else if (duration instanceof ICAL.Duration && row.startsAt) {
    row.endsAt = new Date(row.startsAt.getTime() + duration.toSeconds() * 1000);
  } else {
    row.endsAt = row.startsAt;
  }
  const read: ReadInstant = (time, tzid) => readTimeValue(time, tzid, zones, editionZone)?.instant;
  if (row.startsAt) readRecurrence(row, event, (row.externalId && overrides.get(row.externalId)) || [], read);
  row.venue = textOf(event, 'location');
  row.tags = [...new Set(event.getAllProperties('categories').flatMap((property) => property.getValues().flatMap((value) => splitNames(value))))];
  return row;
}

/** The rows of an iCalendar file; a file that does not parse fails whole. */
export function parseIcs(text: string, editionZone: string, textLocale: Locale): ParseResult {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    return { ok: false, code: 'IMPORT_UNREADABLE' };
  }
  if (calendar.name !== 'vcalendar') return { ok: false, code: 'IMPORT_UNREADABLE' };
  const zones = new Map<string, ICAL.Timezone>();
  for (const component of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(component);
    zones.set(zone.tzid, zone);
  }
  const lines = eventLines(text);
  const vevents = calendar.getAllSubcomponents('vevent');
  // An override of one occurrence (RECURRENCE-ID) shares its series' UID: a change of that series' dates.
  const overrides = new Map<string, ICAL.Component[]>();
  for (const event of vevents.filter((item) => item.hasProperty('recurrence-id'))) {
    const uid = textOf(event, 'uid');
    if (uid) overrides.set(uid, [...(overrides.get(uid) ?? []), event]);
  }
  const context: EventContext = { zones, editionZone, textLocale, overrides };
  const series = new Set(vevents.filter((event) => !event.hasProperty('recurrence-id')).map((event) => textOf(event, 'uid')));
  // An override whose series is not in the file (an export of a date range) is the one date it says.
  const rows = vevents
    .map((event, index) => ({ event, line: lines[index] ?? 1 }))
    .filter(({ event }) => !event.hasProperty('recurrence-id') || !series.has(textOf(event, 'uid')))
    .map(({ event, line }) => fitLongTexts(readEvent(event, line, context), { title: sourceFieldOf('ics', 'title') }));
  return { ok: true, rows: keyReusedUids(rows) };
}

/** An instant as iCalendar writes it in UTC (`20210402T080000Z`). */
const icalStamp = (instant: Date) => instant.toISOString().replace(/[-:]|\.\d{3}/g, '');

/**
 * Broken exporters give many events one UID (without RECURRENCE-ID, so they are not one series):
 * each becomes its own event, keyed by UID and start (`<uid>#20210402T080000Z`), which a re-import
 * of the same file finds again. Two with the same UID and start stay a repeated id (an error).
 */
function keyReusedUids(rows: ImportRow[]): ImportRow[] {
  const uses = new Map<string, number>();
  for (const row of rows) if (row.externalId) uses.set(row.externalId, (uses.get(row.externalId) ?? 0) + 1);
  for (const row of rows) {
    if (row.externalId && row.startsAt && uses.get(row.externalId)! > 1) row.externalId = `${row.externalId}#${icalStamp(row.startsAt)}`;
  }
  return rows;
}
