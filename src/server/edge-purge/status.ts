/**
 * What the admin shows of the shared cache purges (docs/decisions/050): per configured target,
 * how many purges it has not been sent yet, and whether the last attempts failed and why.
 */
import type { Database } from '../../../db/client.ts';
import { getEnv } from '../config/env.ts';
import { countPendingPurges, readCursors } from './cursors.ts';
import { targetsFromEnv, type EdgeTarget } from './targets.ts';

export interface EdgePurgeTargetStatus {
  id: string;
  kind: EdgeTarget['kind'];
  /** Purges not sent yet (0 before the first round gave the target its cursor). */
  pending: number;
  /** Failed attempts in a row, in either pass. */
  failures: number;
  lastError: string | null;
  lastFailedAt: Date | null;
  lastSentAt: Date | null;
}

/** The status of every target the environment configures (an empty list when none is). */
export async function getEdgePurgeStatus(db: Database, targets: readonly EdgeTarget[] = targetsFromEnv(getEnv())): Promise<EdgePurgeTargetStatus[]> {
  if (targets.length === 0) return [];
  const [cursors, pending] = await Promise.all([readCursors(db), countPendingPurges(db)]);
  return targets.map((target) => {
    const own = cursors.filter((cursor) => cursor.target === target.id);
    const newest = (dates: (Date | null)[]) => dates.reduce<Date | null>((latest, date) => (date && (!latest || date > latest) ? date : latest), null);
    const lastFailedAt = newest(own.map((cursor) => cursor.lastFailedAt));
    return {
      id: target.id,
      kind: target.kind,
      pending: pending.get(target.id) ?? 0,
      failures: Math.max(0, ...own.map((cursor) => cursor.failures)),
      lastError: own.find((cursor) => cursor.lastFailedAt !== null && cursor.lastFailedAt.getTime() === lastFailedAt?.getTime())?.lastError ?? null,
      lastFailedAt,
      lastSentAt: newest(own.map((cursor) => cursor.lastSentAt)),
    };
  });
}
