/**
 * A translation row's stored state (`text_state`: 0 no text, 1 some, 2 complete), kept by
 * triggers the migrations install from the collection's declaration (`npm run db:text-state`,
 * docs/decisions/037). The list badges, the lists' translation filters and the coverage page all read it, so they agree with
 * each other and with the form's own badges (blank text counts as empty everywhere).
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Locale } from '../../i18n/config.ts';
import type { TranslationSpec } from './entity-spec.ts';

/** `text_state` values. */
export const TEXT_STATE = { missing: 0, partial: 1, complete: 2 } as const;

/** The `text_state` column of a translations table. */
export function textStateOf(spec: TranslationSpec): SQLiteColumn {
  const column = getTableColumns(spec.table)['textState'];
  if (!column) throw new Error('a translations table without text_state');
  return column;
}

/**
 * Items with no text in `locale` (`missing`), only part of it (`partial`) or all of it (`complete`): a lookup of the
 * (owner, locale) primary key per item, so the filters' cost grows with the items a page walks,
 * never with the translations table.
 */
export function translationStateCondition(spec: TranslationSpec, id: SQL | SQLiteColumn, state: keyof typeof TEXT_STATE, locale: Locale): SQL {
  const stored = textStateOf(spec);
  const row = sql`SELECT 1 FROM ${spec.table} WHERE ${spec.owner} = ${id} AND ${spec.locale} = ${locale}`;
  return state === 'missing' ? sql`NOT EXISTS (${row} AND ${stored} > ${TEXT_STATE.missing})` : sql`EXISTS (${row} AND ${stored} = ${TEXT_STATE[state]})`;
}
