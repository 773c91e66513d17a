/**
 * When does the public hub next change by itself? Scheduled items (`publishAt` in the future)
 * become visible, and items with a future `unpublishAt` vanish, without any write, so cached
 * pages must not outlive either instant. Nor a working copy scheduled for "Publish changes at"
 * (decision 035): its round purges what it changed, but a CDN's copy cannot be purged.
 */
import { and, gt, min, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { editions, events, workingCopies } from '../../../db/schema.ts';

/** Re-read at most this often; writes that schedule something clear it (invalidateHubFor). */
const MEMO_MS = 15_000;
let memo: { at: number; value: Date | null } | undefined;

/** Forgets the memoised instant (after a write). */
export function forgetScheduleCache(): void {
  memo = undefined;
}

/** The earliest instant of `column` after placeholder `now` among published rows of `table`. */
const selectNext = (table: typeof events | typeof editions, column: 'publishAt' | 'unpublishAt') =>
  preparedQuery((db) =>
    db
      .select({ at: min(table[column]) })
      .from(table)
      // `+status`: most rows are published, so a status index would only add a lookup per row.
      .where(and(sql`+${table.status} = 'published'`, gt(table[column], sql.placeholder('now'))))
      .prepare(),
  );
/** The earliest scheduled working copy after placeholder `now`. */
const selectNextCopy = preparedQuery((db) =>
  db
    .select({ at: min(workingCopies.scheduledAt) })
    .from(workingCopies)
    .where(gt(workingCopies.scheduledAt, sql.placeholder('now')))
    .prepare(),
);
const nextQueries = [
  selectNext(events, 'publishAt'),
  selectNext(editions, 'publishAt'),
  selectNext(events, 'unpublishAt'),
  selectNext(editions, 'unpublishAt'),
  selectNextCopy,
];

/** The earliest future `publishAt` or `unpublishAt` of a published event or edition, or scheduled working copy, or null. */
export async function getNextScheduledChange(db: Executor, now: Date): Promise<Date | null> {
  if (memo && now.getTime() - memo.at < MEMO_MS && (memo.value === null || memo.value > now)) return memo.value;
  const values = { now: now.getTime() };
  const rows = await Promise.all(nextQueries.map((query) => query(db).all(values)));
  const candidates = rows.map(([row]) => row?.at).filter((at): at is Date => at instanceof Date);
  const value = candidates.length ? new Date(Math.min(...candidates.map((at) => at.getTime()))) : null;
  memo = { at: now.getTime(), value };
  return value;
}
