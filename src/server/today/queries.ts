/**
 * The read model of "Now and next" (`/{locale}/hub/today`): the public events that could be on
 * today, whatever their edition (current editions and standalone events alike), sorted into now,
 * later today and tonight by src/lib/now-and-next.ts, and the instant the page next changes.
 */
import { and, asc, gt, gte, lt } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { buildToday, nextTodayChange, type Today } from '../../lib/now-and-next.ts';
import { withPhases, type EventPhase } from '../../lib/programme.ts';
import { inZone } from '../../lib/view-zone.ts';
import { buildEventFilter, selectEventItems, type EventListItem } from '../events/queries.ts';

const HOUR = 3_600_000;
/**
 * How far ahead today's events are read. A festival day ends at most 24 h after now, and the next
 * one (which may roll over before the page expires) 24 h after that.
 */
const HORIZON = 48 * HOUR;
/** Enough for the busiest two days of a large festival; the page lists them all. */
const MAX_EVENTS = 400;

export type TodayItem = EventListItem & { phase: EventPhase };

export interface TodayPage extends Today<TodayItem> {
  /** When an event on (or about to enter) the page starts or ends, or a festival day rolls over. */
  changesAt: Date | null;
}

/**
 * Today's events at `now`, their times and days in `zone` (the visitor's) or, when null, each in
 * its own zone. When nothing is on and nothing is left today, the next day with events.
 */
export async function getTodayPage(db: Executor, { locale, now, zone }: { locale: Locale; now: Date; zone: string | null }): Promise<TodayPage> {
  const order = [asc(events.startsAt), asc(events.id)];
  const upcoming = await buildEventFilter(db, { now, when: 'upcoming' });
  const around = await selectEventItems(db, locale, now, and(upcoming, lt(events.startsAt, new Date(now.getTime() + HORIZON)))!, order, MAX_EVENTS);
  const collator = new Intl.Collator(locale);
  let considered = withPhases(inZone(around, zone), now);
  let today = buildToday(considered, now, collator);
  const nothingToday = today.now.length + today.next.length + today.tonight.length === 0;
  if (nothingToday) {
    // The next event, however far, and what follows it: buildToday keeps those of its day (in
    // each event's zone, so two days after it covers every zone's reading of that day).
    const [first] = await selectEventItems(db, locale, now, and(upcoming, gt(events.startsAt, now))!, order, 1);
    if (first) {
      const sameDay = and(upcoming, gte(events.startsAt, first.startsAt), lt(events.startsAt, new Date(first.startsAt.getTime() + HORIZON)))!;
      considered = withPhases(inZone(await selectEventItems(db, locale, now, sameDay, order, MAX_EVENTS), zone), now);
      today = buildToday(considered, now, collator);
    }
  }
  const zones = zone ? [zone] : considered.map((event) => event.timeZone);
  return { ...today, changesAt: nextTodayChange(considered, zones, now) };
}
