/**
 * Whether an event's dates fall inside its edition's, judged by calendar dates in the edition's
 * zone: an edition "1–31 March" ends at midnight on the 31st, and an evening event that day is
 * still inside it. Pure: the event form warns with it (decision 029).
 */
import { toLocalDateKey } from './dates.ts';

export interface DatedRange {
  startsAt: Date;
  endsAt: Date;
}

/** True when the event starts before the edition's first day or ends after its last. */
export function isOutsideEdition(event: DatedRange, edition: DatedRange & { timeZone: string }): boolean {
  const day = (at: Date) => toLocalDateKey(edition.timeZone, at);
  return day(event.startsAt) < day(edition.startsAt) || day(event.endsAt) > day(edition.endsAt);
}
