/**
 * A translation's state in SQL, from the collection's declaration: a locale has text when any of
 * its text fields is filled, and is complete when every `complete` field is. The list badges, the
 * list's translation filters and the coverage page all use these, so they always agree with
 * `localeCompleteness` (completeness.ts). Blank text counts as empty, as in the form.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Locale } from '../../i18n/config.ts';
import type { TranslationSpec } from './entity-spec.ts';

function filled(spec: TranslationSpec, field: string): SQL {
  const column = getTableColumns(spec.table)[field];
  if (!column) throw new Error(`translation field ${field} has no column`);
  return sql`coalesce(trim(${column}), '') <> ''`;
}

/** True for a translation row with any text. */
export function hasTextSql(spec: TranslationSpec): SQL {
  return sql`(${sql.join(
    spec.fields.map((field) => filled(spec, field)),
    sql` OR `,
  )})`;
}

/** True for a translation row whose every `complete` field is filled. */
export function isCompleteSql(spec: TranslationSpec): SQL {
  return sql`(${sql.join(
    spec.complete.map((field) => filled(spec, field)),
    sql` AND `,
  )})`;
}

/**
 * Items with no text in `locale` (`missing`) or only part of it (`partial`). A correlated lookup
 * of the (owner, locale) primary key per item: the filters' cost grows with the items a page
 * walks, never with the translations table.
 */
export function translationStateCondition(spec: TranslationSpec, id: SQL | SQLiteColumn, state: 'missing' | 'partial', locale: Locale): SQL {
  const row = sql`SELECT 1 FROM ${spec.table} WHERE ${spec.owner} = ${id} AND ${spec.locale} = ${locale} AND ${hasTextSql(spec)}`;
  return state === 'missing' ? sql`NOT EXISTS (${row})` : sql`EXISTS (${row} AND NOT ${isCompleteSql(spec)})`;
}
