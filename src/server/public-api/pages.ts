/** One page of a list, as every list loader returns it. */
import { gt, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

export interface ListResult {
  items: unknown[];
  /** The sort key of the page's last item when more follow. */
  nextKey: number[] | undefined;
  /** Cache tags of what the page shows. */
  tags: string[];
  expiresAt?: Date | null;
}

/** The answer of a list whose filters match nothing. */
export const emptyPage: ListResult = { items: [], nextKey: undefined, tags: [] };

/**
 * The page of `rows` walked by id: they were read with `limit + 1`, so one more than the page
 * says that a next page exists.
 */
export function idKeyedPage<R extends { id: number }>(rows: readonly R[], limit: number, view: (row: R) => unknown, tagOf: (id: number) => string): ListResult {
  const items = rows.slice(0, limit);
  return {
    items: items.map(view),
    nextKey: rows.length > limit ? [items.at(-1)!.id] : undefined,
    tags: items.map((row) => tagOf(row.id)),
  };
}

/** The keyset condition of a list walked by id: rows after the previous page's last id. */
export function afterId(column: AnySQLiteColumn, after: readonly number[] | undefined): SQL | undefined {
  return after ? gt(column, after[0]!) : undefined;
}
