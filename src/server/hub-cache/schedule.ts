/**
 * When does the public hub next change by itself? Scheduled items (`publishAt` in the future)
 * become visible without any write, so cached pages must not outlive that instant.
 */
import { and, gt, min, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { editions, events } from '../../../db/schema.ts';

/** Re-read at most this often; writes that schedule something clear it (invalidateHubFor). */
const MEMO_MS = 15_000;
let memo: { at: number; value: Date | null } | undefined;

/** Forgets the memoised instant (after a write). */
export function forgetScheduleCache(): void {
  memo = undefined;
}

/** The earliest future `publishAt` of a published event or edition, or null. */
export async function getNextScheduledChange(db: Executor, now: Date): Promise<Date | null> {
  if (memo && now.getTime() - memo.at < MEMO_MS && (memo.value === null || memo.value > now)) return memo.value;
  const [[eventRow], [editionRow]] = await Promise.all([
    // `+status`: most rows are published, so a status index would only add a lookup per row.
    db.select({ at: min(events.publishAt) }).from(events).where(and(sql`+${events.status} = 'published'`, gt(events.publishAt, now))),
    db.select({ at: min(editions.publishAt) }).from(editions).where(and(sql`+${editions.status} = 'published'`, gt(editions.publishAt, now))),
  ]);
  const candidates = [eventRow?.at, editionRow?.at].filter((at): at is Date => at instanceof Date);
  const value = candidates.length ? new Date(Math.min(...candidates.map((at) => at.getTime()))) : null;
  memo = { at: now.getTime(), value };
  return value;
}
