/**
 * "Today" where a programme happens: its date and the instant it ends, so a page that opens on
 * today can expire at the next midnight of that zone. Pure: `now` is always passed in.
 */
import { nextDateKey, startOfLocalDay, toLocalDateKey } from './dates.ts';

export interface LocalToday {
  /** Today's date (YYYY-MM-DD) in the zone. */
  dateKey: string;
  /** The next midnight in the zone, when today's date changes. */
  endsAt: Date;
}

/** Today's date in `timeZone` at `now`, and when it ends. */
export function todayInZone(timeZone: string, now: Date): LocalToday {
  const dateKey = toLocalDateKey(timeZone, now);
  return { dateKey, endsAt: startOfLocalDay(timeZone, nextDateKey(dateKey)) };
}

/** The earlier of two instants, either of which may be missing. */
export function earliestOf(first: Date | null, second: Date | null): Date | null {
  if (!first) return second;
  if (!second) return first;
  return first < second ? first : second;
}
