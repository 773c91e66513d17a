/**
 * What a curator or organizer presents on the hub: the public editions and events they are linked
 * to. A person has no status of their own, so this is also what decides whether their page exists.
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { editionCurators, editions, eventCurators, eventOrganizers, events } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { groupByDay, nextPhaseChange, withPhases } from '../../lib/programme.ts';
import { selectSummaries, type EditionDay, type EditionSummary } from '../editions/queries.ts';
import { selectEventItems } from '../events/queries.ts';
import { isPubliclyVisible } from '../events/visibility.ts';

/** Events listed on a person's page; beyond it the list says how many more there are not. */
export const PERSON_PAGE_EVENTS = 200;

export interface PersonWorks {
  editions: EditionSummary[];
  /** Their events grouped by the day they start on, oldest first. */
  days: EditionDay[];
  /** Ids of every event listed (cache tags). */
  eventIds: number[];
  /** When a listed event starts or ends, which changes its past/ongoing mark. */
  marksChangeAt: Date | null;
}

type Person = { kind: 'curator'; id: number } | { kind: 'organizer'; id: number };

function linkedEvents(db: Executor, person: Person): SQL {
  const link =
    person.kind === 'curator'
      ? db.select({ id: eventCurators.eventId }).from(eventCurators).where(eq(eventCurators.curatorId, person.id))
      : db.select({ id: eventOrganizers.eventId }).from(eventOrganizers).where(eq(eventOrganizers.organizerId, person.id));
  return inArray(events.id, link);
}

/** The public editions (curators only) and events of one person at `now`, texts in `locale`. */
export async function loadPersonWorks(db: Executor, person: Person, locale: Locale, now: Date): Promise<PersonWorks> {
  const [editionList, items] = await Promise.all([
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
    selectEventItems(
      db,
      locale,
      now,
      and(linkedEvents(db, person), isPubliclyVisible(events, now))!,
      [asc(events.startsAt), asc(events.id)],
      PERSON_PAGE_EVENTS,
    ),
  ]);
  const phased = withPhases(items, now);
  return {
    editions: editionList,
    days: groupByDay(phased),
    eventIds: items.map((item) => item.id),
    marksChangeAt: nextPhaseChange(items, now),
  };
}

/** True when the person presents nothing public: their page answers 404. */
export function isEmptyWorks(works: PersonWorks): boolean {
  return works.editions.length === 0 && works.eventIds.length === 0;
}
