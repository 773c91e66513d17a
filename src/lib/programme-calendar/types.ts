/** The programme calendar's data as `GET /api/admin/programme` answers it (docs/decisions/062). */
import type { Clash } from './clashes.ts';

/** One event as the calendar shows it. */
export interface ProgrammeEvent {
  id: number;
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
