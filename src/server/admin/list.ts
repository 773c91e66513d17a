/**
 * Admin lists: search (full-text for collections in the search index, LIKE for the small ones),
 * whitelisted filters and sort, pagination with a total, and per-locale completeness badges.
 * Exports walk the same filters in id order, in batches.
 */
import { and, asc, Column, getTableColumns, gt, is, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import type { Executor } from '../../../db/client.ts';
import { workingCopies, type SearchEntityType } from '../../../db/schema.ts';
import { locales, type Locale } from '../../i18n/config.ts';
import { parseSort } from '../../lib/admin-schemas/list-query.ts';
import { parseSearchQuery } from '../search/query.ts';
import type { Completeness } from './completeness.ts';
import type { EntitySpec } from './entity-spec.ts';
import { columnOf } from './entity-state.ts';
import { TEXT_STATE, textStateOf, translationStateCondition } from './translation-state.ts';
import { translationFilterKeys, type TranslationFilterKey } from '../../lib/admin-schemas/translation-filters.ts';
import { ftsRowid } from '../../../db/search-index.ts';

/** The translation filters every list has (`missing=fr`, `partial=de`, `complete=en`; docs/decisions/037). */
export type TranslationFilterQuery = { [key in TranslationFilterKey]?: Locale | undefined };

export interface ListQueryBase extends TranslationFilterQuery {
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
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `column LIKE pattern ESCAPE '\'`. */
export function likeEscaped(column: SQL | SQLiteColumn, pattern: string): SQL {
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/**
 * The ids of the items whose full-text index rows match `q` (one per index row: an item matching
 * in several locales appears once per locale), or undefined when `q` does not search the index.
 */
function fullTextMatches<Q>(definition: ListDefinition<Q>, q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text || !('fts' in definition.search)) return undefined;
  const parsed = parseSearchQuery(text);
  if (parsed.kind !== 'ok') return undefined;
  return sql`SELECT ${ftsRowid.entityId('f')} AS id FROM search_fts f WHERE search_fts MATCH ${parsed.match} AND ${ftsRowid.isType('f', definition.search.fts)}`;
}

function searchCondition<Q>(definition: ListDefinition<Q>, q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const { search } = definition;
  if ('like' in search) return search.like(pattern);
  const matches = fullTextMatches(definition, text);
  // Text without letters or digits (`#`, `…`) has no full-text terms: only a literal match on
  // the listed columns (names) can find anything.
  if (!matches) return or(...search.also.map((column) => likeEscaped(column, pattern))) ?? sql`0`;
  // Every locale's row counts: an editor looking for a French word should find the item. A
  // plain IN (no OR) lets SQLite start from the few matches instead of scanning the table.
  return sql`${columnOf(definition.spec, 'id')} IN (${matches})`;
}

/** The conditions of the translation filters, on the item id `id`. */
function translationConditions(spec: EntitySpec, id: SQL | SQLiteColumn, query: TranslationFilterQuery): (SQL | undefined)[] {
  return translationFilterKeys.map((state) => {
    const locale = query[state];
    return locale ? translationStateCondition(spec.translations, id, state, locale) : undefined;
  });
}

/** The collection's own filters and the translation filters. */
function filtersOf<Q extends TranslationFilterQuery>(definition: ListDefinition<Q>, query: Q): (SQL | undefined)[] {
  return [...definition.filters(query), ...translationConditions(definition.spec, columnOf(definition.spec, 'id'), query)];
}

/** The WHERE clause of a list or export. */
function listWhere<Q extends { q?: string | undefined } & TranslationFilterQuery>(definition: ListDefinition<Q>, query: Q): SQL | undefined {
  return and(searchCondition(definition, query.q), ...filtersOf(definition, query));
}

/**
 * Completeness of an item's translations as a JSON object `{ locale: 'complete' | 'partial' }`
 * (locales without text are left out), computed in SQL so lists never load the (possibly long)
 * texts themselves.
 */
function completenessOf(spec: EntitySpec, idColumn: SQLiteColumn): SQL {
  const t = spec.translations;
  const stored = textStateOf(t);
  return sql`(SELECT json_group_object(${t.locale}, CASE ${stored} WHEN ${TEXT_STATE.complete} THEN 'complete' ELSE 'partial' END)
    FROM ${t.table} WHERE ${t.owner} = ${idColumn} AND ${stored} > ${TEXT_STATE.missing})`;
}

/**
 * The item's working copy (decision 035) as `[scheduledAt ms, scheduleProblem]` JSON, null
 * without one: the "Changes not published" badge, "Changes scheduled for …" or why it failed.
 */
function workingCopyOf(spec: EntitySpec, idColumn: SQLiteColumn): SQL {
  if (!spec.publication) return sql`NULL`;
  return sql`(SELECT json_array(${workingCopies.scheduledAt}, ${workingCopies.scheduleProblem}) FROM ${workingCopies} WHERE ${workingCopies.entity} = ${spec.entity} AND ${workingCopies.entityId} = ${idColumn})`;
}

/** What `workingCopyOf` reads back: `[scheduledAt ms, scheduleProblem]`. */
const copyScheduleSchema = z.tuple([z.number().nullable(), z.string().nullable()]);

/** The list members of an item's working copy, from `workingCopyOf`. */
function copyMembersOf(value: unknown) {
  if (typeof value !== 'string') return { unpublishedChanges: false, changesScheduledAt: null, changesScheduleProblem: null };
  const [at, problem] = copyScheduleSchema.parse(JSON.parse(value));
  return { unpublishedChanges: true, changesScheduledAt: at === null ? null : new Date(at).toISOString(), changesScheduleProblem: problem };
}

/** The badge of every locale from `completenessOf`'s JSON; a locale it leaves out is missing. */
function badgesOf(json: unknown): Record<string, Completeness> {
  const stored = new Map<string, unknown>(typeof json === 'string' ? Object.entries(JSON.parse(json)) : []);
  return Object.fromEntries(
    locales.map((locale): [string, Completeness] => {
      const state = stored.get(locale);
      return [locale, state === 'complete' || state === 'partial' ? state : 'missing'];
    }),
  );
}

/**
 * One page of a collection's list, in one statement: the total, the page's ids in sort order
 * (`findPage`), and then only for those rows their columns, title and completeness badges.
 */
export async function listItems<Q extends ListQueryBase>(db: Executor, definition: ListDefinition<Q>, query: Q): Promise<ListPage> {
  const { spec } = definition;
  const idColumn = columnOf(spec, 'id');
  const omit = new Set([...(definition.omit ?? []), 'title']);
  const columns = Object.entries(getTableColumns(spec.table)).filter(([key]) => !omit.has(key));
  const { ctes, from, direction } = findPage(definition, query);
  const rows = await db.all<Record<string, unknown>>(sql`${ctes}
    SELECT c.total AS "$total", ${sql.join(
      columns.map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
      sql`, `,
    )}, ${definition.title} AS title, ${completenessOf(spec, idColumn)} AS "$locales", ${workingCopyOf(spec, idColumn)} AS "$copy"
    FROM ${from} LEFT JOIN ${spec.table} ON ${idColumn} = p.id
    ORDER BY p.k ${direction}, p.id ${direction}`);
  const items = rows
    .filter((row) => row['id'] !== null)
    .map((row) => {
      const item: Record<string, unknown> = {};
      for (const [key, column] of columns) item[key] = row[key] === null ? null : column.mapFromDriverValue(row[key]);
      item['title'] = row['title'];
      const id = typeof item['id'] === 'number' ? item['id'] : 0;
      const copy = spec.publication ? copyMembersOf(row['$copy']) : {};
      return { ...item, locales: badgesOf(row['$locales']), ...copy, ...spec.present?.({ id, values: item, translations: {}, links: {} }) };
    });
  const total = rows[0]?.['$total'];
  return { items, total: typeof total === 'number' ? total : 0, page: query.page, limit: query.limit };
}

/**
 * The statement parts that give the total (`c.total`) and the page's ids and sort keys (`p.id`,
 * `p.k`): `ctes` and `from`, to be followed by `ORDER BY p.k direction, p.id direction`. Without
 * a full-text search the count runs on an index alone (or is SQLite's b-tree count when there is
 * no filter at all) and the page walks the sort index and stops after its rows. With one, see
 * `searchPage`.
 */
function findPage<Q extends ListQueryBase>(definition: ListDefinition<Q>, query: Q): PageParts & { direction: SQL } {
  const { spec } = definition;
  const { field, descending } = parseSort(query.sort);
  const sortBy = definition.sorts[field];
  if (!sortBy) throw new Error(`${spec.entity}: sort ${field} is not whitelisted`);
  const direction = sql.raw(descending ? 'DESC' : 'ASC');
  const page: PageClause = { direction, limit: query.limit, offset: (query.page - 1) * query.limit };
  const matches = fullTextMatches(definition, query.q);
  // With a search, the translation filters narrow the matches (a key lookup per match): no
  // index starts from them, so they must not count among the filters searchPage starts from.
  const translated = and(...translationConditions(spec, sql`fm.id`, query));
  const scoped = matches && translated ? sql`SELECT fm.id AS id FROM (${matches}) AS fm WHERE ${translated}` : matches;
  const parts = scoped
    ? searchPage(definition, definition.filters(query), scoped, sortBy, page)
    : hitsPage(definition, listWhere(definition, query), sortBy, page, 'NOT MATERIALIZED');
  return { ...parts, direction };
}

interface PageParts {
  /** `WITH …` */
  ctes: SQL;
  /** `c LEFT JOIN (…) p` */
  from: SQL;
}

interface PageClause {
  /** `ASC` or `DESC` */
  direction: SQL;
  limit: number;
  offset: number;
}

/**
 * The total and the page over one set `hits` of (id, sort key): materialised, it is computed
 * once for both; not, each is planned on its own (the count on an index alone, the page on a
 * walk of the sort index that stops after its rows).
 */
function hitsPage<Q>(
  definition: ListDefinition<Q>,
  where: SQL | undefined,
  sortBy: SQL | SQLiteColumn,
  page: PageClause,
  materialized: 'MATERIALIZED' | 'NOT MATERIALIZED',
): PageParts {
  const { spec } = definition;
  return {
    ctes: sql`WITH hits AS ${sql.raw(materialized)} (SELECT ${columnOf(spec, 'id')} AS id, ${sortBy} AS k FROM ${spec.table}${where ? sql` WHERE ${where}` : sql``})`,
    from: sql`(SELECT count(*) AS total FROM hits) c LEFT JOIN (SELECT id, k FROM hits ORDER BY k ${page.direction}, id ${page.direction} LIMIT ${page.limit} OFFSET ${page.offset}) p`,
  };
}

/**
 * The total and page of a full-text search (decision 007, "List performance"). The MATCH runs
 * once into `m`, its matching index rows (one per item and locale). Three plans, all in the
 * statement; those not chosen have their count in a CASE branch not taken or a LIMIT of 0, so
 * SQLite never starts them:
 * - *narrow*: fewer rows pass the filters than `m` holds (drafts among common words): the count
 *   and the page start from the filters' index and keep the rows in `m`, as they would without
 *   a search.
 * - otherwise the count looks each match up in the narrowest index that holds the filters (with
 *   `status`, its own index, never the table), and the page either *walks* the sort key's index
 *   and keeps the rows in `m` until OFFSET + LIMIT pass the filters, when matches are dense
 *   enough for that to be short, or *looks up* each match by id and sorts them.
 * A sort on a computed key (the title) has no index to walk: the key is computed per match.
 */
function searchPage<Q>(definition: ListDefinition<Q>, filters: (SQL | undefined)[], matches: SQL, sortBy: SQL | SQLiteColumn, page: PageClause): PageParts {
  const { spec } = definition;
  const idColumn = columnOf(spec, 'id');
  if (!is(sortBy, Column) || sortBy.table !== spec.table)
    return hitsPage(definition, and(sql`${idColumn} IN (${matches})`, ...filters), sortBy, page, 'MATERIALIZED');
  const filtered = and(...filters);
  const id = sql`w.${sql.identifier(idColumn.name)}`;
  // `+` keeps SQLite from starting at the matches; the filters, checked by id only for rows in
  // `m`, from starting at a filter's index and sorting what it finds.
  const walked = sql`SELECT ${id} AS id, w.${sql.identifier(sortBy.name)} AS k FROM ${spec.table} AS w
    WHERE +${id} IN (SELECT id FROM m)${filtered ? sql` AND EXISTS (SELECT 1 FROM ${spec.table} WHERE ${idColumn} = ${id} AND ${filtered})` : sql``}`;
  // CROSS JOIN: from the matches to the table, never a walk of a filter's index probing `m`.
  const looked = sql`SELECT ${idColumn} AS id, ${sortBy} AS k FROM (SELECT DISTINCT id FROM m) AS d CROSS JOIN ${spec.table} WHERE ${and(sql`${idColumn} = d.id`, filtered)}`;
  const inMatches = sql`${idColumn} IN (SELECT id FROM m)`;
  const count = sql`(SELECT count(*) FROM ${spec.table} WHERE ${and(inMatches, filtered)})`;
  // The walk visits about `(offset + limit) × rows / total` index entries; looking the matches
  // up costs about one such step per index row in `m` (an item's locales each have one), so the
  // walk wins while `(offset + limit) × rows ≤ total × |m|`. At 100k events both take the same
  // time on page 50 of a bench search (8,000 matching events, 22,000 index rows); `max(id)`
  // stands for the number of rows.
  const walkIsShort = sql`${page.offset + page.limit} * (SELECT max(${idColumn}) FROM ${spec.table}) <= total * matched`;
  const pageOf = (select: SQL, chosen: SQL, sorted = sql`k ${page.direction}, id ${page.direction}`) =>
    sql`SELECT * FROM (${select} ORDER BY ${sorted} LIMIT (SELECT CASE WHEN ${chosen} THEN ${page.limit} ELSE 0 END FROM c) OFFSET ${page.offset})`;
  if (!filtered) {
    return {
      ctes: sql`WITH m AS MATERIALIZED (${matches}),
        c AS MATERIALIZED (SELECT total, ${walkIsShort} AS walk FROM (SELECT ${count} AS total, (SELECT count(*) FROM m) AS matched))`,
      from: sql`c LEFT JOIN (${pageOf(walked, sql`walk`)} UNION ALL ${pageOf(looked, sql`NOT walk`)}) p`,
    };
  }
  // Narrow when fewer rows pass the filters than `m` holds; counting the filtered rows stops
  // there, at most what the count by match costs. The narrow page sorts what the filters' index
  // gives (`+k`: never a walk of the sort index checking the filters row by row), and is not read
  // from a materialised set: a compound SELECT would fill that even when its LIMIT is 0.
  const narrowed = sql`SELECT ${idColumn} AS id, ${sortBy} AS k FROM ${spec.table} WHERE ${and(sql`+${inMatches}`, filtered)}`;
  return {
    ctes: sql`WITH m AS MATERIALIZED (${matches}),
      n AS MATERIALIZED (SELECT count(*) AS matched FROM m),
      f AS MATERIALIZED (SELECT matched, (SELECT count(*) FROM (SELECT 1 FROM ${spec.table} WHERE ${filtered} LIMIT (SELECT matched FROM n))) < matched AS narrow FROM n),
      t AS MATERIALIZED (SELECT matched, narrow, CASE WHEN narrow THEN (SELECT count(*) FROM (${narrowed})) ELSE ${count} END AS total FROM f),
      c AS MATERIALIZED (SELECT total, narrow, NOT narrow AND ${walkIsShort} AS walk FROM t)`,
    from: sql`c LEFT JOIN (
      ${pageOf(narrowed, sql`narrow`, sql`+k ${page.direction}, +id ${page.direction}`)}
      UNION ALL ${pageOf(walked, sql`walk`)}
      UNION ALL ${pageOf(looked, sql`NOT narrow AND NOT walk`)}) p`,
  };
}

/** The next batch of ids matching an export query, after `afterId`, in id order. */
export async function nextExportIds<Q extends { q?: string | undefined } & TranslationFilterQuery>(
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
  return rows.flatMap((row) => (typeof row.id === 'number' ? [row.id] : []));
}
