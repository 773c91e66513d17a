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

/** Most matches a search examines; beyond it totals read "N+" and facet counts are lower bounds. */
export const SEARCH_CAP = 500;

export type SearchTimeFilter = 'all' | 'upcoming' | 'past';

export interface ScanFilters {
  type?: SearchEntityType | undefined;
  editionId?: number | undefined;
  tagId?: number | undefined;
  when: SearchTimeFilter;
}

export interface ScanQuery {
  /** FTS5 query from `parseSearchQuery`. */
  match: string;
  locale: Locale;
  /** Milliseconds: visibility (`publishAt` passed) and the time filter. */
  now: number;
}

export interface ScanSpec {
  filters: ScanFilters;
  /** Only rows whose title holds every term. */
  titleOnly: boolean;
}

/** One matching item: its index rowid (type, entity id and locale are read from it) and edition. */
export interface ScanRow {
  rowid: number;
  /** An event's edition, an edition's own id, otherwise null (the edition facet). */
  editionId: number | null;
}

const visible = (alias: string, now: number) =>
  sql.raw(`${alias}.status = 'published' AND (${alias}.publish_at IS NULL OR ${alias}.publish_at <= ${now})`);
const typeIs = (type: SearchEntityType) => sql.raw(String(searchEntityTypes.indexOf(type)));

/**
 * A MATERIALIZED CTE `<name>(fts_rowid, edition_id)` of at most SEARCH_CAP + 1 rows. Events and
 * editions are checked through one primary-key lookup each; curators and organizers (a handful
 * of rows) are public when they present or run a public event or edition, looked up from the
 * person's side (CROSS JOIN: the planner would otherwise walk every published event).
 */
function scanCte(name: string, { match, locale, now }: ScanQuery, { filters, titleOnly }: ScanSpec): SQL {
  const type = ftsRowid.typeIndex('f');
  const id = ftsRowid.entityId('f');
  const where: SQL[] = [
    sql`search_fts MATCH ${titleOnly ? `title : (${match})` : match}`,
    ftsRowid.inLocale('f', locale),
    sql`CASE ${type}
      WHEN ${typeIs('event')} THEN ${visible('ev', now)}
      WHEN ${typeIs('edition')} THEN ${visible('ed', now)}
      WHEN ${typeIs('curator')} THEN
        EXISTS (SELECT 1 FROM event_curators x CROSS JOIN events e ON e.id = x.event_id WHERE x.curator_id = ${id} AND ${visible('e', now)})
        OR EXISTS (SELECT 1 FROM edition_curators x CROSS JOIN editions e ON e.id = x.edition_id WHERE x.curator_id = ${id} AND ${visible('e', now)})
      ELSE EXISTS (SELECT 1 FROM event_organizers x CROSS JOIN events e ON e.id = x.event_id WHERE x.organizer_id = ${id} AND ${visible('e', now)})
    END`,
  ];
  if (filters.type) where.push(ftsRowid.isType('f', filters.type));
  // Edition and tag filters test the index row against the ids of that edition or tag, read once
  // per search, before the row's entity is looked up: most rows fail them.
  if (filters.editionId !== undefined) {
    where.push(sql`CASE ${type}
      WHEN ${typeIs('event')} THEN ${id} IN (SELECT id FROM events WHERE edition_id = ${filters.editionId})
      WHEN ${typeIs('edition')} THEN ${id} = ${filters.editionId}
      ELSE 0 END`);
  }
  if (filters.tagId !== undefined) {
    where.push(sql`CASE ${type}
      WHEN ${typeIs('event')} THEN ${id} IN (SELECT event_id FROM event_tags WHERE tag_id = ${filters.tagId})
      WHEN ${typeIs('edition')} THEN ${id} IN (SELECT edition_id FROM edition_tags WHERE tag_id = ${filters.tagId})
      ELSE 0 END`);
  }
  // People have no dates: a time filter narrows the results to events and editions.
  if (filters.when === 'upcoming') where.push(sql`coalesce(ev.ends_at, ed.ends_at) >= ${now}`);
  if (filters.when === 'past') where.push(sql`coalesce(ev.ends_at, ed.ends_at) < ${now}`);
  return sql`${sql.identifier(name)} AS MATERIALIZED (
    SELECT f.rowid AS fts_rowid, CASE ${type} WHEN ${typeIs('event')} THEN ev.edition_id WHEN ${typeIs('edition')} THEN ed.id END AS edition_id
    FROM search_fts f
    LEFT JOIN events ev ON ${ftsRowid.isType('f', 'event')} AND ev.id = ${id}
    LEFT JOIN editions ed ON ${ftsRowid.isType('f', 'edition')} AND ed.id = ${id}
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY f.rowid DESC
    LIMIT ${sql.raw(String(SEARCH_CAP + 1))})`;
}

/**
 * Runs the scans in one statement; each answer holds at most SEARCH_CAP + 1 rows, newest first
 * (one row more than the cap means "more exist"). The rows travel as one JSON array per scan.
 */
export async function runScans(db: Executor, query: ScanQuery, specs: ScanSpec[]): Promise<ScanRow[][]> {
  const names = specs.map((_, i) => `scan${i}`);
  const [row] = await db.all<Record<string, string | null>>(sql`
    WITH ${sql.join(specs.map((spec, i) => scanCte(names[i]!, query, spec)), sql`, `)}
    SELECT ${sql.join(
      names.map((name) => sql.raw(`(SELECT json_group_array(json_array(fts_rowid, edition_id)) FROM ${name}) AS ${name}`)),
      sql`, `,
    )}`);
  return names.map((name) =>
    (JSON.parse(row?.[name] ?? '[]') as [number, number | null][])
      .map(([rowid, editionId]) => ({ rowid, editionId }))
      .sort((a, b) => b.rowid - a.rowid),
  );
}
