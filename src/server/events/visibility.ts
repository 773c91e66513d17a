import { and, gt, isNull, lte, or, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import { editions, events } from '../../../db/schema.ts';

type Publishable = typeof events | typeof editions;

/**
 * The public-visibility rule: published, its scheduled `publishAt` (if any) has passed and its
 * `unpublishAt` (if any) has not. Evaluated at query time so scheduled items appear and vanish
 * without a write or a rebuild. In a prepared
 * query `now` is a placeholder bound to epoch milliseconds.
 */
export function isPubliclyVisible(table: Publishable, now: Date | Placeholder): SQL {
  return and(eq(table.status, 'published'), or(isNull(table.publishAt), lte(table.publishAt, now)), notYetUnpublished(table, now))!;
}

/**
 * The same rule written so SQLite cannot use an index on `status` (unary `+`). Most rows are
 * published, so for counts a status index only adds a lookup per row; without it the planner
 * scans, or picks a selective index of another filter (edition, tag).
 */
export function isPubliclyVisibleUnindexed(table: Publishable, now: Date): SQL {
  return and(sql`+${table.status} = 'published'`, or(isNull(table.publishAt), lte(table.publishAt, now)), notYetUnpublished(table, now))!;
}

/** No scheduled unpublication, or one still ahead of `now`. */
function notYetUnpublished(table: Publishable, now: Date | Placeholder): SQL {
  return or(isNull(table.unpublishAt), gt(table.unpublishAt, now))!;
}

type SlugLookup<T extends Publishable> = (db: Executor) => {
  all(values: { slug: string; now: number }): Promise<T['$inferSelect'][]>;
};

/**
 * Prepared lookups of a row of `table` by placeholder `slug`: `visible` only while it is public at
 * placeholder `now` (epoch ms), `any` whatever its status (admin previews).
 */
export function selectBySlug<T extends Publishable>(table: T): Record<'visible' | 'any', SlugLookup<T>> {
  const build = (visible: boolean) =>
    preparedQuery((db) =>
      db
        .select()
        .from(table as Publishable)
        .where(and(eq(table.slug, sql.placeholder('slug')), visible ? isPubliclyVisible(table, sql.placeholder('now')) : undefined))
        .limit(1)
        .prepare(),
    );
  return { visible: build(true), any: build(false) };
}
