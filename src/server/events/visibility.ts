import { and, isNull, lte, or, eq, type SQL } from 'drizzle-orm';
import { editions, events } from '../../../db/schema.ts';

type Publishable = typeof events | typeof editions;

/**
 * The public-visibility rule: published, and its scheduled `publishAt` (if any) has passed.
 * Evaluated at query time so scheduled items appear without a write or a rebuild.
 */
export function isPubliclyVisible(table: Publishable, now: Date): SQL {
  return and(eq(table.status, 'published'), or(isNull(table.publishAt), lte(table.publishAt, now)))!;
}
