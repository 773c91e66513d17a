/** How the programme calendar writes days, times and clashes, in the edition's zone. */
import type { ProgrammeCalendar, ProgrammeEvent } from '../../../lib/programme-calendar/types.ts';
import type { Clash } from '../../../lib/programme-calendar/clashes.ts';
import type { AdminT } from '../lib/translate.ts';

/** Formatters of one calendar: times in `zone`, day labels of `YYYY-MM-DD` keys. */
export function calendarFormat(locale: string, zone: string) {
  // 24-hour times in every locale: a timetable's axis reads 18:00, and its cards must match it.
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
  return {
    time: (ms: number) => time.format(ms),
    range: (from: number, until: number) => `${time.format(from)}–${time.format(until)}`,
    day: (key: string) => day.format(Date.parse(`${key}T12:00:00Z`)),
    /** A time in another zone, for an event kept in its own. */
    timeIn: (ms: number, other: string) =>
      new Intl.DateTimeFormat(locale, { timeZone: other, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms),
  };
}

export type CalendarFormat = ReturnType<typeof calendarFormat>;

/** The name of a clash's venue, curator or organizer. */
export function clashSubject(calendar: ProgrammeCalendar, clash: Clash, t: AdminT): string {
  if (clash.kind === 'venue') {
    const venue = calendar.venues.find((candidate) => candidate.id === clash.subjectId)?.name ?? t('admin.programme.venue.none');
    return clash.room ? `${venue} — ${clash.room}` : venue;
  }
  const names = clash.kind === 'curator' ? calendar.people.curators : calendar.people.organizers;
  return names[clash.subjectId] ?? `#${clash.subjectId}`;
}

/** The venue's name of an event, or "No venue". */
export function venueName(calendar: ProgrammeCalendar, event: Pick<ProgrammeEvent, 'venueId'>, t: AdminT): string {
  return calendar.venues.find((venue) => venue.id === event.venueId)?.name ?? t('admin.programme.venue.none');
}
