/**
 * The programme calendar's data (docs/decisions/062): one edition's events as the team plans
 * them — a published event with a working copy is shown as its copy, since that is the programme
 * the team is moving towards — with the venues, curators and organizers they name, and the
 * clashes among them. A repeating event shows every date it has in the edition: its later dates
 * are rows of their own (docs/decisions/049), shown with the series' title and people, their own
 * place (one date may be held elsewhere), and the times the series' working copy gives them when
 * it has one.
 */
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  curators,
  editionTranslations,
  editions,
  eventCurators,
  eventOrganizers,
  eventTranslations,
  events,
  organizers,
  venues,
  workingCopies,
} from '../../../db/schema.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { findClashes } from '../../lib/programme-calendar/clashes.ts';
import type { ProgrammeCalendar, ProgrammeEvent } from '../../lib/programme-calendar/types.ts';
import { daysBetween, wallDayAndMinute } from '../../lib/programme-calendar/layout.ts';
import { notFound } from '../errors/domain-errors.ts';
import { placeOfDate, recurrenceField, type Occurrence } from '../../lib/recurrence.ts';
import { expandOccurrences } from '../../lib/recurrence-dates.ts';

/** A locale's text, else the default locale's, else any. */
function pickText<T extends { locale: string }>(rows: readonly T[], locale: Locale): T | undefined {
  return rows.find((row) => row.locale === locale) ?? rows.find((row) => row.locale === defaultLocale) ?? rows[0];
}

async function listEditions(db: Executor, locale: Locale): Promise<{ id: number; title: string; startsAt: Date }[]> {
  const rows = await db
    .select({ id: editions.id, startsAt: editions.startsAt, locale: editionTranslations.locale, title: editionTranslations.title })
    .from(editions)
    .leftJoin(editionTranslations, eq(editionTranslations.editionId, editions.id))
    .orderBy(desc(editions.startsAt), desc(editions.id));
  const byId = new Map<number, { id: number; startsAt: Date; texts: { locale: string; title: string }[] }>();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? { id: row.id, startsAt: row.startsAt, texts: [] };
    if (row.locale && row.title) entry.texts.push({ locale: row.locale, title: row.title });
    byId.set(row.id, entry);
  }
  return [...byId.values()].map((entry) => ({ id: entry.id, startsAt: entry.startsAt, title: pickText(entry.texts, locale)?.title ?? `#${entry.id}` }));
}

/** The edition shown when none is asked for: the current or next one, else the latest. */
async function defaultEditionId(db: Executor, now: Date): Promise<number | undefined> {
  const [next] = await db.select({ id: editions.id }).from(editions).where(gte(editions.endsAt, now)).orderBy(asc(editions.startsAt)).limit(1);
  if (next) return next.id;
  const [latest] = await db.select({ id: editions.id }).from(editions).orderBy(desc(editions.startsAt)).limit(1);
  return latest?.id;
}

type CopyValues = Record<string, unknown>;
const instantOf = (value: unknown, fallback: Date) => (typeof value === 'string' || value instanceof Date ? new Date(value) : fallback);
const textOf = (value: unknown, fallback: string | null) => (value === undefined ? fallback : typeof value === 'string' ? value : null);

/** The calendar of edition `editionId` (or the default one); null when there is no edition at all. */
export async function getProgrammeCalendar(db: Executor, locale: Locale, editionId: number | undefined, now = new Date()): Promise<ProgrammeCalendar | null> {
  const id = editionId ?? (await defaultEditionId(db, now));
  if (id === undefined) return null;
  const [edition] = await db.select().from(editions).where(eq(editions.id, id));
  if (!edition) throw notFound('edition', id);
  const allEditions = await listEditions(db, locale);

  const rows = await db.select().from(events).where(eq(events.editionId, id)).orderBy(asc(events.startsAt), asc(events.id));
  // A later date of a series reads its texts, people and working copy from the series.
  const seriesIds = [...new Set(rows.map((row) => row.seriesId ?? row.id))];
  const [titles, copies, curatorLinks, organizerLinks] = seriesIds.length
    ? await Promise.all([
        db
          .select({ id: eventTranslations.eventId, locale: eventTranslations.locale, title: eventTranslations.title })
          .from(eventTranslations)
          .where(inArray(eventTranslations.eventId, seriesIds)),
        db
          .select()
          .from(workingCopies)
          .where(and(eq(workingCopies.entity, 'event'), inArray(workingCopies.entityId, seriesIds))),
        db.select({ id: eventCurators.eventId, target: eventCurators.curatorId }).from(eventCurators).where(inArray(eventCurators.eventId, seriesIds)),
        db
          .select({ id: eventOrganizers.eventId, target: eventOrganizers.organizerId })
          .from(eventOrganizers)
          .where(inArray(eventOrganizers.eventId, seriesIds)),
      ])
    : [[], [], [], []];
  const copyOf = new Map(copies.map((copy) => [copy.entityId, copy]));
  const linksOf = (links: { id: number; target: number }[], eventId: number) => links.filter((link) => link.id === eventId).map((link) => link.target);

  const shownOf = (row: (typeof rows)[number]): ProgrammeEvent => {
    const copy = copyOf.get(row.id);
    const values: CopyValues = copy?.snapshot.values ?? {};
    const copyLinks = copy?.snapshot.links;
    const venueId = values['venueId'] === undefined ? row.venueId : typeof values['venueId'] === 'number' ? values['venueId'] : null;
    return {
      id: row.id,
      seriesId: null,
      occurrenceKey: null,
      title:
        pickText(
          titles.filter((title) => title.id === row.id),
          locale,
        )?.title ?? `#${row.id}`,
      startsAt: instantOf(values['startsAt'], row.startsAt).toISOString(),
      endsAt: instantOf(values['endsAt'], row.endsAt).toISOString(),
      timeZone: textOf(values['timeZone'], row.timeZone) ?? row.timeZone,
      venueId,
      room: textOf(values['room'], row.room),
      online: Boolean(textOf(values['onlineUrl'], row.onlineUrl)),
      status: row.status,
      eventStatus: textOf(values['eventStatus'], row.eventStatus) ?? row.eventStatus,
      version: row.version,
      draft: copy ? { version: copy.version } : null,
      repeats: Boolean(values['recurrence'] === undefined ? row.recurrence : values['recurrence']),
      curatorIds: copyLinks?.['curatorIds'] ?? linksOf(curatorLinks, row.id),
      organizerIds: copyLinks?.['organizerIds'] ?? linksOf(organizerLinks, row.id),
    };
  };
  const shownSeries = new Map(rows.filter((row) => row.seriesId === null).map((row) => [row.id, shownOf(row)]));
  // A series with a working copy: its dates as the copy's recurrence gives them (a date moved
  // through a draft shows moved); a date the copy removes is not shown.
  const copyDates = new Map<number, Map<string, Occurrence>>();
  for (const [seriesId, shown] of shownSeries) {
    const recurrence = copyOf.get(seriesId)?.snapshot.values['recurrence'];
    if (recurrence === undefined) continue;
    const parsed = recurrenceField.nullable().safeParse(recurrence);
    const series = {
      startsAt: new Date(shown.startsAt),
      endsAt: new Date(shown.endsAt),
      timeZone: shown.timeZone,
      recurrence: parsed.success ? parsed.data : null,
    };
    copyDates.set(seriesId, new Map(expandOccurrences(series).map((occurrence) => [occurrence.key, occurrence])));
  }

  const programme: ProgrammeEvent[] = rows.flatMap((row): ProgrammeEvent[] => {
    if (row.seriesId === null) return [shownSeries.get(row.id)!];
    const series = shownSeries.get(row.seriesId);
    if (!series || !row.occurrenceKey) return [];
    const date = { id: row.id, seriesId: row.seriesId, occurrenceKey: row.occurrenceKey };
    const fromCopy = copyDates.get(row.seriesId);
    // A date's place is its row's (it may be held elsewhere), or what the copy's change says.
    if (!fromCopy) {
      const own = { venueId: row.venueId, room: row.room, eventStatus: row.eventStatus };
      return [{ ...series, ...date, ...own, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() }];
    }
    const occurrence = fromCopy.get(row.occurrenceKey);
    if (!occurrence) return [];
    const eventStatus = occurrence.cancelled ? 'cancelled' : occurrence.moved ? 'rescheduled' : series.eventStatus;
    const place = placeOfDate(series, occurrence.place);
    return [{ ...series, ...date, ...place, startsAt: occurrence.startsAt.toISOString(), endsAt: occurrence.endsAt.toISOString(), eventStatus }];
  });
  programme.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id);

  const curatorIds = [...new Set(programme.flatMap((event) => event.curatorIds))];
  const organizerIds = [...new Set(programme.flatMap((event) => event.organizerIds))];
  const [venueRows, curatorRows, organizerRows] = await Promise.all([
    db
      .select({ id: venues.id, name: venues.name })
      .from(venues)
      .orderBy(sql`${venues.name} COLLATE NOCASE`, asc(venues.id)),
    curatorIds.length ? db.select({ id: curators.id, name: curators.name }).from(curators).where(inArray(curators.id, curatorIds)) : [],
    organizerIds.length ? db.select({ id: organizers.id, name: organizers.name }).from(organizers).where(inArray(organizers.id, organizerIds)) : [],
  ]);

  const clashes = findClashes(
    programme.map((event) => ({
      id: event.id,
      startMs: Date.parse(event.startsAt),
      endMs: Date.parse(event.endsAt),
      venueId: event.venueId,
      room: event.room,
      curatorIds: event.curatorIds,
      organizerIds: event.organizerIds,
      cancelled: event.eventStatus === 'cancelled',
    })),
  );

  // The edition's days, and any day an event of it falls on outside them.
  const zone = edition.timeZone;
  const first = wallDayAndMinute(edition.startsAt.getTime(), zone).day;
  const last = wallDayAndMinute(edition.endsAt.getTime(), zone).day;
  const eventDays = programme.map((event) => wallDayAndMinute(Date.parse(event.startsAt), zone).day);
  const days = [...new Set([...daysBetween(first, last), ...eventDays])].sort();

  return {
    edition: {
      id,
      title: allEditions.find((entry) => entry.id === id)?.title ?? `#${id}`,
      timeZone: zone,
      startsAt: edition.startsAt.toISOString(),
      endsAt: edition.endsAt.toISOString(),
      days,
    },
    editions: allEditions.map(({ id: editionOption, title }) => ({ id: editionOption, title })),
    venues: venueRows,
    people: {
      curators: Object.fromEntries(curatorRows.map((row) => [row.id, row.name])),
      organizers: Object.fromEntries(organizerRows.map((row) => [row.id, row.name])),
    },
    events: programme,
    clashes,
  };
}
