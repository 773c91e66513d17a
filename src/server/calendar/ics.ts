/**
 * iCalendar (.ics) documents of events. Each event keeps its own zone (`DTSTART;TZID=…` in local
 * wall time, with one VTIMEZONE per zone used), so a 19:30 concert stays at 19:30 across daylight
 * saving changes whatever zone the reader is in. UIDs derive from database ids, so an event keeps
 * its UID when renamed or re-slugged. Written by hand: see docs/decisions/023-calendars-and-feeds.md.
 */
import type { Locale } from '../../i18n/config.ts';
import { getTranslator } from '../../i18n/index.ts';
import { formatDateTimeRange, formatTimeZoneName } from '../../lib/dates.ts';
import { isCalledOff, type EventStatus } from '../../lib/event-status.ts';
import { describeTickets, type Tickets } from '../../lib/tickets.ts';
import { paths } from '../../lib/paths.ts';
import { isKnownTimeZone, isRepeatedWallTime } from '../../lib/zoned-time.ts';
import { titleWithStatus } from '../events/status-title.ts';
import { statusNoticeLine } from '../events/status-notice.ts';
import { absoluteUrl } from '../config/site-origin.ts';
import type { Recurrence, Occurrence } from '../../lib/recurrence.ts';
import { escapeText, escapeTextList, toIcsDocument } from './ical-text.ts';
import { buildSeriesLines, type SeriesLines } from './series-lines.ts';
import { buildVTimezone, formatLocalDateTime, formatUtcDateTime } from './vtimezone.ts';

export interface CalendarEvent {
  id: number;
  slug: string;
  title: string;
  summary: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  venueName: string | null;
  venueAddress?: string | null;
  room?: string | null | undefined;
  /** The venue's point (RFC 5545 GEO), when it has coordinates. */
  geo?: { latitude: number; longitude: number } | null;
  onlineUrl: string | null;
  updatedAt: Date;
  tags?: { label: string }[];
  /** Absent = scheduled. */
  eventStatus?: EventStatus;
  /** Why the status changed: the description's first line says it with the status (docs/decisions/055). */
  statusNote?: string | null | undefined;
  /** When a postponed or rescheduled event was to start. */
  previousStartsAt?: Date | null | undefined;
  /** Price and places, when stated (src/lib/tickets.ts). */
  admission?: Tickets['admission'];
  priceMin?: number | null;
  priceMax?: number | null;
  currency?: string | null;
  availability?: Tickets['availability'];
  /** How the event repeats: written as one series (series-lines.ts). */
  recurrence?: Recurrence | null | undefined;
  /** The places of its dates held elsewhere than the series, by occurrence key (locations.ts). */
  datePlaces?: Readonly<Record<string, DateLocation>> | undefined;
}

/** Where one date of a series is held when it is not the series' place: its VEVENT's LOCATION and GEO. */
export interface DateLocation {
  /** The venue's name; null keeps the series' (a room moved within a place with no venue). */
  venueName: string | null;
  room: string | null;
  venueAddress: string | null;
  geo: { latitude: number; longitude: number } | null;
}

/**
 * RFC 5545 §3.8.1.11 offers TENTATIVE, CONFIRMED and CANCELLED. A postponed event's dates no longer
 * hold but it is not called off, which is what TENTATIVE says; a rescheduled one is confirmed at
 * its new dates (decision 029).
 */
const icsStatus: Record<EventStatus, string> = { scheduled: 'CONFIRMED', rescheduled: 'CONFIRMED', postponed: 'TENTATIVE', cancelled: 'CANCELLED' };

/**
 * The UID of an event in every feed and download: stable across edits and locales, and naming the
 * site's host (PUBLIC_SITE_URL) so two festivals on this product never share a UID in one calendar.
 */
export function eventUid(origin: string, id: number): string {
  return `event-${id}@${new URL(origin).hostname}`;
}

/** Zones whose times are written in UTC form (`…Z`): a VTIMEZONE for them would say nothing. */
const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu']);

/** The zone an event's times are written in, or null for UTC (also for a zone this runtime lacks). */
function zoneOf(event: CalendarEvent): string | null {
  return UTC_ZONES.has(event.timeZone) || !isKnownTimeZone(event.timeZone) ? null : event.timeZone;
}

/**
 * A time in the hour an autumn change repeats is written in UTC form: RFC 5545 reads such a local
 * time as its first occurrence, but ical.js and python `icalendar` both read the second, so a
 * 02:30 start would move an hour for one reader or the other. UTC form means one instant to all.
 */
function dateTimeLine(name: string, at: Date | readonly Date[], zone: string | null): string {
  const times = (Array.isArray(at) ? at : [at]) as readonly Date[];
  // One line holds one form: any time in the repeated hour puts the whole list in UTC form.
  const local = zone !== null && times.every((time) => !isRepeatedWallTime(time.getTime(), zone));
  const values = times.map((time) => (local ? formatLocalDateTime(time.getTime(), zone) : formatUtcDateTime(time.getTime())));
  return local ? `${name};TZID=${zone}:${values.join(',')}` : `${name}:${values.join(',')}`;
}

interface Written {
  event: CalendarEvent;
  series: SeriesLines | null;
}

/** One VTIMEZONE per zone used, covering the years its events span. */
function timeZoneLines(written: readonly Written[]): string[] {
  const spans = new Map<string, { first: number; last: number }>();
  for (const { event, series } of written) {
    const zone = zoneOf(event);
    if (!zone) continue;
    const span = spans.get(zone);
    const dates: readonly Pick<Occurrence, 'startsAt' | 'endsAt'>[] = series?.occurrences ?? [event];
    const start = Math.min(...dates.map((date) => date.startsAt.getTime()));
    const end = Math.max(...dates.map((date) => date.endsAt.getTime()));
    spans.set(zone, span ? { first: Math.min(span.first, start), last: Math.max(span.last, end) } : { first: start, last: end });
  }
  return [...spans.keys()].sort().flatMap((zone) => buildVTimezone(zone, spans.get(zone)!.first, spans.get(zone)!.last));
}

/** Lines a VEVENT carries besides the event's own: the series' rule, or the date it stands for. */
interface EventExtras {
  repeat?: string[];
  recurrenceId?: Date;
}

function eventLines(origin: string, locale: Locale, event: CalendarEvent, extras: EventExtras = {}): string[] {
  const t = getTranslator(locale);
  const status = event.eventStatus ?? 'scheduled';
  // Not every calendar shows STATUS; the title says it in words too.
  const title = titleWithStatus(locale, status, event.title);
  const url = absoluteUrl(origin, paths.event(locale, event.slug));
  const when = `${formatDateTimeRange(locale, event.timeZone, event.startsAt, event.endsAt)} (${formatTimeZoneName(locale, event.timeZone, event.startsAt)}, ${event.timeZone})`;
  const location = [event.venueName, event.room, event.venueAddress].filter(Boolean).join(', ') || (event.onlineUrl ? t('event.online') : '');
  const tickets = describeTickets(locale, t, event, !isCalledOff(status));
  // The first line says what happened, for calendars that show no STATUS (docs/decisions/055).
  const description = [
    statusNoticeLine(locale, { ...event, eventStatus: status }),
    event.summary,
    when,
    tickets ? t('tickets.line', { tickets }) : null,
    event.onlineUrl ? `${t('event.online')}: ${event.onlineUrl}` : null,
    url,
  ]
    .filter(Boolean)
    .join('\n\n');
  const zone = zoneOf(event);
  // DTSTAMP from the last edit keeps the file byte-stable while nothing changes.
  const stamp = formatUtcDateTime(event.updatedAt.getTime());
  return [
    'BEGIN:VEVENT',
    `UID:${eventUid(origin, event.id)}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    dateTimeLine('DTSTART', event.startsAt, zone),
    dateTimeLine('DTEND', event.endsAt, zone),
    ...(extras.recurrenceId ? [dateTimeLine('RECURRENCE-ID', extras.recurrenceId, zone)] : []),
    ...(extras.repeat ?? []),
    `SUMMARY:${escapeText(title)}`,
    `DESCRIPTION:${escapeText(description)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    ...(event.geo ? [`GEO:${event.geo.latitude.toFixed(6)};${event.geo.longitude.toFixed(6)}`] : []),
    // A URI value, not TEXT: built from paths and slugs, it holds no character needing escapes.
    `URL:${url}`,
    `STATUS:${icsStatus[status]}`,
    ...(event.tags?.length ? [`CATEGORIES:${escapeTextList(event.tags.map((tag) => tag.label))}`] : []),
    'END:VEVENT',
  ];
}

/** A date's own status, as its listing row shows it (event-dates.ts). */
function dateStatus(series: EventStatus, date: Occurrence): EventStatus {
  if (date.cancelled) return 'cancelled';
  return date.moved && series === 'scheduled' ? 'rescheduled' : series;
}

/** A date's own place, when it is held elsewhere than its series (nothing to change otherwise). */
function placeOf(event: CalendarEvent, date: Occurrence): Partial<CalendarEvent> {
  const place = date.place ? event.datePlaces?.[date.key] : undefined;
  return place ? { venueName: place.venueName ?? event.venueName, room: place.room, venueAddress: place.venueAddress, geo: place.geo } : {};
}

/**
 * A single event's VEVENT, or a series': its own with the rule, then one per cancelled or moved
 * date (same UID, RECURRENCE-ID where the rule put it, its own times, status and place).
 */
function writtenLines(origin: string, locale: Locale, { event, series }: Written): string[] {
  if (!series) return eventLines(origin, locale, event);
  return [
    ...eventLines(origin, locale, event, { repeat: series.rule }),
    ...series.exceptions.flatMap((date) =>
      eventLines(
        origin,
        locale,
        // A moved date's previous start is where the rule put it, not the series' own previous start.
        {
          ...event,
          ...placeOf(event, date),
          startsAt: date.startsAt,
          endsAt: date.endsAt,
          eventStatus: dateStatus(event.eventStatus ?? 'scheduled', date),
          previousStartsAt: null,
        },
        { recurrenceId: series.recurrenceIdOf(date) },
      ),
    ),
  ];
}

/** A VCALENDAR named `name` with the given events (none gives a valid, empty calendar). */
export function buildCalendar(origin: string, locale: Locale, name: string, events: readonly CalendarEvent[]): string {
  const written = events.map((event) => ({ event, series: buildSeriesLines(event, (property, at) => dateTimeLine(property, at, zoneOf(event))) }));
  return toIcsDocument([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Edition Hub//Programme//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(name)}`,
    `X-WR-CALNAME:${escapeText(name)}`,
    ...timeZoneLines(written),
    ...written.flatMap((item) => writtenLines(origin, locale, item)),
    'END:VCALENDAR',
  ]);
}

/** A safe download file name for a calendar: the slug plus `.ics`. */
export function calendarFileName(slug: string): string {
  return `${slug.replace(/[^a-z0-9-]/g, '') || 'calendar'}.ics`;
}
