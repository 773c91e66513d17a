/**
 * Queries built once per database handle. Drizzle builds a query's SQL text and parameter list
 * from its objects on every call (≈ 80 KB of short-lived objects per query, 1.5 MB of the 2.3 MB
 * an event page's data allocated): the hub's hot reads are written once with placeholders and
 * kept, so a page render only binds values (decision 012).
 *
 * A prepared query belongs to the handle it was built on: one built on the shared database runs
 * outside any transaction, so inside a transaction the query is built for that transaction (and
 * dropped with it).
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { defaultLocale } from '../src/i18n/config.ts';
import type { Executor } from './client.ts';

/** Returns `build(db)`, built once per database or transaction handle. */
export function preparedQuery<T>(build: (db: Executor) => T): (db: Executor) => T {
  const built = new WeakMap<Executor, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * `column IN (the ids)` for a list bound as one JSON array placeholder (`idList(ids)`), so one
 * prepared statement serves any number of ids. SQLite reads `json_each` as a small table and
 * looks each id up in the column's index.
 */
export function inIdList(column: AnySQLiteColumn, placeholder: string): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${sql.placeholder(placeholder)}))`;
}

/** The value of an `inIdList` placeholder. */
export function idList(ids: Iterable<number>): string {
  return JSON.stringify([...new Set(ids)]);
}

/** A translation row in the page's locale (placeholder `locale`) or in the default locale. */
export function inPageLocales(column: AnySQLiteColumn): SQL {
  return inArray(column, [sql.placeholder('locale'), defaultLocale]);
}

/**
 * Which translation a row joined to its page-locale text (`own`) and default-locale text
 * (`fallback`) found: 'own', 'fallback' or null. Read it with `textLocaleOf`.
 */
export function foundText(ownKey: AnySQLiteColumn, fallbackKey: AnySQLiteColumn): SQL<'own' | 'fallback' | null> {
  return sql<'own' | 'fallback' | null>`CASE WHEN ${ownKey} IS NOT NULL THEN 'own' WHEN ${fallbackKey} IS NOT NULL THEN 'fallback' END`;
}

/** A text column from the page-locale translation when there is one, else from the default locale's. */
export function ownOrFallback<T>(ownKey: AnySQLiteColumn, own: AnySQLiteColumn, fallback: AnySQLiteColumn): SQL<T | null> {
  return sql<T | null>`CASE WHEN ${ownKey} IS NOT NULL THEN ${own} ELSE ${fallback} END`;
}
