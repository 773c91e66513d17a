/**
 * The two lists a venue's or a person's page shows: the next events (soonest first) and the latest
 * past ones (newest first). Each is short, so the page stays readable and cheap to render, and each
 * condition comes from the hub's filters (bounded by start time) so its query range-scans an index
 * from now instead of walking the whole history of a busy venue or person.
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { selectEventItems, type EventListItem } from './queries.ts';

/** Upcoming events listed on a venue's or person's page. */
export const UPCOMING_LISTED = 50;
/** Past events listed on a venue's or person's page (the most recent ones). */
export const PAST_LISTED = 20;

export interface UpcomingAndPast {
  upcoming: EventListItem[];
  past: EventListItem[];
  /** There are more events on that side than listed. */
  moreUpcoming: boolean;
  morePast: boolean;
}

/** The listed upcoming and past events matching the condition `whereFor` gives for each side. */
export async function selectUpcomingAndPast(
  db: Executor,
  locale: Locale,
  now: Date,
  whereFor: (when: 'upcoming' | 'past') => Promise<SQL>,
): Promise<UpcomingAndPast> {
  const [upcomingWhere, pastWhere] = await Promise.all([whereFor('upcoming'), whereFor('past')]);
  // One row beyond each list tells whether there are more, without counting them all.
  const [upcoming, past] = await Promise.all([
    selectEventItems(db, locale, now, upcomingWhere, [asc(events.startsAt), asc(events.id)], UPCOMING_LISTED + 1),
    selectEventItems(db, locale, now, pastWhere, [desc(events.startsAt), desc(events.id)], PAST_LISTED + 1),
  ]);
  return {
    upcoming: upcoming.slice(0, UPCOMING_LISTED),
    past: past.slice(0, PAST_LISTED),
    moreUpcoming: upcoming.length > UPCOMING_LISTED,
    morePast: past.length > PAST_LISTED,
  };
}
