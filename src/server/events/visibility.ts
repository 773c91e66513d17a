import { and, isNull, lte, or, eq, sql, type SQL } from 'drizzle-orm';
import { editions, events } from '../../../db/schema.ts';

type Publishable = typeof events | typeof editions;

/**
 * The public-visibility rule: published, and its scheduled `publishAt` (if any) has passed.
 * Evaluated at query time so scheduled items appear without a write or a rebuild.
 */
export function isPubliclyVisible(table: Publishable, now: Date): SQL {
  return and(eq(table.status, 'published'), or(isNull(table.publishAt), lte(table.publishAt, now)))!;
}

/**
 * The same rule written so SQLite cannot use an index on `status` (unary `+`). Most rows are
 * published, so for counts a status index only adds a lookup per row; without it the planner
 * scans, or picks a selective index of another filter (edition, tag).
 */
export function isPubliclyVisibleUnindexed(table: Publishable, now: Date): SQL {
  return and(sql`+${table.status} = 'published'`, or(isNull(table.publishAt), lte(table.publishAt, now)))!;
}
