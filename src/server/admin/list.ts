/**
 * Admin lists: search (full-text for collections in the search index, LIKE for the small ones),
 * whitelisted filters and sort, pagination with a total, and per-locale completeness badges.
 * Exports walk the same filters in id order, in batches.
 */
import { and, asc, getTableColumns, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import type { SearchEntityType } from '../../../db/schema.ts';
import { locales, type Locale } from '../../i18n/config.ts';
import { parseSort } from '../../lib/admin-schemas/list-query.ts';
import { parseSearchQuery } from '../search/query.ts';
import type { Completeness } from './completeness.ts';
import type { EntitySpec } from './entity-spec.ts';
import { columnOf } from './entity-state.ts';
import { ftsRowid } from '../../../db/search-index.ts';

export interface ListQueryBase {
  q?: string | undefined;
  sort: string;
  page: number;
  limit: number;
}

export interface ListDefinition<Q> {
  spec: EntitySpec;
  /** The item's display title (default-locale text, else any locale, else a name). */
  title: SQL;
  /** Whitelisted sort keys → expression; `id` always breaks ties. */
  sorts: Readonly<Record<string, SQL | SQLiteColumn>>;
  /** Conditions of the collection's own filters. */
  filters(query: Q): (SQL | undefined)[];
  /**
   * How `q` searches: the full-text index (with LIKE over `also` for text that has no words),
   * or a LIKE pattern for the small collections.
   */
  search: { fts: SearchEntityType; also: SQLiteColumn[] } | { like: (pattern: string) => SQL };
  /** Columns left out of list items (large or internal). */
  omit?: readonly string[];
}

export interface ListPage {
  items: Record<string, unknown>[];
  total: number;
  page: number;
  limit: number;
}

/** `%text%` with LIKE wildcards in the text escaped (use with `ESCAPE '\'`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `column LIKE pattern ESCAPE '\'`. */
export function likeEscaped(column: SQL | SQLiteColumn, pattern: string): SQL {
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/** True when `q` searches the full-text index (rather than LIKE, or nothing). */
function searchesFullText<Q>(definition: ListDefinition<Q>, q: string | undefined): boolean {
  const text = q?.trim();
  return Boolean(text) && 'fts' in definition.search && parseSearchQuery(text).kind === 'ok';
}

function searchCondition<Q>(definition: ListDefinition<Q>, q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const { search } = definition;
  if ('like' in search) return search.like(pattern);
  const idColumn = columnOf(definition.spec, 'id');
  const parsed = parseSearchQuery(text);
  // Text without letters or digits (`#`, `…`) has no full-text terms: only a literal match on
  // the listed columns (names) can find anything.
  if (parsed.kind !== 'ok') return or(...search.also.map((column) => likeEscaped(column, pattern))) ?? sql`0`;
  // Every locale's row counts: an editor looking for a French word should find the item. A
  // plain IN (no OR) lets SQLite start from the few matches instead of scanning the table.
  return sql`${idColumn} IN (SELECT ${ftsRowid.entityId('f')} FROM search_fts f WHERE search_fts MATCH ${parsed.match} AND ${ftsRowid.isType('f', search.fts)})`;
}

/** The WHERE clause of a list or export. */
export function listWhere<Q extends { q?: string | undefined }>(definition: ListDefinition<Q>, query: Q): SQL | undefined {
  return and(searchCondition(definition, query.q), ...definition.filters(query));
}

/**
 * Completeness of many items' translations, computed in SQL so list pages never load the
 * (possibly long) texts themselves.
 */
export async function loadCompleteness(db: Executor, spec: EntitySpec, ids: readonly number[]): Promise<Map<number, Record<Locale, Completeness>>> {
  const t = spec.translations;
  const columns = getTableColumns(t.table);
  const filled = (field: string) => sql`coalesce(trim(${columns[field]!}), '') <> ''`;
  const rows = ids.length
    ? await db
        .select({
          owner: t.owner,
          locale: t.locale,
          any: sql<number>`${sql.join(t.fields.map(filled), sql` OR `)}`,
          all: sql<number>`${sql.join(t.complete.map(filled), sql` AND `)}`,
        })
        .from(t.table)
        .where(inArray(t.owner, [...ids]))
    : [];
  const result = new Map<number, Record<Locale, Completeness>>();
  for (const id of ids) result.set(id, Object.fromEntries(locales.map((locale) => [locale, 'missing'])) as Record<Locale, Completeness>);
  for (const row of rows as { owner: number; locale: string; any: number; all: number }[]) {
    const entry = result.get(row.owner);
    if (entry && row.locale in entry && row.any) entry[row.locale as Locale] = row.all ? 'complete' : 'partial';
  }
  return result;
}

/** One page of a collection's list. */
export async function listItems<Q extends ListQueryBase>(db: Executor, definition: ListDefinition<Q>, query: Q): Promise<ListPage> {
  const { spec } = definition;
  const { total, ids } = await findPageIds(db, definition, query);
  const idColumn = columnOf(spec, 'id');
  const omit = new Set(definition.omit ?? []);
  const columns = Object.fromEntries(Object.entries(getTableColumns(spec.table)).filter(([key]) => !omit.has(key)));
  // Columns and titles only for the page's rows, never for every match that was sorted.
  const rows = ids.length
    ? ((await db
        .select({ ...columns, title: sql<string | null>`${definition.title}` })
        .from(spec.table)
        .where(inArray(idColumn, ids))) as Record<string, unknown>[])
    : [];
  const byId = new Map(rows.map((row) => [row['id'] as number, row]));
  // A row deleted since the first statement is left out, not reported as an empty item.
  const items = ids.map((id) => byId.get(id)).filter((row): row is Record<string, unknown> => row !== undefined);
  const badges = await loadCompleteness(db, spec, ids);
  return {
    items: items.map((item) => ({ ...item, locales: badges.get(item['id'] as number), ...spec.present?.({ id: item['id'] as number, values: item, translations: {}, links: {} }) })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * The total and the page's ids in sort order, from one statement over the matching set `hits`.
 * A full-text search bounds that set to the matches: it is computed once (one MATCH, one lookup
 * per match) and both the count and the page's top-N sort read it. Without one, the set may be
 * the whole table: the count then runs on an index alone and the page walks the sort index and
 * stops after its rows, so each is planned on its own.
 */
async function findPageIds<Q extends ListQueryBase>(db: Executor, definition: ListDefinition<Q>, query: Q): Promise<{ total: number; ids: number[] }> {
  const { spec } = definition;
  const { field, descending } = parseSort(query.sort);
  const sortBy = definition.sorts[field];
  if (!sortBy) throw new Error(`${spec.entity}: sort ${field} is not whitelisted`);
  const where = listWhere(definition, query);
  const direction = sql.raw(descending ? 'DESC' : 'ASC');
  const materialized = searchesFullText(definition, query.q) ? sql.raw('MATERIALIZED') : sql.raw('NOT MATERIALIZED');
  const rows = await db.all<{ total: number; id: number | null }>(sql`
    WITH hits AS ${materialized} (SELECT ${columnOf(spec, 'id')} AS id, ${sortBy} AS k FROM ${spec.table}${where ? sql` WHERE ${where}` : sql``})
    SELECT c.total AS total, p.id AS id
    FROM (SELECT count(*) AS total FROM hits) c
    LEFT JOIN (SELECT id, k FROM hits ORDER BY k ${direction}, id ${direction} LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}) p
    ORDER BY p.k ${direction}, p.id ${direction}`);
  return { total: rows[0]?.total ?? 0, ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])) };
}

/** The next batch of ids matching an export query, after `afterId`, in id order. */
export async function nextExportIds<Q extends { q?: string | undefined }>(
  db: Executor,
  definition: ListDefinition<Q>,
  query: Q,
  afterId: number,
  batch: number,
): Promise<number[]> {
  const idColumn = columnOf(definition.spec, 'id');
  const rows = await db
    .select({ id: idColumn })
    .from(definition.spec.table)
    .where(and(gt(idColumn, afterId), listWhere(definition, query)))
    .orderBy(asc(idColumn))
    .limit(batch);
  return (rows as { id: number }[]).map((row) => row.id);
}
