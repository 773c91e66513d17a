/**
 * The longest event (end − start), used to bound "ends after X" conditions by start time so the
 * `(status, starts_at)` index can be range-scanned: an event ending after X started after
 * X − longest. Memoised briefly; writes clear it (invalidateHubFor).
 */
import { max, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';

const MEMO_MS = 15_000;
let memo: { at: number; value: number } | undefined;

/** Forgets the memoised span (after a write that may lengthen an event). */
export function forgetEventSpan(): void {
  memo = undefined;
}

/** Longest event duration in ms over every event (any status: a superset is always safe). */
export async function getLongestEventSpan(db: Executor, now = Date.now()): Promise<number> {
  if (memo && now - memo.at < MEMO_MS) return memo.value;
  const [row] = await db.select({ value: max(sql<number>`${events.endsAt} - ${events.startsAt}`) }).from(events);
  const value = Math.max(0, Number(row?.value ?? 0));
  memo = { at: now, value };
  return value;
}
