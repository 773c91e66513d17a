/** Read models of events for the public hub. */
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import { editionTranslations, editions, eventTranslations, events } from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { isPubliclyVisible } from './visibility.ts';

export type EventTimeFilter = 'upcoming' | 'past' | 'all';

export interface EventListQuery {
  locale: Locale;
  now: Date;
  when?: EventTimeFilter;
  page?: number;
  pageSize?: number;
}

export interface EventListItem {
  id: number;
  slug: string;
  title: string;
  titleLocale: Locale;
  summary: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  venueName: string | null;
  onlineUrl: string | null;
  editionSlug: string | null;
  editionTitle: string | null;
}

/** Published events for the hub listing: upcoming first (soonest first), past newest first. */
export async function listPublicEvents(db: Executor, query: EventListQuery) {
  const { locale, now, when = 'upcoming', page = 1, pageSize = 24 } = query;
  const own = alias(eventTranslations, 'own');
  const fallback = alias(eventTranslations, 'fallback');
  const edOwn = alias(editionTranslations, 'ed_own');
  const edFallback = alias(editionTranslations, 'ed_fallback');
  const visible = isPubliclyVisible(events, now);
  const where =
    when === 'upcoming' ? and(visible, gte(events.endsAt, now)) : when === 'past' ? and(visible, lt(events.endsAt, now)) : visible;
  const order = when === 'past' ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)];
  const rows = await db
    .select({
      id: events.id,
      slug: events.slug,
      title: sql<string>`coalesce(${own.title}, ${fallback.title})`,
      translated: sql<number>`${own.eventId} IS NOT NULL`,
      summary: sql<string | null>`coalesce(${own.summary}, ${fallback.summary})`,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
      venueName: sql<string | null>`coalesce(${own.venueName}, ${fallback.venueName})`,
      onlineUrl: events.onlineUrl,
      editionSlug: editions.slug,
      editionTitle: sql<string | null>`coalesce(${edOwn.title}, ${edFallback.title})`,
    })
    .from(events)
    .leftJoin(own, and(eq(own.eventId, events.id), eq(own.locale, locale)))
    .leftJoin(fallback, and(eq(fallback.eventId, events.id), eq(fallback.locale, defaultLocale)))
    .leftJoin(editions, eq(editions.id, events.editionId))
    .leftJoin(edOwn, and(eq(edOwn.editionId, editions.id), eq(edOwn.locale, locale)))
    .leftJoin(edFallback, and(eq(edFallback.editionId, editions.id), eq(edFallback.locale, defaultLocale)))
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ value: count() }).from(events).where(where);
  const items: EventListItem[] = rows.map(({ translated, ...row }) => ({
    ...row,
    titleLocale: translated ? locale : defaultLocale,
  }));
  return { items, total: total?.value ?? 0, page, pageSize };
}
