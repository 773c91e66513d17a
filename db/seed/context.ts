/**
 * What every seed builder shares: the reference instant, the authorship stamp and first free ids.
 */
import { DAY_MS } from './zoned-time.ts';
import { randomInt, type Random } from './random.ts';

export const SEED_ACTOR = 'seed';

export interface SeedContext {
  /** Reference instant (ms); dates are placed relative to it. */
  now: number;
  /** `now` as whole days since 1970-01-01 (UTC). */
  today: number;
  /** Next free id per table, so the seed also fits beside rows staff created. */
  nextId: Record<string, number>;
}

/** Hands out `count` consecutive ids for `table`, returning the first. */
export function reserveIds(context: SeedContext, table: string, count: number): number {
  const first = context.nextId[table] ?? 1;
  context.nextId[table] = first + count;
  return first;
}

export interface Stamp {
  createdAt: Date;
  updatedAt: Date;
  version: number;
  createdBy: string;
  updatedBy: string;
}

/**
 * Authorship columns for a row created some time before `latest` (default: now), edited a little
 * later, never after now.
 */
export function stampRow(context: SeedContext, random: Random, latest = context.now): Stamp {
  const created = Math.min(latest, context.now) - randomInt(random, 1, 60) * DAY_MS - randomInt(random, 0, 86_399) * 1000;
  const updated = Math.min(context.now, created + randomInt(random, 0, 14) * DAY_MS + randomInt(random, 0, 3_599) * 1000);
  return {
    createdAt: new Date(created),
    updatedAt: new Date(updated),
    version: updated > created ? 2 : 1,
    createdBy: SEED_ACTOR,
    updatedBy: SEED_ACTOR,
  };
}

/** When a row stamped by `stampRow` went public: between its creation and last edit. */
export function publishedAtFor(stamp: Stamp): Date {
  const created = stamp.createdAt.getTime();
  return new Date(created + Math.floor((stamp.updatedAt.getTime() - created) / 2));
}
