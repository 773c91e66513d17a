/**
 * Reads what an edition's schedule export is made of: the public edition, every public event in
 * it (not only the first page's worth), their registration links and their people. Returns the
 * cache tags of all of it, so any write that changes the export purges it.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import { curators, eventCurators, eventOrganizers, eventTranslations, events, organizers } from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { getTranslator } from '../../i18n/index.ts';
import { getEditionPage } from '../editions/queries.ts';
import { selectEventItems } from '../events/queries.ts';
import { isPubliclyVisible } from '../events/visibility.ts';
import { editionPageTags } from '../hub/page-tags.ts';
import { hubTags } from '../page-cache/tags.ts';
import type { ScheduleSource, SchedulePersonSource } from './model.ts';

const seriesGuid = alias(events, 'series');

/** The most events one export lists (far beyond any festival; bounds the work of one request). */
export const SCHEDULE_EXPORT_EVENTS = 5000;

async function loadPersons(db: Executor, eventIds: number[]): Promise<Map<number, SchedulePersonSource[]>> {
  const [curatorRows, organizerRows] = await Promise.all([
    db
      .select({ eventId: eventCurators.eventId, id: curators.id, slug: curators.slug, name: curators.name })
      .from(eventCurators)
      .innerJoin(curators, eq(curators.id, eventCurators.curatorId))
      .where(inArray(eventCurators.eventId, eventIds))
      .orderBy(asc(eventCurators.position), asc(curators.id)),
    db
      .select({ eventId: eventOrganizers.eventId, id: organizers.id, slug: organizers.slug, name: organizers.name })
      .from(eventOrganizers)
      .innerJoin(organizers, eq(organizers.id, eventOrganizers.organizerId))
      .where(inArray(eventOrganizers.eventId, eventIds))
      .orderBy(asc(eventOrganizers.position), asc(organizers.id)),
  ]);
  const byEvent = new Map<number, SchedulePersonSource[]>();
  const add = (kind: SchedulePersonSource['kind']) => (row: { eventId: number } & Omit<SchedulePersonSource, 'kind'>) => {
    const { eventId, ...person } = row;
    byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), { kind, ...person }]);
  };
  curatorRows.forEach(add('curator'));
  organizerRows.forEach(add('organizer'));
  return byEvent;
}

/**
 * Each event's description in `locale`, else in the default locale (as titles and summaries fall
 * back), and the default locale's name of a free-text place (its room's key in every locale).
 */
async function loadBodies(db: Executor, ids: readonly number[], locale: Locale): Promise<{ bodies: Map<number, string>; places: Map<number, string> }> {
  const rows = await db
    .select({ id: eventTranslations.eventId, locale: eventTranslations.locale, body: eventTranslations.body, venueName: eventTranslations.venueName })
    .from(eventTranslations)
    .where(and(inArray(eventTranslations.eventId, [...ids]), inArray(eventTranslations.locale, [...new Set([locale, defaultLocale])])));
  const bodies = new Map<number, string>();
  const places = new Map<number, string>();
  for (const row of rows) {
    if (row.body?.trim() && (row.locale === locale || !bodies.has(row.id))) bodies.set(row.id, row.body);
    if (row.locale === defaultLocale && row.venueName?.trim()) places.set(row.id, row.venueName);
  }
  return { bodies, places };
}

/** The export's data and cache tags, or undefined when the edition is unknown or not public. */
export async function loadScheduleSource(
  db: Executor,
  lookup: { slug: string; locale: Locale; now: Date; origin: string },
): Promise<{ source: ScheduleSource; tags: string[] } | undefined> {
  const { locale, now, origin } = lookup;
  const edition = await getEditionPage(db, lookup);
  if (!edition) return undefined;
  const items = await selectEventItems(
    db,
    locale,
    now,
    and(eq(events.editionId, edition.id), isPubliclyVisible(events, now))!,
    [asc(events.startsAt), asc(events.id)],
    SCHEDULE_EXPORT_EVENTS,
  );
  const ids = items.map((item) => item.id);
  // A repeating event's later dates are exported as events of their own (own GUID, own times)
  // with the series' people and texts.
  const seriesOf = (item: { id: number; seriesId?: number | null }) => item.seriesId ?? item.id;
  const contentIds = [...new Set(items.map(seriesOf))];
  const [registrations, persons, bodies] = ids.length
    ? await Promise.all([
        db
          .select({ id: events.id, url: events.registrationUrl, guid: events.guid, recurrence: events.recurrence, seriesGuid: seriesGuid.guid })
          .from(events)
          .leftJoin(seriesGuid, eq(seriesGuid.id, events.seriesId))
          .where(inArray(events.id, ids)),
        loadPersons(db, contentIds),
        loadBodies(db, contentIds, locale),
      ])
    : [[], new Map<number, SchedulePersonSource[]>(), { bodies: new Map<number, string>(), places: new Map<number, string>() }];
  const stored = new Map(registrations.map((row) => [row.id, row]));
  const t = getTranslator(locale);
  const source: ScheduleSource = {
    origin,
    locale,
    edition: {
      id: edition.id,
      slug: edition.slug,
      title: edition.title,
      startsAt: edition.startsAt,
      endsAt: edition.endsAt,
      timeZone: edition.timeZone,
      updatedAt: edition.updatedAt,
    },
    events: items.map((item) => ({
      ...item,
      body: bodies.bodies.get(seriesOf(item)) ?? null,
      placeKeyName: bodies.places.get(seriesOf(item)) ?? null,
      registrationUrl: stored.get(item.id)?.url ?? null,
      guid: stored.get(item.id)?.guid ?? null,
      recurrence: stored.get(item.id)?.recurrence ?? null,
      seriesGuid: stored.get(item.id)?.seriesGuid ?? null,
      persons: persons.get(seriesOf(item)) ?? [],
    })),
    labels: {
      online: t('event.online'),
      unannounced: t('hub.schedule.unannounced'),
      registration: t('admin.field.registrationUrl'),
      joinOnline: t('hub.event.onlineLink'),
      eventPage: t('hub.scheduleExport.eventPage'),
    },
  };
  const tags = [
    ...editionPageTags(edition),
    ...items.map((item) => hubTags.eventOf(item)),
    ...new Set(items.flatMap((item) => [...(item.venueId ? [hubTags.venue(item.venueId)] : []), ...item.tags.map((tag) => hubTags.tag(tag.id))])),
    ...new Set([...persons.values()].flat().map((person) => hubTags[person.kind](person.id))),
  ];
  return { source, tags: [...new Set(tags)] };
}
