/**
 * An edition's public programme as a conference schedule (days, rooms, events, persons), in the
 * shape both exchange formats share (frab's schedule.xml and its JSON twin). Pure: the same
 * edition data always gives the same schedule, so an importer can read an export back and a
 * test can check it without a server. See docs/decisions/033-schedule-exports.md.
 */
import type { Locale } from '../../i18n/config.ts';
import type { EventStatus } from '../../lib/event-status.ts';
import { paths } from '../../lib/paths.ts';
import { scheduleColumnOf } from '../../lib/programme.ts';
import type { Tickets } from '../../lib/tickets.ts';
import { statusNoticeLine } from '../events/status-notice.ts';
import { titleWithStatus } from '../events/status-title.ts';
import { absoluteUrl } from '../config/site-origin.ts';
import type { EventExtras } from './extras.ts';
import type { Recurrence } from '../../lib/recurrence.ts';
import { scheduleGuid } from './guid.ts';
import { dayBoundsOf, formatDuration, formatLocalTime, formatZonedDateTime, scheduleDayOf, safeZone } from './times.ts';

/** A person named on an event: one of its curators or organizers. */
export interface SchedulePersonSource {
  kind: 'curator' | 'organizer';
  id: number;
  slug: string;
  name: string;
}

/** One public event of the edition, as the exporter needs it. */
export interface ScheduleEventSource {
  id: number;
  /** The event's stored GUID; events not yet given one export their name-based GUID. */
  guid?: string | null | undefined;
  slug: string;
  title: string;
  /** The language the title and summary are written in (a fallback may differ from the locale). */
  titleLocale: Locale;
  summary: string | null;
  /** The description (Markdown) in the export's locale, else the default locale's. */
  body?: string | null | undefined;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  venueName: string | null;
  /** Rooms are keyed by venue, not by its name: the same in every locale. */
  venueId?: number | null | undefined;
  /** A free-text place's name in the default locale: its room's key in every locale's export. */
  placeKeyName?: string | null | undefined;
  room?: string | null | undefined;
  onlineUrl: string | null;
  registrationUrl: string | null;
  eventStatus: EventStatus;
  /** Why it was cancelled, postponed or moved (decision 055), in the export's locale or a fallback. */
  statusNote?: string | null | undefined;
  /** When it was to start before it was postponed or moved. */
  previousStartsAt?: Date | null | undefined;
  updatedAt: Date;
  tags: readonly { label: string; slug?: string | undefined; labelLocale?: Locale | undefined }[];
  persons: readonly SchedulePersonSource[];
  /** Price and places (decision 046), carried in the extras. */
  admission?: Tickets['admission'] | undefined;
  priceMin?: number | null | undefined;
  priceMax?: number | null | undefined;
  currency?: string | null | undefined;
  availability?: Tickets['availability'] | undefined;
  /** A repeating event's rule, on its first date (the series' own row). */
  recurrence?: Recurrence | null | undefined;
  /** On a later date of a repeating event: the series' GUID. */
  seriesGuid?: string | null | undefined;
}

/** Everything an export is made of: the edition, its public events, and the words in its locale. */
export interface ScheduleSource {
  /** The configured site origin (never the request's Host: exports are cached for everyone). */
  origin: string;
  locale: Locale;
  edition: { id: number; slug: string; title: string; startsAt: Date; endsAt: Date; timeZone: string; updatedAt: Date };
  events: readonly ScheduleEventSource[];
  /** Room names for events without a venue, and link titles, in the export's locale. */
  labels: { online: string; unannounced: string; registration: string; joinOnline: string; eventPage: string };
}

export interface ScheduleRoom {
  name: string;
  guid: string;
}

export interface SchedulePerson {
  guid: string;
  name: string;
  url: string;
}

export interface ScheduleLink {
  url: string;
  title: string;
}

export interface ScheduleEvent {
  id: number;
  guid: string;
  /** `<acronym>-<id>-<event slug>`: unique, and the shape the schemas ask for. */
  slug: string;
  title: string;
  /** Start with the offset of the event's zone (`2031-03-05T18:30:00+01:00`). */
  date: string;
  end: string;
  /**
   * Local start time in the schedule's declared zone (`time_zone_name`, the edition's), which is
   * where apps place an event by it; `date` keeps the event's own offset (`18:30`).
   */
  start: string;
  /** `HH:MM`. */
  duration: string;
  room: string;
  track: string | null;
  type: string;
  language: Locale;
  abstract: string | null;
  /** The whole description, so an export carries more than the one-line summary. */
  description: string | null;
  url: string;
  persons: SchedulePerson[];
  links: ScheduleLink[];
  /** What the formats have no field for (extras.ts), so our own export imports without loss. */
  extras: EventExtras;
}

export interface ScheduleDay {
  /** 1-based. */
  index: number;
  date: string;
  /** The day runs from `start` (the day change, 04:00 local) to the next day's change. */
  start: string;
  end: string;
  rooms: { room: ScheduleRoom; events: ScheduleEvent[] }[];
}

export interface Schedule {
  /** Changes whenever the edition or one of its events is saved. */
  version: string;
  xmlUrl: string;
  jsonUrl: string;
  baseUrl: string;
  conference: {
    acronym: string;
    title: string;
    /** First and last day (YYYY-MM-DD). */
    start: string;
    end: string;
    daysCount: number;
    timeZone: string;
    url: string;
    tracks: string[];
    rooms: ScheduleRoom[];
  };
  days: ScheduleDay[];
}

/** Grid step apps draw timetables on. */
export const TIMESLOT_DURATION = '00:15';

/** Event type: the programme has no talk/workshop distinction, and `other` is frab's catch-all. */
const EVENT_TYPE = 'other';

/**
 * The conference acronym the schemas accept (lowercase letters, digits and `_`, at least four
 * characters) made from the edition slug: `spring-2031` → `spring_2031`.
 */
export function acronymOf(editionSlug: string): string {
  return editionSlug.replace(/[^a-z0-9]/g, '_').padEnd(4, '_');
}

function eventSlugOf(acronym: string, event: ScheduleEventSource): string {
  const tail = `${event.id}-${event.slug.replace(/[^a-z0-9]+$/, '')}`;
  return `${acronym}-${tail.padStart(4, '0')}`;
}

const publicUrl = (origin: string, path: string) => absoluteUrl(origin, path);

/** Cancelled and postponed events offer no registration (decision 029). */
const takesRegistrations = (status: EventStatus) => status === 'scheduled' || status === 'rescheduled';

/** The event's extras: its zone, tags, people by role, links, price and places. */
function extrasOf(event: ScheduleEventSource, registrationUrl: string | null): EventExtras {
  const namesOf = (kind: SchedulePersonSource['kind']) => event.persons.filter((person) => person.kind === kind).map((person) => person.name);
  const place = event.venueId ? event.venueName : (event.placeKeyName ?? event.venueName);
  return {
    timeZone: event.timeZone,
    // The place's one name (a venue's, a free-text place's default-locale one), for every locale.
    venue: place?.trim() || null,
    room: event.room?.trim() || null,
    tags: event.tags.map((tag) => ({ slug: tag.slug ?? '', label: tag.label, ...(tag.labelLocale ? { locale: tag.labelLocale } : {}) })),
    curators: namesOf('curator'),
    organizers: namesOf('organizer'),
    registrationUrl,
    onlineUrl: event.onlineUrl,
    admission: event.admission ?? null,
    priceMin: event.priceMin ?? null,
    priceMax: event.priceMax ?? null,
    currency: event.currency ?? null,
    availability: event.availability ?? null,
    ...(event.recurrence ? { recurrence: event.recurrence } : {}),
    ...(event.seriesGuid ? { series: event.seriesGuid } : {}),
  };
}

/**
 * The abstract: a called-off or moved event's notice ("Cancelled: <reason>", "Rescheduled from …
 * to …", in the event's zone) first, then the summary. Neither format has a status field, and the
 * abstract is what apps show under the title, so the reason reaches the people who follow them.
 */
function abstractOf(locale: Locale, event: ScheduleEventSource): string | null {
  const notice = statusNoticeLine(locale, event);
  if (!notice) return event.summary;
  return event.summary?.trim() ? `${notice}\n\n${event.summary}` : notice;
}

function toScheduleEvent(source: ScheduleSource, acronym: string, room: ScheduleRoom, event: ScheduleEventSource): ScheduleEvent {
  const { origin, locale, labels } = source;
  const zone = safeZone(event.timeZone);
  const url = publicUrl(origin, paths.event(locale, event.slug));
  const links: ScheduleLink[] = [{ url, title: labels.eventPage }];
  const registrationUrl = event.registrationUrl && takesRegistrations(event.eventStatus) ? event.registrationUrl : null;
  if (registrationUrl) links.push({ url: registrationUrl, title: labels.registration });
  if (event.onlineUrl) links.push({ url: event.onlineUrl, title: labels.joinOnline });
  return {
    id: event.id,
    guid: event.guid ?? scheduleGuid('event', event.id),
    slug: eventSlugOf(acronym, event),
    title: titleWithStatus(locale, event.eventStatus, event.title),
    date: formatZonedDateTime(event.startsAt.getTime(), zone),
    end: formatZonedDateTime(event.endsAt.getTime(), zone),
    start: formatLocalTime(event.startsAt.getTime(), safeZone(source.edition.timeZone)),
    duration: formatDuration(event.endsAt.getTime() - event.startsAt.getTime()),
    room: room.name,
    track: event.tags[0]?.label ?? null,
    type: EVENT_TYPE,
    language: event.titleLocale,
    abstract: abstractOf(locale, event),
    description: event.body ?? null,
    url,
    persons: event.persons.map((person) => ({
      guid: scheduleGuid(person.kind, person.id),
      name: person.name,
      url: publicUrl(origin, paths[person.kind](locale, person.slug)),
    })),
    links,
    extras: extrasOf(event, registrationUrl),
  };
}

const fold = (text: string) => text.trim().normalize('NFC').toLocaleLowerCase('und');

/**
 * The room of an event: its venue (and room), else online, else "venue to be announced". Its key
 * (and GUID) is the venue's id and the room (a free-text place's default-locale name), never the
 * name in the export's language: a free-text place is written per locale, and a renamed venue is
 * the same room, so every locale's export gives a room the same GUID.
 */
function roomOf(source: ScheduleSource, event: ScheduleEventSource): { key: string; room: ScheduleRoom } {
  const column = scheduleColumnOf(event);
  const name = column.kind === 'venue' ? column.label! : column.kind === 'online' ? source.labels.online : source.labels.unannounced;
  const key =
    column.kind !== 'venue'
      ? column.key
      : event.venueId
        ? `venue:#${event.venueId}${event.room?.trim() ? `\u0000${fold(event.room)}` : ''}`
        : scheduleColumnOf({ ...event, venueName: event.placeKeyName ?? event.venueName }).key;
  return { key, room: { name, guid: scheduleGuid('room', key) } };
}

const kindRank = (key: string) => (key.startsWith('venue:') ? 0 : key === 'online' ? 1 : 2);

/** Every date key from `first` to `last` inclusive. */
function dateKeysBetween(first: string, last: string): string[] {
  const keys: string[] = [];
  for (let ms = Date.parse(`${first}T00:00:00Z`); ms <= Date.parse(`${last}T00:00:00Z`); ms += 86_400_000) keys.push(new Date(ms).toISOString().slice(0, 10));
  return keys;
}

/**
 * The schedule of an edition: one day per date from the edition's first to its last (and any
 * day an event falls outside them), each from the day change in the edition's zone; rooms in the
 * order they first appear (venues, then online, then unannounced); events by start time.
 */
export function buildSchedule(source: ScheduleSource): Schedule {
  const { origin, locale, edition } = source;
  const zone = safeZone(edition.timeZone);
  const acronym = acronymOf(edition.slug);
  const events = [...source.events].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);

  const rooms = new Map<string, ScheduleRoom>();
  const placed = events.map((event) => {
    const { key, room } = roomOf(source, event);
    if (!rooms.has(key)) rooms.set(key, room);
    return { key, event: toScheduleEvent(source, acronym, rooms.get(key)!, event), day: scheduleDayOf(event.startsAt.getTime(), zone) };
  });
  const roomOrder = [...rooms.keys()].sort((a, b) => kindRank(a) - kindRank(b));

  const editionFirst = scheduleDayOf(edition.startsAt.getTime(), zone, { dayChange: false });
  // Edition dates are calendar dates (an edition "1–31 March" ends at midnight on the 31st).
  const editionLast = scheduleDayOf(edition.endsAt.getTime(), zone, { dayChange: false });
  const eventDays = placed.map((item) => item.day).sort();
  const first = [editionFirst, eventDays[0] ?? editionFirst].sort()[0]!;
  const last = [editionLast < editionFirst ? editionFirst : editionLast, eventDays.at(-1) ?? editionFirst].sort().at(-1)!;

  const days = dateKeysBetween(first, last).map((date, position): ScheduleDay => {
    const bounds = dayBoundsOf(date, zone);
    const onDay = placed.filter((item) => item.day === date);
    return {
      index: position + 1,
      date,
      start: formatZonedDateTime(bounds.start, zone),
      end: formatZonedDateTime(bounds.end, zone),
      rooms: roomOrder.flatMap((key) => {
        const inRoom = onDay.filter((item) => item.key === key).map((item) => item.event);
        return inRoom.length ? [{ room: rooms.get(key)!, events: inRoom }] : [];
      }),
    };
  });

  const updated = Math.max(edition.updatedAt.getTime(), ...events.map((event) => event.updatedAt.getTime()));
  return {
    version: new Date(updated).toISOString(),
    xmlUrl: publicUrl(origin, paths.editionScheduleExport(locale, edition.slug, 'xml')),
    jsonUrl: publicUrl(origin, paths.editionScheduleExport(locale, edition.slug, 'json')),
    baseUrl: `${origin}/`,
    conference: {
      acronym,
      title: edition.title,
      start: first,
      end: last,
      daysCount: days.length,
      timeZone: zone,
      url: publicUrl(origin, paths.edition(locale, edition.slug)),
      tracks: [...new Set(events.flatMap((event) => event.tags.map((tag) => tag.label)))],
      rooms: roomOrder.map((key) => rooms.get(key)!),
    },
    days,
  };
}
