/**
 * What a curator or organizer presents on the hub: the public editions and events they are linked
 * to. A person has no status of their own, so this is also what decides whether their page exists.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { editionCurators, editions, eventCurators, eventOrganizers } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { groupByDay, nextPhaseChange, withPhases, type EventPhase, type ProgrammeDay } from '../../lib/programme.ts';
import { regroupInZone } from '../../lib/view-zone.ts';
import { selectSummaries, type EditionSummary } from '../editions/queries.ts';
import { buildEventFilter, seriesOf, type EventListItem } from '../events/queries.ts';
import { selectUpcomingAndPast } from '../events/upcoming-and-past.ts';
import { isPubliclyVisible } from '../events/visibility.ts';

type PersonEventDay = ProgrammeDay<EventListItem & { phase: EventPhase }>;

export interface PersonWorks {
  editions: EditionSummary[];
  /** Their next events grouped by the day they start on, soonest first. */
  upcoming: PersonEventDay[];
  /** Their latest past events grouped by day, most recent first. */
  past: PersonEventDay[];
  /** More events than listed on that side. */
  moreUpcoming: boolean;
  morePast: boolean;
  /** Ids of every event listed, a repeating one once (cache tags). */
  eventIds: number[];
  /** When a listed event starts or ends, which changes its past/ongoing mark. */
  marksChangeAt: Date | null;
}

type Person = { kind: 'curator'; id: number } | { kind: 'organizer'; id: number };

/**
 * The events linked to the person, as a correlated EXISTS: the listing walks the programme's
 * time index from now and checks each event's link by primary key, so a busy person's thousands
 * of links are never gathered into a list first (an IN list was built on every render).
 */
function linkedEvents(person: Person): SQL {
  return person.kind === 'curator'
    ? sql`exists (select 1 from ${eventCurators} where ${eventCurators.eventId} = ${seriesOf} and ${eventCurators.curatorId} = ${person.id})`
    : sql`exists (select 1 from ${eventOrganizers} where ${eventOrganizers.eventId} = ${seriesOf} and ${eventOrganizers.organizerId} = ${person.id})`;
}

/** The public editions (curators only) and events of one person at `now`, texts in `locale`. */
export async function loadPersonWorks(db: Executor, person: Person, locale: Locale, now: Date): Promise<PersonWorks> {
  const [editionList, listed] = await Promise.all([
    person.kind === 'curator'
      ? selectSummaries(
          db,
          locale,
          and(
            inArray(editions.id, db.select({ id: editionCurators.editionId }).from(editionCurators).where(eq(editionCurators.curatorId, person.id))),
            isPubliclyVisible(editions, now),
          ),
          [desc(editions.startsAt), desc(editions.id)],
          100,
        )
      : Promise.resolve([]),
    selectUpcomingAndPast(db, locale, now, async (when) => and(await buildEventFilter(db, { now, when }), linkedEvents(person))!),
  ]);
  const upcoming = withPhases(listed.upcoming, now);
  const past = withPhases(listed.past, now);
  return {
    editions: editionList,
    upcoming: groupByDay(upcoming, { ordered: true }),
    past: groupByDay(past, { ordered: true }),
    moreUpcoming: listed.moreUpcoming,
    morePast: listed.morePast,
    eventIds: [...new Set([...listed.upcoming, ...listed.past].map((item) => item.seriesId ?? item.id))],
    marksChangeAt: nextPhaseChange(upcoming, now),
  };
}

/** The works with their days regrouped in the visitor's zone (`?tz=`); unchanged for none. */
export function worksInZone(works: PersonWorks, zone: string | null): PersonWorks {
  return { ...works, upcoming: regroupInZone(works.upcoming, zone), past: regroupInZone(works.past, zone, { newestFirst: true }) };
}

/** How a person's page is looked up. */
export interface PersonLookup {
  slug: string;
  locale: Locale;
  now: Date;
  /** Admin live preview only: a page even when the person presents nothing public yet. */
  includeUnpublished?: boolean;
}

/** True when the person presents nothing public: their page answers 404. */
export function isEmptyWorks(works: PersonWorks): boolean {
  return works.editions.length === 0 && works.eventIds.length === 0;
}
