/**
 * iCalendar (.ics) output with the `ics` library. Times are written in UTC (`…Z`), which every
 * calendar converts to the reader's zone; the event's own IANA zone is named in the description.
 * UIDs derive from database ids, so an event keeps its UID when renamed or re-slugged.
 */
import { createEvents, type EventAttributes } from 'ics';
import type { Locale } from '../../i18n/config.ts';
import { getTranslator } from '../../i18n/index.ts';
import { formatDateTimeRange, formatTimeZoneName } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { absoluteUrl } from '../seo/site.ts';

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
  onlineUrl: string | null;
  updatedAt: Date;
  tags?: { label: string }[];
}

/** The UID of an event in every feed and download: stable across edits and locales. */
export function eventUid(id: number): string {
  return `event-${id}@edition-hub`;
}

function toAttributes(origin: string, locale: Locale, event: CalendarEvent): EventAttributes {
  const t = getTranslator(locale);
  const url = absoluteUrl(origin, paths.event(locale, event.slug));
  const when = `${formatDateTimeRange(locale, event.timeZone, event.startsAt, event.endsAt)} (${formatTimeZoneName(locale, event.timeZone, event.startsAt)}, ${event.timeZone})`;
  const location = [event.venueName, event.venueAddress].filter(Boolean).join(', ') || (event.onlineUrl ? t('event.online') : undefined);
  const description = [event.summary, when, event.onlineUrl ? `${t('event.online')}: ${event.onlineUrl}` : null, url].filter(Boolean).join('\n\n');
  return {
    uid: eventUid(event.id),
    title: event.title,
    description,
    start: event.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    ...(location ? { location } : {}),
    url,
    status: 'CONFIRMED',
    ...(event.tags?.length ? { categories: event.tags.map((tag) => tag.label.replace(/,/g, ' ')) } : {}),
    lastModified: event.updatedAt.getTime(),
    // DTSTAMP from the last edit keeps the file byte-stable while nothing changes.
    timestamp: event.updatedAt.getTime(),
  } as EventAttributes;
}

/** A VCALENDAR with the given events; throws only on a programming error (invalid attributes). */
export function buildCalendar(origin: string, locale: Locale, name: string, events: readonly CalendarEvent[]): string {
  const { error, value } = createEvents(
    events.map((event) => toAttributes(origin, locale, event)),
    { productId: '-//Edition Hub//Programme//EN', calName: name, method: 'PUBLISH' },
  );
  if (error || value === null) throw error ?? new Error('ics produced no output');
  return value;
}

/** A safe download file name for a calendar: the slug plus `.ics`. */
export function calendarFileName(slug: string): string {
  return `${slug.replace(/[^a-z0-9-]/g, '') || 'calendar'}.ics`;
}
