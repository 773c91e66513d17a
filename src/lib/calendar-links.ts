/**
 * "Add to Google Calendar" and "Add to Outlook" links of one event: prefilled compose pages of
 * those services, so a visitor whose calendar lives there needs no file download (decision 041).
 * Both keep the event's own zone: Google reads UTC times shown in `ctz`, Outlook reads local
 * times carrying their offset.
 */
import { wallParts, zoneOffsetMs } from './zoned-time.ts';

export interface CalendarLinkEvent {
  title: string;
  startsAt: Date;
  /** Null for an event with no announced end: the links give it an hour. */
  endsAt: Date | null;
  /** IANA zone the event is announced in. */
  timeZone: string;
  /** A line or two about the event, before the page's address. */
  summary?: string | null | undefined;
  /** Venue name, room and address as one line; empty for an online-only event. */
  place?: string | null | undefined;
  onlineUrl?: string | null | undefined;
  /** The event page's absolute URL, so the calendar entry leads back to it. */
  pageUrl: string;
}

/** What an event page knows of its event, from which the links are made. */
export interface EventCalendarFacts {
  title: string;
  startsAt: Date;
  endsAt: Date | null;
  timeZone: string;
  summary: string | null;
  venueName: string | null;
  room: string | null;
  venueAddress: string | null;
  onlineUrl: string | null;
}

/** The links' view of an event page's event, `pageUrl` being the page's absolute URL. */
export function toCalendarLinkEvent(event: EventCalendarFacts, pageUrl: string): CalendarLinkEvent {
  const place = [event.venueName, event.room, event.venueAddress].filter((part) => part?.trim()).join(', ');
  return {
    title: event.title,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    timeZone: event.timeZone,
    summary: event.summary,
    place,
    onlineUrl: event.onlineUrl,
    pageUrl,
  };
}

/** The length given to an event without an end: calendars need one, and an hour is the usual default. */
export const DEFAULT_DURATION_MS = 60 * 60 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYYMMDDTHHMMSSZ`, the UTC form Google's `dates` parameter reads. */
export function toGoogleUtc(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** `YYYY-MM-DDTHH:mm:ss±hh:mm`: the wall time in `zone` with its offset, which Outlook keeps. */
export function toOffsetIso(at: Date, zone: string): string {
  const ms = at.getTime();
  const p = wallParts(ms, zone);
  const offsetMinutes = Math.round(zoneOffsetMs(ms, zone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const date = `${pad(p['year']!, 4)}-${pad(p['month']!)}-${pad(p['day']!)}`;
  const time = `${pad(p['hour']!)}:${pad(p['minute']!)}:${pad(p['second']!)}`;
  return `${date}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Where the calendar entry says the event is: the place, else (online only) its link. */
function locationOf(event: CalendarLinkEvent): string {
  return event.place?.trim() || event.onlineUrl || '';
}

/** The entry's description: the summary, the online link when the place is a venue, the page. */
function detailsOf(event: CalendarLinkEvent): string {
  const online = event.place?.trim() && event.onlineUrl ? event.onlineUrl : '';
  return [event.summary?.trim(), online, event.pageUrl].filter(Boolean).join('\n\n');
}

function endOf(event: CalendarLinkEvent): Date {
  return event.endsAt ?? new Date(event.startsAt.getTime() + DEFAULT_DURATION_MS);
}

/** Google Calendar's event template, in the event's zone. */
export function googleCalendarUrl(event: CalendarLinkEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${toGoogleUtc(event.startsAt)}/${toGoogleUtc(endOf(event))}`,
    details: detailsOf(event),
    location: locationOf(event),
    ctz: event.timeZone,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

/**
 * Outlook on the web's compose page for personal (Microsoft account) calendars, which is what a
 * festival-goer most often has; work accounts (outlook.office.com) take the .ics beside it.
 */
export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: toOffsetIso(event.startsAt, event.timeZone),
    enddt: toOffsetIso(endOf(event), event.timeZone),
    body: detailsOf(event),
    location: locationOf(event),
  });
  return `https://outlook.live.com/calendar/0/action/compose?${params}`;
}
