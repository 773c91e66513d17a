/**
 * The events an embedded list shows (decision 027). A partner's page shows the first screenful
 * only, so a list of all dates (an edition's programme) starts where the hub's does: events still
 * to come or under way, soonest first, then past ones, most recent first. A list of upcoming or of
 * past events is the hub's own listing.
 */
import type { Executor } from '../../../db/client.ts';
import { listPublicEvents, type EventListItem, type EventListQuery } from './queries.ts';

/** The first `pageSize` events of an embedded view, and how many the whole view holds. */
export async function listEmbedEvents(db: Executor, query: EventListQuery & { pageSize: number }): Promise<{ items: EventListItem[]; total: number }> {
  if (query.when !== 'all') return listPublicEvents(db, { ...query, page: 1 });
  const upcoming = await listPublicEvents(db, { ...query, when: 'upcoming', page: 1 });
  const room = query.pageSize - upcoming.items.length;
  const past = await listPublicEvents(db, { ...query, when: 'past', page: 1, pageSize: Math.max(room, 1) });
  return { items: [...upcoming.items, ...(room > 0 ? past.items : [])], total: upcoming.total + past.total };
}
