/**
 * The translation coverage page (`/{locale}/admin/translations`, docs/decisions/037): for every
 * collection and content locale, how many items are complete, partial or missing. One statement
 * per collection: its row count, and its translation rows counted by locale and stored state on
 * the (locale, text_state) index alone, never reading a text (admin/translation-state.ts).
 */
import { count, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { isLocale, locales, type Locale } from '../../i18n/config.ts';
import { collectionNames, type CollectionName } from '../../lib/collections/index.ts';
import type { Completeness } from '../engine/completeness.ts';
import { adminResources } from '../collections/registry.ts';
import { TEXT_STATE, textStateOf } from '../engine/translation-state.ts';

export type CoverageCounts = Record<Completeness, number>;

export interface CollectionCoverage {
  collection: CollectionName;
  total: number;
  locales: Record<Locale, CoverageCounts>;
}

interface CoverageRow {
  locale: string | null;
  state: string | null;
  n: number;
}

/** One collection's counts: its total, and translation rows with text by locale and state. */
async function countCollection(db: Executor, collection: CollectionName): Promise<CollectionCoverage> {
  const { spec } = adminResources[collection];
  const t = spec.translations;
  const state = textStateOf(t);
  const rows = await db.all<CoverageRow>(sql`
    SELECT NULL AS locale, NULL AS state, ${count()} AS n FROM ${spec.table}
    UNION ALL
    SELECT ${t.locale} AS locale, CASE ${state} WHEN ${TEXT_STATE.complete} THEN 'complete' ELSE 'partial' END AS state, count(*) AS n
    FROM ${t.table} WHERE ${state} > ${TEXT_STATE.missing} GROUP BY ${t.locale}, ${state}`);
  const total = rows.find((row) => row.locale === null)?.n ?? 0;
  const counts = Object.fromEntries(locales.map((locale): [Locale, CoverageCounts] => [locale, { complete: 0, partial: 0, missing: total }]));
  for (const row of rows) {
    if (!isLocale(row.locale) || (row.state !== 'complete' && row.state !== 'partial')) continue;
    const cell = counts[row.locale]!;
    cell[row.state] += row.n;
    cell.missing -= row.n;
  }
  return { collection, total, locales: counts as Record<Locale, CoverageCounts> };
}

/** Coverage of every collection, in declaration order. */
export function getTranslationCoverage(db: Executor): Promise<CollectionCoverage[]> {
  return Promise.all(collectionNames.map((collection) => countCollection(db, collection)));
}
