/**
 * Admin lists: search (full-text for collections in the search index, LIKE for the small ones),
 * whitelisted filters and sort, pagination with a total, and per-locale completeness badges.
 * Exports walk the same filters in id order, in batches.
 */
import { and, asc, count, desc, getTableColumns, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
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
  const where = listWhere(definition, query);
  const { field, descending } = parseSort(query.sort);
  const sortBy = definition.sorts[field];
  if (!sortBy) throw new Error(`${spec.entity}: sort ${field} is not whitelisted`);
  const direction = descending ? desc : asc;
  const idColumn = columnOf(spec, 'id');
  const omit = new Set(definition.omit ?? []);
  const columns = Object.fromEntries(Object.entries(getTableColumns(spec.table)).filter(([key]) => !omit.has(key)));
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...columns, title: sql<string | null>`${definition.title}` })
      .from(spec.table)
      .where(where)
      .orderBy(direction(sortBy), direction(idColumn))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(spec.table).where(where),
  ]);
  const items = rows as Record<string, unknown>[];
  const badges = await loadCompleteness(db, spec, items.map((item) => item['id'] as number));
  return {
    items: items.map((item) => ({ ...item, locales: badges.get(item['id'] as number), ...spec.present?.({ id: item['id'] as number, values: item, translations: {}, links: {} }) })),
    total: total?.value ?? 0,
    page: query.page,
    limit: query.limit,
  };
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
