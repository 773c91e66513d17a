/**
 * The capped scans at the heart of a search: the query's index rows in one locale, newest entity
 * first (descending rowid, an order FTS5 gives for free), kept when the item is public and passes
 * the filters, stopping after SEARCH_CAP + 1 rows. Everything a search costs beyond the MATCH
 * itself (visibility lookups, ranking, facet counts) is thus bounded by the cap, whatever the word.
 * See docs/decisions/005-search.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { searchEntityTypes, type SearchEntityType } from '../../../db/schema.ts';
import { ftsRowid } from '../../../db/search-index.ts';
import type { Locale } from '../../i18n/config.ts';
import { shapedStatement } from './shaped-statements.ts';
import { allWithVocabulary, expandedMatchCtes, plainMatchCte, vocabularyForms } from './vocabulary.ts';
import type { TermForms } from './word-forms.ts';

/** Most matches a search examines; beyond it totals read "N+" and facet counts are lower bounds. */
export const SEARCH_CAP = 500;

export type SearchTimeFilter = 'all' | 'upcoming' | 'past';

export interface ScanFilters {
  type?: SearchEntityType | undefined;
  editionId?: number | undefined;
  tagId?: number | undefined;
  /** Only events at this venue (editions and people have no venue). */
  venueId?: number | undefined;
  when: SearchTimeFilter;
}

export interface ScanQuery {
  /** FTS5 query from `parseSearchQuery`. */
  match: string;
  /** Its terms' forms (prefixes are spelled out from the vocabulary: vocabulary.ts). */
  forms: readonly TermForms[];
  locale: Locale;
  /** Milliseconds: visibility (`publishAt` passed) and the time filter. */
  now: number;
}

export interface ScanSpec {
  filters: ScanFilters;
  /** Only rows whose title holds every term. */
  titleOnly: boolean;
  /** Also the bm25 score of each row (see ScanPlan.scoreAll). */
  scored?: boolean;
}

/**
 * The scans of one search, in one statement. `titled` and `all` (title matches and all matches
 * for the filters) are needed together only when the first one run does not decide: `all` first
 * when the filters are selective (it usually stays under the cap, and then `titled` is not
 * needed), `titled` first otherwise (a common word's title matches alone pass the cap).
 */
export interface ScanPlan {
  filters: ScanFilters;
  allFirst: boolean;
  /**
   * Score `all` with bm25 as it is scanned, for filters whose matches (nearly) never pass the
   * cap: the scan then reads every match anyway, and scoring there saves the separate bm25
   * statement, which would merge the prefix terms' doclists and read them once more. Such a scan
   * uses the prefix form (bm25 must see the query's own phrases, ranking.ts).
   */
  scoreAll: boolean;
  /** Facet scans (all matches, other filters). */
  facets: ScanFilters[];
}

export interface ScanResults {
  /** Null when not needed (see ScanPlan). */
  titled: ScanRow[] | null;
  all: ScanRow[] | null;
  facets: ScanRow[][];
}

/** One matching item: its index rowid (type, entity id and locale are read from it), edition and venue. */
export interface ScanRow {
  rowid: number;
  /** An event's edition, an edition's own id, otherwise null (the edition facet). */
  editionId: number | null;
  /** An event's venue, otherwise null (the venue facet). */
  venueId: number | null;
  /** bm25 (lower is better) when the scan was scored, else null. */
  score: number | null;
}

// `now`, the query and the filters' ids are bound, not written into the SQL: the statement text
// stays the same from one request to the next, so it is written once per shape
// (shaped-statements.ts) and the connection's prepared statement is reused.
const bound = {
  now: sql.placeholder('now'),
  match: sql.placeholder('match'),
  forms: sql.placeholder('forms'),
  editionId: sql.placeholder('editionId'),
  tagId: sql.placeholder('tagId'),
  venueId: sql.placeholder('venueId'),
};
type Bound = (typeof bound)[keyof typeof bound];
const visible = (alias: string, now: Bound) =>
  sql`${sql.raw(alias)}.status = 'published' AND (${sql.raw(alias)}.publish_at IS NULL OR ${sql.raw(alias)}.publish_at <= ${now}) AND (${sql.raw(alias)}.unpublish_at IS NULL OR ${sql.raw(alias)}.unpublish_at > ${now})`;
const typeIs = (type: SearchEntityType) => sql.raw(String(searchEntityTypes.indexOf(type)));

/**
 * The ranking score: bm25 with the title weighing 8 and the body 1 (the first four columns are
 * not indexed). A typed word matches both its text and its stem (two phrases, each scored), so
 * the title's forms weigh as the title (a title holding "cities" for "city" stays a title match)
 * and the body's forms only 0.25: weighed 1, a body-only match outranked such titles. Order:
 * title as typed, title inflected, body as typed, body inflected (decision 005).
 */
export const BM25 = 'bm25(search_fts, 0, 0, 0, 0, 8.0, 1.0, 8.0, 0.25)';

/**
 * A MATERIALIZED CTE `<name>(fts_rowid, edition_id, venue_id, score)` of at most SEARCH_CAP + 1 rows,
 * matching `match_query` (vocabulary.ts), or the query's prefix form when scored. Events and
 * editions are checked through one primary-key lookup each; curators and organizers (a handful
 * of rows) are public when they present or run a public event or edition, looked up from the
 * person's side (CROSS JOIN: the planner would otherwise walk every published event). An event is
 * read from `events_search_lookup_idx`, which holds every column a scan tests or returns: a
 * narrow index packs many more events per page than the table (the planner, without statistics,
 * would take the table by its primary key).
 */
function scanCte(name: string, locale: Locale, { filters, titleOnly, scored = false }: ScanSpec): SQL {
  const type = ftsRowid.typeIndex('f');
  const id = ftsRowid.entityId('f');
  // Title matches are read from the titles' own index (migration 0046): through a column filter
  // on search_fts, a word every body holds and no title does read every one of those rows.
  const table = sql.raw(titleOnly ? 'search_titles' : 'search_fts');
  const where: SQL[] = [
    scored ? sql`${table} MATCH ${bound.match}` : sql`${table} MATCH (SELECT q FROM match_query)`,
    ftsRowid.inLocale('f', locale),
    sql`CASE ${type}
      WHEN ${typeIs('event')} THEN ${visible('ev', bound.now)}
      WHEN ${typeIs('edition')} THEN ${visible('ed', bound.now)}
      WHEN ${typeIs('curator')} THEN
        EXISTS (SELECT 1 FROM event_curators x CROSS JOIN events e ON e.id = x.event_id WHERE x.curator_id = ${id} AND ${visible('e', bound.now)})
        OR EXISTS (SELECT 1 FROM edition_curators x CROSS JOIN editions e ON e.id = x.edition_id WHERE x.curator_id = ${id} AND ${visible('e', bound.now)})
      ELSE EXISTS (SELECT 1 FROM event_organizers x CROSS JOIN events e ON e.id = x.event_id WHERE x.organizer_id = ${id} AND ${visible('e', bound.now)})
    END`,
  ];
  if (filters.type) where.push(ftsRowid.isType('f', filters.type));
  // Edition, tag and venue filters test the index row against the ids of that edition or tag, read once
  // per search, before the row's entity is looked up: most rows fail them.
  if (filters.editionId !== undefined) {
    where.push(sql`CASE ${type}
      WHEN ${typeIs('event')} THEN ${id} IN (SELECT id FROM events WHERE edition_id = ${bound.editionId})
      WHEN ${typeIs('edition')} THEN ${id} = ${bound.editionId}
      ELSE 0 END`);
  }
  if (filters.tagId !== undefined) {
    where.push(sql`CASE ${type}
      WHEN ${typeIs('event')} THEN ${id} IN (SELECT event_id FROM event_tags WHERE tag_id = ${bound.tagId})
      WHEN ${typeIs('edition')} THEN ${id} IN (SELECT edition_id FROM edition_tags WHERE tag_id = ${bound.tagId})
      ELSE 0 END`);
  }
  if (filters.venueId !== undefined) {
    where.push(sql`CASE ${type} WHEN ${typeIs('event')} THEN ${id} IN (SELECT id FROM events WHERE venue_id = ${bound.venueId}) ELSE 0 END`);
  }
  // People have no dates: a time filter narrows the results to events and editions.
  // A repeating event is indexed once, by its first date; it is upcoming while any later date is
  // (each a row pointing at it, decision 049): one probe of the series index, only for ended rows.
  const laterDate = sql`EXISTS (SELECT 1 FROM events d WHERE d.series_id = ev.id AND d.ends_at >= ${bound.now})`;
  if (filters.when === 'upcoming') where.push(sql`(coalesce(ev.ends_at, ed.ends_at) >= ${bound.now} OR ${laterDate})`);
  if (filters.when === 'past') where.push(sql`coalesce(ev.ends_at, ed.ends_at) < ${bound.now} AND NOT ${laterDate}`);
  return sql`${sql.identifier(name)} AS MATERIALIZED (
    SELECT f.rowid AS fts_rowid, CASE ${type} WHEN ${typeIs('event')} THEN ev.edition_id WHEN ${typeIs('edition')} THEN ed.id END AS edition_id,
      ev.venue_id AS venue_id, ${sql.raw(scored ? BM25 : 'NULL')} AS score
    FROM ${table} f
    LEFT JOIN events ev INDEXED BY events_search_lookup_idx ON ${ftsRowid.isType('f', 'event')} AND ev.id = ${id}
    LEFT JOIN editions ed ON ${ftsRowid.isType('f', 'edition')} AND ed.id = ${id}
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY f.rowid DESC
    LIMIT ${sql.raw(String(SEARCH_CAP + 1))})`;
}

const json = (name: string) => sql.raw(`(SELECT json_group_array(json_array(fts_rowid, edition_id, score, venue_id)) FROM ${name})`);
const count = (name: string) => sql.raw(`(SELECT count(*) FROM ${name})`);
const cap = sql.raw(String(SEARCH_CAP));

/** What of a scan's filters its SQL text depends on (ids are bound). */
const filterShape = ({ type, editionId, tagId, venueId, when }: ScanFilters) => [
  type ?? null,
  editionId !== undefined,
  tagId !== undefined,
  venueId !== undefined,
  when,
];

/**
 * Runs a search's scans in one statement; each answer holds at most SEARCH_CAP + 1 rows, newest
 * first (one row more than the cap means "more exist"). Rows travel as one JSON array per scan.
 */
export async function runScans(db: Executor, query: ScanQuery, plan: ScanPlan): Promise<ScanResults> {
  const facetNames = plan.facets.map((_, i) => `scan_facet${i}`);
  const build = (expanded: boolean) => {
    const ctes = [
      scanCte('scan_titled', query.locale, { filters: plan.filters, titleOnly: true }),
      scanCte('scan_all', query.locale, { filters: plan.filters, titleOnly: false, scored: plan.scoreAll }),
      ...plan.facets.map((filters, i) => scanCte(facetNames[i]!, query.locale, { filters, titleOnly: false })),
    ];
    // CASE evaluates (and materialises) the second scan only when the first leaves the answer open.
    const [titled, all] = plan.allFirst
      ? [sql`CASE WHEN ${count('scan_all')} > ${cap} THEN ${json('scan_titled')} END`, json('scan_all')]
      : [json('scan_titled'), sql`CASE WHEN ${count('scan_titled')} <= ${cap} THEN ${json('scan_all')} END`];
    return sql`
    WITH RECURSIVE ${expanded ? expandedMatchCtes(bound.forms) : plainMatchCte(bound.match)}, ${sql.join(ctes, sql`, `)}
    SELECT ${titled} AS titled, ${all} AS "all"${sql.join(facetNames.map((name) => sql`, ${json(name)} AS ${sql.identifier(name)}`))}`;
  };
  const { filters } = plan;
  const values = {
    now: query.now,
    match: query.match,
    forms: vocabularyForms(query.forms),
    editionId: filters.editionId,
    tagId: filters.tagId,
    venueId: filters.venueId,
  };
  const shape = JSON.stringify([query.locale, plan.allFirst, plan.scoreAll, [filters, ...plan.facets].map(filterShape)]);
  const statement = (expanded: boolean) => shapedStatement(`scan:${shape}:${expanded}`, () => build(expanded), values);
  const [row] = await allWithVocabulary<Record<string, string | null>>(db, statement);
  const parse = (text: string | null | undefined): ScanRow[] =>
    (JSON.parse(text ?? '[]') as [number, number | null, number | null, number | null][])
      .map(([rowid, editionId, score, venueId]) => ({ rowid, editionId, venueId, score }))
      .sort((a, b) => b.rowid - a.rowid);
  return {
    titled: row?.titled == null ? null : parse(row.titled),
    all: row?.all == null ? null : parse(row.all),
    facets: facetNames.map((name) => parse(row?.[name])),
  };
}
