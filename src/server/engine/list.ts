/**
 * Admin lists: search (full-text for collections in the search index, LIKE for the small ones),
 * whitelisted filters and sort, pagination with a total, and per-locale completeness badges.
 * Exports walk the same filters in id order, in batches.
 */
import { and, asc, getTableColumns, gt, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import type { Executor } from '../../../db/client.ts';
import { reviewRequests, workingCopies, type SearchEntityType } from '../../../db/schema.ts';
import { locales, type Locale } from '../../i18n/config.ts';
import { parseSort } from '../../lib/admin-schemas/list-query.ts';
import { getEnv } from '../config/env.ts';
import { parseSearchQuery } from '../search/query.ts';
import { allWithVocabulary, expandedMatchCtes, plainMatchCte, vocabularyForms } from '../search/vocabulary.ts';
import type { TermForms } from '../search/word-forms.ts';
import { BULK_MATCHING_CAP } from '../../lib/bulk-matching-cap.ts';
import type { Actor } from '../auth/actor.ts';
import { actorMayChange, changeableCondition } from './edition-scope.ts';
import { countUpTo, hitsPage, type PageClause, type PageParts } from './list-page.ts';
import { PLAN_COSTS, searchPage, type FullTextSearch, type PlanCosts } from './list-search.ts';
import type { Completeness } from './completeness.ts';
import type { EntitySpec } from './entity-spec.ts';
import { columnOf } from './entity-state.ts';
import { TEXT_STATE, textStateOf, translationStateCondition } from './translation-state.ts';
import { translationFilterKeys, type TranslationFilterKey } from '../../lib/admin-schemas/translation-filters.ts';
import { ftsRowid } from '../../../db/search-index.ts';

/** The translation filters every list has (`missing=fr`, `partial=de`, `complete=en`; docs/decisions/037). */
export type TranslationFilterQuery = { [key in TranslationFilterKey]?: Locale | undefined };

export interface ListQueryBase extends TranslationFilterQuery {
  /** Items with a request waiting for review (docs/decisions/064). */
  review?: 'waiting' | undefined;
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
  /** Values computed for the page's rows only (an event's edition title), by item key. */
  extras?: Readonly<Record<string, SQL>>;
  /**
   * A total the database keeps up to date (a counts table written by triggers), read instead of
   * counting when the query filters by these keys only: at 1M events, counting one status walks
   * ~900k index entries. A search, or any other filter, counts as usual.
   */
  keptTotal?: { filters: readonly string[]; total(query: Q): SQL };
}

export interface ListPage {
  items: Record<string, unknown>[];
  /** Exact, or the cap when `totalCapped`. */
  total: number;
  /** More items match than the total says (a full-text search stops counting at a cap). */
  totalCapped: boolean;
  page: number;
  limit: number;
  /**
   * For a person limited to some editions (docs/decisions/059): how many of the matching items
   * they may change, up to the bulk cap + 1 ("all matching" acts on those only). Each item then
   * carries `readOnly: true` when it is not theirs to change.
   */
  changeableTotal?: number;
}

/** `%text%` with LIKE wildcards in the text escaped (use with `ESCAPE '\'`). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `column LIKE pattern ESCAPE '\'`. */
export function likeEscaped(column: SQL | SQLiteColumn, pattern: string): SQL {
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/** A `q` that searches the full-text index: the collection's entity type and the parsed query. */
interface FullTextQuery {
  type: SearchEntityType;
  match: string;
  forms: TermForms[];
}

/** The full-text query of `q`, or undefined when `q` does not search the index. */
function fullTextQueryOf<Q>(definition: ListDefinition<Q>, q: string | undefined): FullTextQuery | undefined {
  const text = q?.trim();
  if (!text || !('fts' in definition.search)) return undefined;
  const parsed = parseSearchQuery(text);
  return parsed.kind === 'ok' ? { type: definition.search.fts, match: parsed.match, forms: parsed.forms } : undefined;
}

/**
 * The ids of the items whose full-text index rows match `q` (one per index row: an item matching
 * in several locales appears once per locale), or undefined when `q` does not search the index.
 */
function fullTextMatches<Q>(definition: ListDefinition<Q>, q: string | undefined): SQL | undefined {
  const fullText = fullTextQueryOf(definition, q);
  if (!fullText) return undefined;
  return sql`SELECT ${ftsRowid.entityId('f')} AS id FROM search_fts f WHERE search_fts MATCH ${fullText.match} AND ${ftsRowid.isType('f', fullText.type)}`;
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

/** The review filter's condition (docs/decisions/064): a request of the item waits. */
function reviewCondition(spec: EntitySpec, id: SQL | SQLiteColumn, query: Pick<ListQueryBase, 'review'>): SQL | undefined {
  if (query.review !== 'waiting') return undefined;
  return sql`EXISTS (SELECT 1 FROM ${reviewRequests} WHERE ${reviewRequests.collection} = ${spec.collection} AND ${reviewRequests.itemId} = ${id} AND ${reviewRequests.status} = 'waiting')`;
}

/** The collection's own filters, the review filter and the translation filters. */
function filtersOf<Q extends TranslationFilterQuery & Pick<ListQueryBase, 'review'>>(definition: ListDefinition<Q>, query: Q): (SQL | undefined)[] {
  const id = columnOf(definition.spec, 'id');
  return [...definition.filters(query), reviewCondition(definition.spec, id, query), ...translationConditions(definition.spec, id, query)];
}

/** The WHERE clause of a list or export. */
function listWhere<Q extends { q?: string | undefined } & TranslationFilterQuery & Pick<ListQueryBase, 'review'>>(
  definition: ListDefinition<Q>,
  query: Q,
): SQL | undefined {
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

export interface ListOptions {
  /** A full-text search counts its items up to this many (then `totalCapped`). */
  countCap?: number;
  /** The relative costs a full-text search chooses its plan by (tests make one plan cheap on a small catalogue). */
  planCosts?: Partial<PlanCosts>;
  /** Who is looking: a limited person's rows say which are read-only to them. */
  viewer?: Pick<Actor, 'id' | 'editions'> | undefined;
}

/**
 * One page of a collection's list, in one statement: the total, the page's ids in sort order
 * (`findPage`), and then only for those rows their columns, title and completeness badges. A
 * full-text search stops counting after `countCap` items: the total is then the cap and
 * `totalCapped` is true.
 */
export async function listItems<Q extends ListQueryBase>(
  db: Executor,
  definition: ListDefinition<Q>,
  query: Q,
  { countCap = getEnv().HUB_ADMIN_LIST_COUNT_CAP, planCosts, viewer }: ListOptions = {},
): Promise<ListPage> {
  const { spec } = definition;
  const idColumn = columnOf(spec, 'id');
  const omit = new Set([...(definition.omit ?? []), 'title']);
  const columns = Object.entries(getTableColumns(spec.table)).filter(([key]) => !omit.has(key));
  const fullText = fullTextQueryOf(definition, query.q);
  const extras = Object.entries(definition.extras ?? {});
  const statement = (spelledOut: boolean) => {
    const { ctes, from, direction } = findPage(definition, query, fullText, spelledOut, { cap: countCap, costs: { ...PLAN_COSTS, ...planCosts } });
    return sql`${ctes}
    SELECT c.total AS "$total", ${sql.join(
      columns.map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
      sql`, `,
    )}, ${definition.title} AS title, ${completenessOf(spec, idColumn)} AS "$locales", ${workingCopyOf(spec, idColumn)} AS "$copy"${sql.join(
      extras.map(([key, value]) => sql`, ${value} AS ${sql.identifier(key)}`),
    )}
    FROM ${from} LEFT JOIN ${spec.table} ON ${idColumn} = p.id
    ORDER BY p.k ${direction}, p.id ${direction}`;
  };
  const rows = fullText ? await allWithVocabulary<Record<string, unknown>>(db, statement) : await db.all<Record<string, unknown>>(statement(false));
  const items = rows
    .filter((row) => row['id'] !== null)
    .map((row) => {
      const item: Record<string, unknown> = {};
      for (const [key, column] of columns) item[key] = row[key] === null ? null : column.mapFromDriverValue(row[key]);
      item['title'] = row['title'];
      for (const [key] of extras) item[key] = row[key] ?? null;
      const id = typeof item['id'] === 'number' ? item['id'] : 0;
      const copy = spec.publication ? copyMembersOf(row['$copy']) : {};
      const state = { id, values: item, translations: {}, links: {} };
      const readOnly = viewer?.editions && !actorMayChange(viewer, spec, state) ? { readOnly: true } : {};
      return { ...item, locales: badgesOf(row['$locales']), ...copy, ...readOnly, ...spec.present?.(state) };
    });
  const counted = rows[0]?.['$total'];
  const total = typeof counted === 'number' ? counted : 0;
  const totalCapped = fullText !== undefined && total > countCap;
  const changeable = viewer?.editions ? { changeableTotal: await countChangeable(db, definition, query, viewer) } : {};
  return { items, total: totalCapped ? countCap : total, totalCapped, page: query.page, limit: query.limit, ...changeable };
}

/** How many items of the list `viewer` may change, up to the bulk cap + 1 (one statement per page, not per row). */
async function countChangeable<Q extends ListQueryBase>(db: Executor, definition: ListDefinition<Q>, query: Q, viewer: Pick<Actor, 'id' | 'editions'>) {
  const where = and(listWhere(definition, query), changeableCondition(viewer, definition.spec));
  const [row] = await db.all<{ n: number }>(sql`SELECT ${countUpTo(sql`SELECT 1 FROM ${definition.spec.table} WHERE ${where}`, BULK_MATCHING_CAP)} AS n`);
  return row?.n ?? 0;
}

/** Keys of every list query that page rather than filter. */
const pagingKeys: ReadonlySet<string> = new Set(['sort', 'page', 'limit']);

/** The kept total (`ListDefinition.keptTotal`) when the query filters by its keys only. */
function keptTotalOf<Q extends ListQueryBase>(definition: ListDefinition<Q>, query: Q): SQL | undefined {
  const kept = definition.keptTotal;
  if (!kept) return undefined;
  const counted: ReadonlySet<string> = new Set(kept.filters);
  const filtersKept = Object.entries(query).every(([key, value]) => value === undefined || value === '' || pagingKeys.has(key) || counted.has(key));
  return filtersKept ? kept.total(query) : undefined;
}

/**
 * The statement parts that give the total (`c.total`) and the page's ids and sort keys (`p.id`,
 * `p.k`), to be followed by `ORDER BY p.k direction, p.id direction`. Without a full-text search
 * the count runs on an index alone (or is SQLite's b-tree count when there is no filter at all)
 * and the page walks the sort index and stops after its rows. With one, see `searchPage`.
 */
function findPage<Q extends ListQueryBase>(
  definition: ListDefinition<Q>,
  query: Q,
  fullText: FullTextQuery | undefined,
  spelledOut: boolean,
  plan: { cap: number; costs: PlanCosts },
): PageParts & { direction: SQL } {
  const { spec } = definition;
  const { field, descending } = parseSort(query.sort);
  const sortBy = definition.sorts[field];
  if (!sortBy) throw new Error(`${spec.entity}: sort ${field} is not whitelisted`);
  const direction = sql.raw(descending ? 'DESC' : 'ASC');
  const page: PageClause = { direction, limit: query.limit, offset: (query.page - 1) * query.limit };
  if (!fullText)
    return { ...hitsPage(spec, listWhere(definition, query), sortBy, page, 'NOT MATERIALIZED', { total: keptTotalOf(definition, query) }), direction };
  const search: FullTextSearch = {
    type: fullText.type,
    matchCtes: spelledOut ? expandedMatchCtes(sql`${vocabularyForms(fullText.forms)}`) : plainMatchCte(fullText.match),
    spelledOut,
    // With a search, the translation filters narrow the matches (a key lookup per match): no
    // index starts from them, so they must not count among the filters searchPage starts from.
    translated: (id) => and(...translationConditions(spec, id, query)),
  };
  const filters = [...definition.filters(query), reviewCondition(spec, columnOf(spec, 'id'), query)];
  return { ...searchPage(spec, filters, search, sortBy, page, plan), direction };
}

/**
 * The next batch of ids matching an export query, after `afterId`, in id order; with `only`, of
 * those the condition also holds for (the items a limited person may change).
 */
export async function nextExportIds<Q extends { q?: string | undefined } & TranslationFilterQuery & Pick<ListQueryBase, 'review'>>(
  db: Executor,
  definition: ListDefinition<Q>,
  query: Q,
  afterId: number,
  batch: number,
  only?: SQL,
): Promise<number[]> {
  const idColumn = columnOf(definition.spec, 'id');
  const rows = await db
    .select({ id: idColumn })
    .from(definition.spec.table)
    .where(and(gt(idColumn, afterId), listWhere(definition, query), only))
    .orderBy(asc(idColumn))
    .limit(batch);
  return rows.flatMap((row) => (typeof row.id === 'number' ? [row.id] : []));
}
