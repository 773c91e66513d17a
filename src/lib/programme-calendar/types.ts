/** The programme calendar's data as `GET /api/admin/programme` answers it (docs/decisions/062). */
import type { Clash } from './clashes.ts';

/** One event as the calendar shows it. */
export interface ProgrammeEvent {
  /** The row's id: a repeating event's later dates are rows of their own (docs/decisions/049). */
  id: number;
  /** For a later date of a repeating event: its series (whose form edits it), else null. */
  seriesId: number | null;
  /** For a later date: the wall time its rule gives it (the key of its exception), else null. */
  occurrenceKey: string | null;
  title: string;
  startsAt: string;
  endsAt: string;
  /** The event's own zone (the calendar shows the edition's). */
  timeZone: string;
  venueId: number | null;
  room: string | null;
  online: boolean;
  status: string;
  eventStatus: string;
  /** The live item's version: a move states it (409 when someone saved since). */
  version: number;
  /** The working copy shown instead of the live item, with its own version; null without one. */
  draft: { version: number } | null;
  /** The event repeats (true on the series and on each of its dates). */
  repeats: boolean;
  curatorIds: number[];
  organizerIds: number[];
}

/** One edition's calendar. */
export interface ProgrammeCalendar {
  edition: { id: number; title: string; timeZone: string; startsAt: string; endsAt: string; days: string[] };
  editions: { id: number; title: string }[];
  venues: { id: number; name: string }[];
  people: { curators: Record<number, string>; organizers: Record<number, string> };
  events: ProgrammeEvent[];
  clashes: Clash[];
}
