/**
 * The filters of the people, venue and tag lists: `edition` (those of an edition's public events,
 * and for curators the edition's own) and `q` (a name or label containing the words, without
 * regard to case or accents, in any locale). SQLite folds neither accents nor non-ASCII case, so
 * `q` is matched in JavaScript over the (id, name) pairs the list's own conditions leave, with the
 * import's name form (`nameKey`); the page is then read by those ids. These lists are short
 * (hundreds), and answers are kept by the page cache.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import type { curators, organizers, venues } from '../../../db/schema.ts';
import { nameKey } from '../../lib/name-key.ts';
import { findPublicEditionId } from '../editions/queries.ts';
import { slug } from '../events/filters.ts';
import type { FilterReader, ParamErrors } from './params.ts';

export interface NameFilters {
  /** An edition's slug. */
  edition: string | undefined;
  /** The words asked for, in name form (`nameKey`). */
  q: string | undefined;
}

export const MAX_QUERY_LENGTH = 100;

/** `edition` and `q`, checked; the canonical form binds cursors to both. */
export const nameFilters: FilterReader<NameFilters> = {
  names: ['edition', 'q'],
  read(params) {
    const errors: ParamErrors = {};
    const edition = params.get('edition') ?? undefined;
    if (edition !== undefined && !slug.safeParse(edition).success) errors['edition'] = ['INVALID'];
    const text = params.get('q');
    const q = text === null ? undefined : nameKey(text);
    if (q !== undefined && (q === '' || text!.length > MAX_QUERY_LENGTH)) errors['q'] = ['INVALID'];
    const canonical = new URLSearchParams();
    if (edition) canonical.set('edition', edition);
    if (q) canonical.set('q', q);
    return { filters: { edition, q }, errors, canonical: canonical.toString() };
  },
};

/** The lists whose items have a `name` column. */
type NamedTable = typeof curators | typeof organizers | typeof venues;

/** True when one of `names` contains the words `q` (in name form). */
export function namesMatch(names: readonly (string | null)[], q: string): boolean {
  return names.some((name) => name !== null && nameKey(name).includes(q));
}

/**
 * The condition "id among the first `limit + 1` rows (by id) whose name matches `q`", given the
 * list's other conditions `where`; read as (id, name) pairs only.
 */
export async function nameMatchCondition(db: Executor, table: NamedTable, where: SQL | undefined, q: string, limit: number): Promise<SQL> {
  const rows = await db.select({ id: table.id, name: table.name }).from(table).where(where).orderBy(table.id);
  const ids = rows
    .filter((row) => namesMatch([row.name], q))
    .slice(0, limit + 1)
    .map((row) => row.id);
  return ids.length ? inArray(table.id, ids) : sql`0`;
}

/**
 * The edition a list is narrowed to: `{}` without `edition`, `{ editionId }` for a public
 * edition, undefined when the slug names no public edition (the list is then empty).
 */
export async function editionScope(db: Executor, filters: NameFilters, now: Date): Promise<{ editionId?: number } | undefined> {
  if (!filters.edition) return {};
  const editionId = await findPublicEditionId(db, filters.edition, now);
  return editionId === undefined ? undefined : { editionId };
}
