/** The statement parts an admin list page is built from (list.ts, list-search.ts). */
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { EntitySpec } from './entity-spec.ts';
import { columnOf } from './entity-state.ts';

export interface PageParts {
  /** `WITH …` */
  ctes: SQL;
  /** `c LEFT JOIN (…) p`: `c.total`, then the page's ids and sort keys `p.id`, `p.k`. */
  from: SQL;
}

export interface PageClause {
  /** `ASC` or `DESC` */
  direction: SQL;
  limit: number;
  offset: number;
}

/** `count(*)` of a query's rows, stopping at `cap + 1` (one more than the cap means "more than cap"). */
export function countUpTo(rows: SQL, cap: number): SQL {
  return sql`(SELECT count(*) FROM (${rows} LIMIT ${sql.raw(String(cap + 1))}))`;
}

/**
 * The total and the page over one set `hits` of (id, sort key): materialised, it is computed
 * once for both; not, each is planned on its own (the count on an index alone, the page on a
 * walk of the sort index that stops after its rows). `before` are CTEs `hits` may read; `total`
 * a statement that gives the total without counting (`ListDefinition.keptTotal`).
 */
export function hitsPage(
  spec: EntitySpec,
  where: SQL | undefined,
  sortBy: SQL | SQLiteColumn,
  page: PageClause,
  materialized: 'MATERIALIZED' | 'NOT MATERIALIZED',
  { before, cap, total }: { before?: SQL; cap?: number; total?: SQL | undefined } = {},
): PageParts {
  const counted = total
    ? sql`(${total}) AS total`
    : cap === undefined
      ? sql`count(*) AS total FROM hits`
      : sql`${countUpTo(sql`SELECT 1 FROM hits`, cap)} AS total`;
  return {
    ctes: sql`WITH ${before ? sql`RECURSIVE ${before}, ` : sql``}hits AS ${sql.raw(materialized)} (SELECT ${columnOf(spec, 'id')} AS id, ${sortBy} AS k FROM ${spec.table}${where ? sql` WHERE ${where}` : sql``})`,
    // Uncapped, a bare count(*) of `hits`: SQLite may answer it from an index alone.
    from: sql`(SELECT ${counted}) c LEFT JOIN (SELECT id, k FROM hits ORDER BY k ${page.direction}, id ${page.direction} LIMIT ${page.limit} OFFSET ${page.offset}) p`,
  };
}
