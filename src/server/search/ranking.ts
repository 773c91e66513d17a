/**
 * Which matches a search keeps, and in what order. Up to SEARCH_CAP matches, all are kept and
 * ranked by bm25 (title weighs 8, body 1), which FTS5 computes for those rows only. Beyond the
 * cap, bm25 would cost a pass over every match of the word plus a score per match (figures in
 * decision 005), so the order is simpler and cheap: matches
 * whose title holds every term first, then the others, newest first within each group; the first
 * SEARCH_CAP of that order are kept. Both scans run in one statement, the second only when the
 * first does not decide (scan.ts).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { BM25, runScans, SEARCH_CAP, type ScanFilters, type ScanQuery, type ScanRow } from './scan.ts';

export interface KeptMatches {
  /** Best first, at most SEARCH_CAP. */
  rows: ScanRow[];
  /** More matches exist than `rows`. */
  capped: boolean;
}

/** Facet scans run in the same statement as the main scans: rows newest first, capped. */
export interface Collected {
  main: KeptMatches;
  others: KeptMatches[];
}

const cut = (rows: ScanRow[]): KeptMatches => ({ rows: rows.slice(0, SEARCH_CAP), capped: rows.length > SEARCH_CAP });

/** Filters whose matches stay under the cap in practice: one edition, or a type with few items. */
function isSmall(filters: ScanFilters): boolean {
  return filters.editionId !== undefined || (filters.type !== undefined && filters.type !== 'event');
}

/** Filters under which all matches usually stay under the cap: small ones, one tag or one venue. */
function isSelective(filters: ScanFilters): boolean {
  return isSmall(filters) || filters.tagId !== undefined || filters.venueId !== undefined;
}

/** Kept matches for `filters`, plus (newest first) for each of `otherFilters`. */
export async function collectMatches(db: Executor, query: ScanQuery, filters: ScanFilters, otherFilters: ScanFilters[]): Promise<Collected> {
  const { titled, all, facets } = await runScans(db, query, { filters, allFirst: isSelective(filters), scoreAll: isSmall(filters), facets: otherFilters });
  const others = facets.map(cut);
  if (titled && titled.length > SEARCH_CAP) return { main: cut(titled), others };
  if (!all) throw new Error('the scan of all matches was skipped while title matches stay under the cap');
  if (all.length <= SEARCH_CAP) {
    const scored = all.every((row) => row.score !== null);
    return { main: { rows: scored ? byScore(all) : await rankByBm25(db, query.match, all), capped: false }, others };
  }
  if (!titled) throw new Error('the scan of title matches was skipped while all matches pass the cap');
  const isTitled = new Set(titled.map((row) => row.rowid));
  const rest = all.filter((row) => !isTitled.has(row.rowid));
  return { main: cut([...titled, ...rest]), others };
}

/** `rows` by bm25, best first; ties newest first. */
async function rankByBm25(db: Executor, match: string, rows: ScanRow[]): Promise<ScanRow[]> {
  if (rows.length <= 1) return rows;
  const rowids = rows.map((row) => row.rowid);
  // `+rowid`: a plain rowid IN (…) would make FTS5 restart the MATCH once per listed row.
  const [row] = await db.all<{ scores: string | null }>(sql`
    WITH scored AS MATERIALIZED (
      SELECT rowid, ${sql.raw(BM25)} AS score FROM search_fts
      WHERE search_fts MATCH ${match} AND rowid BETWEEN ${Math.min(...rowids)} AND ${Math.max(...rowids)}
        AND +rowid IN (SELECT value FROM json_each(${JSON.stringify(rowids)})))
    SELECT json_group_object(rowid, score) AS scores FROM scored`);
  const scores = JSON.parse(row?.scores ?? '{}') as Record<string, number>;
  return byScore(rows.map((row) => ({ ...row, score: scores[row.rowid] ?? 0 })));
}

/** Best (lowest) bm25 first; ties newest first. */
function byScore(rows: ScanRow[]): ScanRow[] {
  return [...rows].sort((a, b) => (a.score ?? 0) - (b.score ?? 0) || b.rowid - a.rowid);
}
