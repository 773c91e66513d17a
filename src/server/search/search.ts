/**
 * Full-text search over public events, editions, curators and organizers in one locale, with
 * bm25 ranking, highlighted snippets, facet counts (type, edition, tag), a time filter and
 * pagination. See docs/decisions/005-search.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { searchEntityTypes, type SearchEntityType } from '../../../db/schema.ts';
import { ftsRowid } from '../../../db/search-index.ts';
import { defaultLocale, type Locale } from '../../i18n/config.ts';
import { parseSearchQuery } from './query.ts';
import { MARK_CLOSE, MARK_OPEN } from './highlight.ts';

export type SearchTimeFilter = 'all' | 'upcoming' | 'past';

export interface SearchInput {
  q: string;
  locale: Locale;
  now: Date;
  type?: SearchEntityType | undefined;
  editionId?: number | undefined;
  tagId?: number | undefined;
  when?: SearchTimeFilter;
  page?: number;
  pageSize?: number;
}

export interface SearchHit {
  type: SearchEntityType;
  id: number;
  slug: string;
  /** Title with U+0001/U+0002 around matches (render with `renderHighlight`). */
  titleMarked: string;
  snippetMarked: string;
  /** The text is the default locale's (no translation in the page's locale). */
  isFallback: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  timeZone: string | null;
}

export interface FacetCount {
  value: string;
  label: string;
  count: number;
}

export interface SearchResults {
  status: 'empty' | 'too-long' | 'no-terms' | 'ok';
  terms: string[];
  hits: SearchHit[];
  total: number;
  page: number;
  pageSize: number;
  facets: { type: FacetCount[]; edition: FacetCount[]; tag: FacetCount[] };
}

const visibleEvent = (alias: string, now: number) =>
  sql.raw(`${alias}.status = 'published' AND (${alias}.publish_at IS NULL OR ${alias}.publish_at <= ${now})`);

/**
 * The ranked, visibility-checked matches, materialised once per search: the page and the three
 * facet counts read it, so FTS5 runs the MATCH a single time. Highlights are computed later, for
 * the page's rows only (they cost far more than ranking).
 */
function matchesCte(match: string, locale: Locale, now: number): SQL {
  const typeOf = sql.join(
    [sql`CASE ${ftsRowid.typeIndex('f')}`, ...searchEntityTypes.map((type, i) => sql.raw(`WHEN ${i} THEN '${type}'`)), sql`END`],
    sql` `,
  );
  return sql`
    hits AS MATERIALIZED (
      SELECT f.rowid AS fts_rowid, ${typeOf} AS type, ${ftsRowid.entityId('f')} AS id,
        bm25(search_fts, 0, 0, 0, 0, 8.0, 1.0) AS score
      FROM search_fts f
      WHERE search_fts MATCH ${match} AND ${ftsRowid.inLocale('f', locale)}
    ),
    matches AS MATERIALIZED (
      SELECT h.*,
        coalesce(ev.slug, ed.slug, cu.slug, org.slug) AS slug,
        CASE h.type WHEN 'event' THEN pe.id WHEN 'edition' THEN ed.id END AS edition_id,
        coalesce(ev.starts_at, ed.starts_at) AS starts_at,
        coalesce(ev.ends_at, ed.ends_at) AS ends_at,
        coalesce(ev.time_zone, ed.time_zone) AS time_zone
      FROM hits h
      LEFT JOIN events ev ON h.type = 'event' AND ev.id = h.id
      LEFT JOIN editions pe ON pe.id = ev.edition_id AND ${visibleEvent('pe', now)}
      LEFT JOIN editions ed ON h.type = 'edition' AND ed.id = h.id
      LEFT JOIN curators cu ON h.type = 'curator' AND cu.id = h.id
      LEFT JOIN organizers org ON h.type = 'organizer' AND org.id = h.id
      WHERE (h.type = 'event' AND ${visibleEvent('ev', now)})
        OR (h.type = 'edition' AND ${visibleEvent('ed', now)})
        OR (h.type = 'curator' AND (
          EXISTS (SELECT 1 FROM event_curators x JOIN events e ON e.id = x.event_id WHERE x.curator_id = h.id AND ${visibleEvent('e', now)})
          OR EXISTS (SELECT 1 FROM edition_curators x JOIN editions e ON e.id = x.edition_id WHERE x.curator_id = h.id AND ${visibleEvent('e', now)})))
        OR (h.type = 'organizer' AND
          EXISTS (SELECT 1 FROM event_organizers x JOIN events e ON e.id = x.event_id WHERE x.organizer_id = h.id AND ${visibleEvent('e', now)}))
    )`;
}

interface Filters {
  type?: SearchEntityType | undefined;
  editionId?: number | undefined;
  tagId?: number | undefined;
  when: SearchTimeFilter;
  now: number;
}

/** WHERE over `matches m`, leaving out the facet being counted (disjunctive facets). */
function filterSql(filters: Filters, skip?: 'type' | 'edition' | 'tag'): SQL {
  const parts: SQL[] = [sql`1`];
  if (filters.type && skip !== 'type') parts.push(sql`m.type = ${filters.type}`);
  if (filters.editionId !== undefined && skip !== 'edition') parts.push(sql`m.edition_id = ${filters.editionId}`);
  if (filters.tagId !== undefined && skip !== 'tag') {
    parts.push(sql`(
      (m.type = 'event' AND EXISTS (SELECT 1 FROM event_tags t WHERE t.event_id = m.id AND t.tag_id = ${filters.tagId}))
      OR (m.type = 'edition' AND EXISTS (SELECT 1 FROM edition_tags t WHERE t.edition_id = m.id AND t.tag_id = ${filters.tagId})))`);
  }
  // People have no dates: a time filter narrows the results to events and editions.
  if (filters.when === 'upcoming') parts.push(sql`m.ends_at >= ${filters.now}`);
  if (filters.when === 'past') parts.push(sql`m.ends_at < ${filters.now}`);
  return sql.join(parts, sql` AND `);
}

/** Runs a search; bad or empty input yields a status instead of an error. */
export async function searchHub(db: Executor, input: SearchInput): Promise<SearchResults> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? 20;
  const empty = { hits: [], total: 0, page, pageSize, facets: { type: [], edition: [], tag: [] } };
  const parsed = parseSearchQuery(input.q);
  if (parsed.kind !== 'ok') return { status: parsed.kind, terms: [], ...empty };

  const now = input.now.getTime();
  const filters: Filters = { type: input.type, editionId: input.editionId, tagId: input.tagId, when: input.when ?? 'all', now };
  const cte = matchesCte(parsed.match, input.locale, now);

  // One statement, one MATCH: page rows and facet counts as a UNION ALL over the materialised matches.
  type Row = {
    part: 'page' | 'type' | 'edition' | 'tag';
    fts_rowid: number | null; type: SearchEntityType | null; id: number | null; slug: string | null; is_fallback: number | null;
    starts_at: number | null; ends_at: number | null; time_zone: string | null; value: string | null; label: string | null; count: number | null;
  };
  const rows = await db.all<Row>(sql`WITH ${cte},
    tagged AS (
      SELECT m.type, m.id, t.tag_id FROM matches m JOIN event_tags t ON m.type = 'event' AND t.event_id = m.id WHERE ${filterSql(filters, 'tag')}
      UNION ALL
      SELECT m.type, m.id, t.tag_id FROM matches m JOIN edition_tags t ON m.type = 'edition' AND t.edition_id = m.id WHERE ${filterSql(filters, 'tag')}
    )
    SELECT * FROM (
      SELECT 'page' AS part, m.fts_rowid, m.type, m.id, m.slug, NULL AS is_fallback, m.starts_at, m.ends_at, m.time_zone, NULL AS value, NULL AS label, NULL AS count
      FROM matches m WHERE ${filterSql(filters)}
      ORDER BY m.score ASC, m.id ASC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize})
    UNION ALL
    SELECT 'type', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, m.type, NULL, count(*) FROM matches m WHERE ${filterSql(filters, 'type')} GROUP BY m.type
    UNION ALL
    SELECT * FROM (
      SELECT 'edition', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ed.slug, coalesce(own.title, fb.title), count(*)
      FROM matches m JOIN editions ed ON ed.id = m.edition_id
      LEFT JOIN edition_translations own ON own.edition_id = ed.id AND own.locale = ${input.locale}
      LEFT JOIN edition_translations fb ON fb.edition_id = ed.id AND fb.locale = ${defaultLocale}
      WHERE ${filterSql(filters, 'edition')} GROUP BY ed.id ORDER BY count(*) DESC, ed.starts_at DESC LIMIT 20)
    UNION ALL
    SELECT * FROM (
      SELECT 'tag', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, tg.slug, coalesce(own.label, fb.label), count(*)
      FROM tagged JOIN tags tg ON tg.id = tagged.tag_id
      LEFT JOIN tag_translations own ON own.tag_id = tg.id AND own.locale = ${input.locale}
      LEFT JOIN tag_translations fb ON fb.tag_id = tg.id AND fb.locale = ${defaultLocale}
      GROUP BY tg.id ORDER BY count(*) DESC, tg.slug ASC LIMIT 20)`);
  const pageRows = rows.filter((row) => row.part === 'page');
  const facetRows = (part: Row['part']) =>
    rows.filter((row) => row.part === part).map((row) => ({ value: row.value!, label: row.label ?? row.value!, count: row.count! }));
  const typeCounts = facetRows('type');
  const marked = await loadHighlights(db, parsed.match, pageRows.map((row) => row.fts_rowid!));

  const typeFacet = searchEntityTypes.flatMap((type) => {
    const count = typeCounts.find((row) => row.value === type)?.count ?? 0;
    return count > 0 ? [{ value: type, label: type, count }] : [];
  });
  const total = filters.type
    ? (typeFacet.find((facet) => facet.value === filters.type)?.count ?? 0)
    : typeFacet.reduce((sum, facet) => sum + facet.count, 0);

  return {
    status: 'ok',
    terms: parsed.terms,
    page,
    pageSize,
    total,
    hits: pageRows.map((row) => ({
      type: row.type!,
      id: row.id!,
      slug: row.slug!,
      titleMarked: marked.get(row.fts_rowid!)?.title ?? '',
      snippetMarked: marked.get(row.fts_rowid!)?.snippet ?? '',
      isFallback: marked.get(row.fts_rowid!)?.isFallback ?? false,
      startsAt: row.starts_at === null ? null : new Date(row.starts_at),
      endsAt: row.ends_at === null ? null : new Date(row.ends_at),
      timeZone: row.time_zone,
    })),
    facets: {
      type: typeFacet,
      edition: facetRows('edition'),
      tag: facetRows('tag'),
    },
  };
}

/** Highlighted title and body excerpt of the given index rows (the page's hits only). */
async function loadHighlights(
  db: Executor,
  match: string,
  rowids: number[],
): Promise<Map<number, { title: string; snippet: string; isFallback: boolean }>> {
  if (rowids.length === 0) return new Map();
  const rows = await db.all<{ rowid: number; title: string; snippet: string | null; is_fallback: number }>(sql`
    SELECT rowid, is_fallback, highlight(search_fts, 4, ${MARK_OPEN}, ${MARK_CLOSE}) AS title,
      snippet(search_fts, 5, ${MARK_OPEN}, ${MARK_CLOSE}, '…', 24) AS snippet
    FROM search_fts WHERE search_fts MATCH ${match} AND rowid IN (${sql.join(rowids.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rows.map((row) => [row.rowid, { title: row.title, snippet: row.snippet ?? '', isFallback: Boolean(row.is_fallback) }]));
}
