/** The events of a personal agenda: those of the given ids that are public now, soonest first. */
import { and, asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { MAX_AGENDA_EVENTS } from '../../lib/agenda.ts';
import { selectEventItems, type EventListItem } from '../events/queries.ts';
import { isPubliclyVisible } from '../events/visibility.ts';

/**
 * Ids that name nothing public (a deleted or unpublished event, a stale star) are left out
 * without error: an agenda saved weeks ago must still open.
 */
export async function listAgendaEvents(db: Executor, locale: Locale, now: Date, ids: readonly number[]): Promise<EventListItem[]> {
  if (ids.length === 0) return [];
  const where = and(isPubliclyVisible(events, now), inArray(events.id, [...ids]))!;
  return selectEventItems(db, locale, now, where, [asc(events.startsAt), asc(events.id)], MAX_AGENDA_EVENTS);
}
