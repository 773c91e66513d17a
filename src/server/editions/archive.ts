/**
 * The editions archive (`/{locale}/hub/editions`): every public edition, the one running now (or
 * else the next one) first and marked, then the rest newest first, each with its number of public
 * events.
 */
import { and, count, desc, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { editions, events } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import { isPubliclyVisibleUnindexed, isPubliclyVisible } from '../events/visibility.ts';
import { selectSummaries, type EditionSummary } from './queries.ts';
import { isEventItem } from '../collections/event-dates.ts';

/** Where an edition stands: running, still to come, over. */
export type EditionPhase = 'current' | 'upcoming' | 'past';

export interface ArchivedEdition extends EditionSummary {
  phase: EditionPhase;
  eventCount: number;
  /** The edition running now, or else the next one: listed first. */
  featured: boolean;
}

export interface EditionArchive {
  editions: ArchivedEdition[];
  /** When an edition starts or ends, which moves its mark and maybe its place. */
  changesAt: Date | null;
}

/** Public editions shown in the archive at most (a festival has one or two a year). */
const MAX_EDITIONS = 500;

function phaseAt(edition: EditionSummary, now: Date): EditionPhase {
  if (edition.endsAt <= now) return 'past';
  return edition.startsAt <= now ? 'current' : 'upcoming';
}

/** The archive at `now`, texts in `locale`. */
export async function getEditionArchive(db: Executor, locale: Locale, now: Date): Promise<EditionArchive> {
  const summaries = await selectSummaries(db, locale, isPubliclyVisible(editions, now), [desc(editions.startsAt), desc(editions.id)], MAX_EDITIONS);
  const ids = summaries.map((edition) => edition.id);
  // One grouped count over the events of these editions (the `(edition_id, status, starts_at)` index).
  const counts = ids.length
    ? await db
        .select({ editionId: events.editionId, value: count() })
        .from(events)
        .where(and(inArray(events.editionId, ids), isEventItem, isPubliclyVisibleUnindexed(events, now)))
        .groupBy(events.editionId)
    : [];
  const countOf = new Map(counts.map((row) => [row.editionId, row.value]));
  const listed = summaries.map((edition) => ({ ...edition, phase: phaseAt(edition, now), eventCount: countOf.get(edition.id) ?? 0, featured: false }));
  // Running now, else the soonest to come (the list is newest first, so the last upcoming one).
  const featured = listed.find((edition) => edition.phase === 'current') ?? listed.filter((edition) => edition.phase === 'upcoming').at(-1);
  if (featured) featured.featured = true;
  const ordered = featured ? [featured, ...listed.filter((edition) => edition !== featured)] : listed;
  const instants = summaries.flatMap((edition) => [edition.startsAt, edition.endsAt]).filter((at) => at > now);
  return {
    editions: ordered,
    changesAt: instants.length ? new Date(Math.min(...instants.map((at) => at.getTime()))) : null,
  };
}
