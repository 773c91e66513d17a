/**
 * The total and the page of an admin list searched in the full-text index (decision 007, "List
 * performance"). The total stops counting past a cap; the plan is chosen in the statement from
 * the first matches, never from all of them.
 */
import { and, Column, is, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { SearchEntityType } from '../../../db/schema.ts';
import { ftsRowid } from '../../../db/search-index.ts';
import type { EntitySpec } from './entity-spec.ts';
import { columnOf } from './entity-state.ts';
import { countUpTo, hitsPage, type PageClause, type PageParts } from './list-page.ts';

export interface FullTextSearch {
  type: SearchEntityType;
  /** CTEs ending in `match_query(q)`, the FTS5 query (search/vocabulary.ts). */
  matchCtes: SQL;
  /**
   * Whether `match_query` spells prefix terms out as words: FTS5 then reads a term's rows lazily
   * and can seek to one item's rows, so probing items one by one is cheap. A prefix term is
   * merged in full on every probe (milliseconds each): never probed.
   */
  spelledOut: boolean;
  /** The translation filters on an item id (undefined when there are none). */
  translated: (id: SQL) => SQL | undefined;
}

/**
 * What a dense word's plans cost, in reads of one match into a set (~0.3 µs at one million
 * events; measured there): a probe of one item's index rows per word of the query, a row of the
 * sort index walked and checked against the filters, an item looked up by id and sorted, a match
 * read newest first and checked against the filters while counting, and, starting from the
 * filters, a match read into the set (for the count and again for the page) and a row that
 * passes the filters checked against it.
 */
export const PLAN_COSTS = { probePerWord: 50, walkedRow: 2, lookup: 8, countedMatch: 4, narrowMatch: 2, narrowRow: 3 };
export type PlanCosts = typeof PLAN_COSTS;
/**
 * A dense word's plan estimates how many rows pass the filters from the newest this many ids
 * (a range of the primary key, or of a filter's index holding the rowid): counting them all could
 * take as long as the search.
 */
const FILTER_SAMPLE = 1000;

const matchQuery = sql`search_fts MATCH (SELECT q FROM match_query)`;

/**
 * The count and page of a full-text search. First the statement reads the newest `cap + 1`
 * matching items (`s`: FTS5 reads a spelled-out word lazily, in rowid order, where an item's
 * locales are adjacent), then:
 * - *rare* word, at most `cap` items: the total is exact and the plans are those of decision
 *   007 (narrow, walk, look up), with the match set small.
 * - *dense* word: the total counts the matching items that pass the filters, newest first, and
 *   stops after `cap + 1` (the caller reports "more than cap"). How densely those first items
 *   sit among the ids estimates the number of matches, and the share of the newest ids passing
 *   the filters the number of filtered rows; the plan with the lowest estimated cost is taken.
 * The plans: *probe* walks the sort key's index and asks FTS5 about each row that passes the
 * filters (its rowid range) until OFFSET + LIMIT are kept: no match set at all; *walk* does the
 * same against the set of all matches (an `IN` list, built once); *look up* reads each match's
 * row by id and sorts them; *narrow* starts from the filters' index, keeps the rows in the match
 * set and sorts them. Plans not chosen have a CASE branch not taken or a LIMIT of 0, so SQLite
 * never starts them, and their match sets are never built. A sort on a computed key (the title)
 * has no index to walk: the key is computed per match.
 */
export function searchPage(
  spec: EntitySpec,
  filters: (SQL | undefined)[],
  search: FullTextSearch,
  sortBy: SQL | SQLiteColumn,
  page: PageClause,
  { cap, costs: COST }: { cap: number; costs: PlanCosts },
): PageParts {
  const idColumn = columnOf(spec, 'id');
  const { type, translated } = search;
  const matchId = ftsRowid.entityId('f');
  const matchIdTranslated = translated(sql`${matchId}`);
  const matches = sql`SELECT ${matchId} AS id FROM search_fts f WHERE ${matchQuery} AND ${ftsRowid.isType('f', type)}${matchIdTranslated ? sql` AND ${matchIdTranslated}` : sql``}`;
  const filtered = and(...filters);
  if (!is(sortBy, Column) || sortBy.table !== spec.table)
    return hitsPage(spec, and(sql`${idColumn} IN (${matches})`, filtered), sortBy, page, 'MATERIALIZED', { before: search.matchCtes, cap });

  const capLiteral = sql.raw(String(cap));
  const rowsToPass = page.offset + page.limit;
  // The filters are checked on a second reference to the table joined by id (CROSS JOIN: after
  // the row that leads), so SQLite reads them from the narrowest index holding them and the rowid
  // (`events_status_idx`: status, rowid) instead of the wide table row.
  const joinPassing = filtered ? sql` CROSS JOIN ${spec.table}` : sql``;
  const passing = (id: SQL) => and(filtered ? and(sql`${idColumn} = ${id}`, filtered) : undefined, translated(filtered ? sql`${idColumn}` : id));
  // The newest matching items, an item once (its locales' rows are adjacent in rowid order).
  const newest = sql`SELECT DISTINCT ${matchId} AS id FROM search_fts f WHERE ${matchQuery} AND ${ftsRowid.isType('f', type)} ORDER BY f.rowid DESC`;
  // Counted on the table too, filters or not: an item counts only while it exists.
  const denseCount = countUpTo(
    sql`SELECT d.id FROM (${newest}) AS d CROSS JOIN ${spec.table} WHERE ${and(sql`${idColumn} = d.id`, filtered, translated(sql`${idColumn}`))}`,
    cap,
  );

  const id = sql`sw.${sql.identifier(idColumn.name)}`;
  const key = sql`sw.${sql.identifier(sortBy.name)}`;
  const walkedPassing = passing(id);
  // `+` keeps SQLite from starting at the matches; the filters, checked by id only for matching
  // rows, from starting at a filter's index and sorting what it finds.
  const walked = sql`SELECT ${id} AS id, ${key} AS k FROM ${spec.table} AS sw${joinPassing} WHERE ${and(sql`+${id} IN (${matches})`, walkedPassing)}`;
  // The filters first: the probe names the joined row's id, so SQLite asks FTS5 only about the
  // rows that passed them.
  const probedId = filtered ? sql`${idColumn}` : id;
  const probed = sql`SELECT ${id} AS id, ${key} AS k FROM ${spec.table} AS sw${joinPassing}
    WHERE ${and(walkedPassing, sql`EXISTS (SELECT 1 FROM search_fts f WHERE ${matchQuery} AND ${ftsRowid.ofItem('f', type, probedId)})`)}`;
  // From the matches to the table by rowid (NOT INDEXED: never a walk of a filter's index probing the matches).
  const looked = sql`SELECT ${idColumn} AS id, ${sortBy} AS k FROM ${spec.table} NOT INDEXED WHERE ${and(sql`${idColumn} IN (${matches})`, filtered)}`;
  const inMatches = sql`${idColumn} IN (${matches})`;
  const count = sql`(SELECT count(*) FROM ${spec.table} WHERE ${and(inMatches, filtered)})`;
  const narrowed = sql`SELECT ${idColumn} AS id, ${sortBy} AS k FROM ${spec.table} WHERE ${and(sql`+${inMatches}`, filtered)}`;
  // Dense: how many rows pass the filters, from the share of the newest ids that do.
  const filteredEstimate = filtered
    ? sql`1.0 * (SELECT count(*) FROM ${spec.table} WHERE ${idColumn} > top - ${sql.raw(String(FILTER_SAMPLE))} AND ${filtered}) * top / max(1, min(top, ${sql.raw(String(FILTER_SAMPLE))}))`
    : sql`top`;
  // A probe is only cheap for words FTS5 reads lazily (spelled out, no prefix term left).
  const probeUnit = search.spelledOut
    ? sql`(SELECT CASE WHEN instr(q, '*') = 0 THEN ${COST.probePerWord} * (length(q) - length(replace(q, '"', ''))) / 2 END FROM match_query)`
    : sql`NULL`;
  // Rare: counting the filtered rows stops at |m|, at most what the count by match costs.
  const rareNarrow = sql`(SELECT count(*) FROM (SELECT 1 FROM ${spec.table} WHERE ${filtered} LIMIT (SELECT matched FROM n))) < matched`;
  // Dense: the filters' rows, each checked against the matches, against counting newest first
  // until the cap pass the filters (or every match) and the cheapest page.
  const denseNarrow = sql`${COST.narrowMatch} * estimated + ${COST.narrowRow} * filtered_rows
    < ${COST.countedMatch} * min(estimated, ${cap} * top / max(1, filtered_rows)) + min(coalesce(probe_cost, lookup_cost), walk_cost, lookup_cost)`;
  const narrow = filtered ? sql`CASE WHEN dense THEN ${denseNarrow} ELSE ${rareNarrow} END` : sql`0`;
  // Rare: the walk visits about `(offset + limit) × rows / total` index entries; looking the
  // matches up costs about one such step per index row in `m` (an item's locales each have
  // one), so the walk wins while `(offset + limit) × rows ≤ total × |m|` (`max(id)` stands for
  // the number of rows).
  const walkIsShort = sql`CASE WHEN dense THEN walk_cost <= lookup_cost ELSE ${rowsToPass} * top <= total * matched END`;
  const pageOf = (select: SQL, chosen: string, sorted = sql`k ${page.direction}, id ${page.direction}`) =>
    sql`SELECT * FROM (${select} ORDER BY ${sorted} LIMIT (SELECT CASE WHEN ${sql.raw(chosen)} THEN ${page.limit} ELSE 0 END FROM c) OFFSET ${page.offset})`;
  return {
    ctes: sql`WITH RECURSIVE ${search.matchCtes},
      s AS MATERIALIZED (SELECT count(*) AS seen, min(id) AS lowest FROM (${newest} LIMIT ${sql.raw(String(cap + 1))})),
      e AS MATERIALIZED (SELECT seen, seen > ${capLiteral} AS dense, top,
        CASE WHEN seen > ${capLiteral} THEN seen * top / max(1, top - lowest + 1) ELSE seen END AS estimated
        FROM s, (SELECT max(${idColumn}) AS top FROM ${spec.table})),
      n AS MATERIALIZED (SELECT *, CASE WHEN dense THEN estimated ELSE (SELECT count(*) FROM (${matches})) END AS matched,
        CASE WHEN dense THEN ${filteredEstimate} END AS filtered_rows FROM e),
      k AS MATERIALIZED (SELECT *, ${COST.walkedRow} * walked_rows + 1.0 * ${rowsToPass} * top / estimated * probe_unit AS probe_cost,
        estimated + ${COST.walkedRow} * walked_rows AS walk_cost, ${COST.lookup} * estimated AS lookup_cost
        FROM (SELECT *, 1.0 * ${rowsToPass} * top / max(1.0, estimated * filtered_rows / top) AS walked_rows, ${probeUnit} AS probe_unit FROM n)),
      t AS MATERIALIZED (SELECT *, CASE${filtered ? sql` WHEN narrow THEN ${countUpTo(narrowed, cap)}` : sql``} WHEN dense THEN ${denseCount} ELSE ${count} END AS total
        FROM (SELECT *, ${narrow} AS narrow FROM k)),
      c AS MATERIALIZED (SELECT total, narrow, probe, NOT narrow AND NOT probe AND ${walkIsShort} AS walk
        FROM (SELECT *, NOT narrow AND dense AND coalesce(probe_cost <= min(walk_cost, lookup_cost), 0) AS probe FROM t))`,
    from: sql`c LEFT JOIN (
      ${filtered ? sql`${pageOf(narrowed, 'narrow', sql`+k ${page.direction}, +id ${page.direction}`)} UNION ALL` : sql``}
      ${pageOf(probed, 'probe')}
      UNION ALL ${pageOf(walked, 'walk')}
      UNION ALL ${pageOf(looked, 'NOT narrow AND NOT probe AND NOT walk')}) p`,
  };
}
