/**
 * Which matches a search keeps, and in what order. Up to SEARCH_CAP matches, all are kept and
 * ranked by bm25 (title weighs 8, body 1), which FTS5 computes for those rows only. Beyond the
 * cap, bm25 would cost a pass over every match of the word plus a score per match (tens of
 * milliseconds for a common word at 100k events), so the order is simpler and cheap: matches
 * whose title holds every term first, then the others, newest first within each group; the first
 * SEARCH_CAP of that order are kept. A common word needs one scan (its title matches alone pass
 * the cap); otherwise a second scan adds the newest other matches.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { runScans, SEARCH_CAP, type ScanFilters, type ScanQuery, type ScanRow } from './scan.ts';

export interface KeptMatches {
  /** Best first, at most SEARCH_CAP. */
  rows: ScanRow[];
  /** More matches exist than `rows`. */
  capped: boolean;
}

/** Facet scans run in the same statement as the first scan: rows newest first, capped. */
export interface Collected {
  main: KeptMatches;
  others: KeptMatches[];
}

const cut = (rows: ScanRow[]): KeptMatches => ({ rows: rows.slice(0, SEARCH_CAP), capped: rows.length > SEARCH_CAP });

/** Kept matches for `filters`, plus (newest first) for each of `otherFilters`. */
export async function collectMatches(db: Executor, query: ScanQuery, filters: ScanFilters, otherFilters: ScanFilters[]): Promise<Collected> {
  const [titled = [], ...others] = await runScans(db, query, [
    { filters, titleOnly: true },
    ...otherFilters.map((other) => ({ filters: other, titleOnly: false })),
  ]);
  const kept = others.map(cut);
  if (titled.length > SEARCH_CAP) return { main: cut(titled), others: kept };
  const [all = []] = await runScans(db, query, [{ filters, titleOnly: false }]);
  if (all.length <= SEARCH_CAP) return { main: { rows: await rankByBm25(db, query.match, all), capped: false }, others: kept };
  const isTitled = new Set(titled.map((row) => row.rowid));
  const rest = all.filter((row) => !isTitled.has(row.rowid));
  return { main: cut([...titled, ...rest]), others: kept };
}

/** `rows` by bm25, best first; ties newest first. */
async function rankByBm25(db: Executor, match: string, rows: ScanRow[]): Promise<ScanRow[]> {
  if (rows.length <= 1) return rows;
  const rowids = rows.map((row) => row.rowid);
  // `+rowid`: a plain rowid IN (…) would make FTS5 restart the MATCH once per listed row.
  const [row] = await db.all<{ scores: string | null }>(sql`
    WITH scored AS MATERIALIZED (
      SELECT rowid, bm25(search_fts, 0, 0, 0, 0, 8.0, 1.0) AS score FROM search_fts
      WHERE search_fts MATCH ${match} AND rowid BETWEEN ${Math.min(...rowids)} AND ${Math.max(...rowids)}
        AND +rowid IN (SELECT value FROM json_each(${JSON.stringify(rowids)})))
    SELECT json_group_object(rowid, score) AS scores FROM scored`);
  const scores = JSON.parse(row?.scores ?? '{}') as Record<string, number>;
  return [...rows].sort((a, b) => (scores[a.rowid] ?? 0) - (scores[b.rowid] ?? 0) || b.rowid - a.rowid);
}
