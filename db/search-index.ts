/**
 * Keeps the `search_fts` index in step with the content tables. Each (entity, locale) pair owns a
 * computed rowid, so replacing an entity's rows is a primary-key delete, not a scan.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { defaultLocale, locales, type Locale } from '../src/i18n/config.ts';
import { indexForms } from '../src/server/search/word-forms.ts';
import { writeTransaction, type Database, type Executor } from './client.ts';
import { searchEntityTypes, searchIndexState, type SearchEntityType } from './schema.ts';

/** Locale slots per entity in the rowid (low 4 bits): supports up to 16 locales. */
export const LOCALE_SLOTS = 16;

/** The FTS rowid for one entity in one locale. */
export function searchRowId(type: SearchEntityType, id: number, localeIndex: number): number {
  return (id * searchEntityTypes.length + searchEntityTypes.indexOf(type)) * LOCALE_SLOTS + localeIndex;
}

/**
 * SQL over an index row's rowid (see `searchRowId`): entity id, entity type and locale are read
 * from it instead of the stored UNINDEXED columns, which would cost a content lookup per match.
 * Integer literals, never bound parameters (those may bind as REAL and turn `/` into division).
 */
export const ftsRowid = {
  entityId: (alias: string) => sql.raw(`${alias}.rowid / ${LOCALE_SLOTS} / ${searchEntityTypes.length}`),
  typeIndex: (alias: string) => sql.raw(`(${alias}.rowid / ${LOCALE_SLOTS}) % ${searchEntityTypes.length}`),
  isType: (alias: string, type: SearchEntityType) =>
    sql.raw(`(${alias}.rowid / ${LOCALE_SLOTS}) % ${searchEntityTypes.length} = ${searchEntityTypes.indexOf(type)}`),
  inLocale: (alias: string, locale: string) => sql.raw(`${alias}.rowid % ${LOCALE_SLOTS} = ${locales.indexOf(locale as never)}`),
  /** `alias.rowid BETWEEN …`: the index rows of item `id` of `type` in every locale (FTS5 seeks to them). */
  ofItem: (alias: string, type: SearchEntityType, id: SQL) => {
    const first = sql`(${id} * ${sql.raw(String(searchEntityTypes.length))} + ${sql.raw(String(searchEntityTypes.indexOf(type)))}) * ${sql.raw(String(LOCALE_SLOTS))}`;
    return sql`${sql.raw(alias)}.rowid BETWEEN ${first} AND ${first} + ${sql.raw(String(LOCALE_SLOTS - 1))}`;
  },
};

interface Source {
  /** SELECT columns: id, title (locale or fallback), body, is_fallback, for locale `:locale`. */
  select: (locale: string) => SQL;
}

const sources: Record<SearchEntityType, Source> = {
  event: {
    select: (locale) => sql`
      SELECT e.id AS id,
        coalesce(t.title, d.title) AS title,
        concat_ws(' ', coalesce(t.summary, d.summary), coalesce(t.body, d.body), coalesce(t.venue_name, d.venue_name, v.name)) AS body,
        t.event_id IS NULL AS is_fallback
      FROM events e
      LEFT JOIN venues v ON v.id = e.venue_id AND v.status = 'published'
      LEFT JOIN event_translations t ON t.event_id = e.id AND t.locale = ${locale}
      LEFT JOIN event_translations d ON d.event_id = e.id AND d.locale = ${defaultLocale}
      WHERE coalesce(t.title, d.title) IS NOT NULL`,
  },
  edition: {
    select: (locale) => sql`
      SELECT e.id AS id,
        coalesce(t.title, d.title) AS title,
        concat_ws(' ', coalesce(t.summary, d.summary), coalesce(t.body, d.body)) AS body,
        t.edition_id IS NULL AS is_fallback
      FROM editions e
      LEFT JOIN edition_translations t ON t.edition_id = e.id AND t.locale = ${locale}
      LEFT JOIN edition_translations d ON d.edition_id = e.id AND d.locale = ${defaultLocale}
      WHERE coalesce(t.title, d.title) IS NOT NULL`,
  },
  curator: {
    select: (locale) => sql`
      SELECT c.id AS id, c.name AS title,
        concat_ws(' ', coalesce(t.short_bio, d.short_bio), coalesce(t.bio, d.bio)) AS body,
        t.curator_id IS NULL AS is_fallback
      FROM curators c
      LEFT JOIN curator_translations t ON t.curator_id = c.id AND t.locale = ${locale}
      LEFT JOIN curator_translations d ON d.curator_id = c.id AND d.locale = ${defaultLocale}
      WHERE 1`,
  },
  organizer: {
    select: (locale) => sql`
      SELECT o.id AS id, o.name AS title,
        coalesce(t.description, d.description, '') AS body,
        t.organizer_id IS NULL AS is_fallback
      FROM organizers o
      LEFT JOIN organizer_translations t ON t.organizer_id = o.id AND t.locale = ${locale}
      LEFT JOIN organizer_translations d ON d.organizer_id = o.id AND d.locale = ${defaultLocale}
      WHERE 1`,
  },
};

const alias: Record<SearchEntityType, string> = { event: 'e', edition: 'e', curator: 'c', organizer: 'o' };

/** Entities read and written per statement while indexing: bounded memory at any size. */
const CHUNK = 500;

interface SourceRow {
  id: number;
  title: string;
  body: string | null;
  is_fallback: number;
}

/**
 * Writes the index rows of one chunk of source rows in `locale`. The word forms (stems, German
 * spellings) are computed here in JavaScript: SQLite has no stemmer, so SQL alone (a trigger, an
 * INSERT … SELECT) cannot fill the forms columns, and every write goes through this function.
 */
async function insertRows(db: Executor, type: SearchEntityType, locale: Locale, rows: readonly SourceRow[]): Promise<void> {
  if (rows.length === 0) return;
  const localeIndex = locales.indexOf(locale);
  const values = rows.map((row) => {
    // A fallback row holds the default locale's text: its words have that language's forms.
    const textLocale = row.is_fallback ? defaultLocale : locale;
    return [
      searchRowId(type, row.id, localeIndex),
      row.id,
      row.is_fallback,
      row.title,
      row.body ?? '',
      indexForms(row.title, textLocale),
      indexForms(row.body, textLocale),
    ];
  });
  const json = JSON.stringify(values);
  await db.run(sql`
    INSERT INTO search_fts (rowid, entity_type, entity_id, locale, is_fallback, title, body, title_forms, body_forms)
    SELECT value ->> 0, ${type}, value ->> 1, ${locale}, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6
    FROM json_each(${json})`);
  // The titles alone, row for row (migration 0046): where a search looks for title matches.
  await db.run(sql`INSERT INTO search_titles (rowid, title, title_forms) SELECT value ->> 0, value ->> 3, value ->> 5 FROM json_each(${json})`);
}

/**
 * Rewrites the search rows of the given entities (all of that type when `ids` is omitted).
 * Call it inside the same transaction as the write it follows.
 */
export async function reindexSearch(db: Executor, type: SearchEntityType, ids?: readonly number[]): Promise<void> {
  if (ids && ids.length === 0) return;
  if (ids) {
    await removeFromSearch(db, type, ids);
  } else {
    await db.run(sql`DELETE FROM search_titles WHERE rowid IN (SELECT rowid FROM search_fts WHERE entity_type = ${type})`);
    await db.run(sql`DELETE FROM search_fts WHERE entity_type = ${type}`);
  }
  const key = sql.raw(`${alias[type]}.id`);
  for (const locale of locales) {
    if (ids) {
      for (let start = 0; start < ids.length; start += CHUNK) {
        const chunk = ids.slice(start, start + CHUNK);
        await insertRows(db, type, locale, await db.all<SourceRow>(sql`${sources[type].select(locale)} AND ${key} IN (${sql.join(chunk, sql`, `)})`));
      }
      continue;
    }
    for (let after = 0; ;) {
      const rows = await db.all<SourceRow>(sql`${sources[type].select(locale)} AND ${key} > ${after} ORDER BY ${key} LIMIT ${CHUNK}`);
      await insertRows(db, type, locale, rows);
      if (rows.length < CHUNK) break;
      after = rows.at(-1)!.id;
    }
  }
}

/** Removes every search row of the given entities (after they are deleted). */
export async function removeFromSearch(db: Executor, type: SearchEntityType, ids: readonly number[]): Promise<void> {
  const rowIds = ids.flatMap((id) => locales.map((_, i) => searchRowId(type, id, i)));
  for (let start = 0; start < rowIds.length; start += 500) {
    const chunk = sql.join(rowIds.slice(start, start + 500), sql`, `);
    await db.run(sql`DELETE FROM search_fts WHERE rowid IN (${chunk})`);
    await db.run(sql`DELETE FROM search_titles WHERE rowid IN (${chunk})`);
  }
}

/**
 * Rewrites every index row, then merges the index into one segment: written in chunks, it is
 * left in thousands of small segments, and a word that matches nothing is looked up in each of
 * them (a miss went from under 1 ms to 12 ms at 100k events before the merge; decision 005).
 */
export async function rebuildSearchIndex(db: Executor): Promise<void> {
  for (const type of searchEntityTypes) await reindexSearch(db, type);
  await db.run(sql`INSERT INTO search_fts (search_fts) VALUES ('optimize')`);
  await db.run(sql`INSERT INTO search_titles (search_titles) VALUES ('optimize')`);
}

/**
 * Version of what an index row holds beyond the text. Bump it whenever the forms change (a
 * stemmer upgrade, a spelling rule, a new locale): start-up then rebuilds the index.
 */
export const SEARCH_INDEX_VERSION = 1;

/**
 * Rebuilds every index row when the index was written by older code (or a migration rebuilt the
 * table), in one write transaction: a second node starting at the same time waits, then finds
 * the index current. Returns whether it rebuilt.
 */
export async function ensureSearchIndexCurrent(db: Database): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const [state] = await tx.select().from(searchIndexState).where(eq(searchIndexState.id, 1));
    if (state?.version === SEARCH_INDEX_VERSION) return false;
    await rebuildSearchIndex(tx);
    await tx
      .insert(searchIndexState)
      .values({ id: 1, version: SEARCH_INDEX_VERSION })
      .onConflictDoUpdate({ target: searchIndexState.id, set: { version: SEARCH_INDEX_VERSION } });
    return true;
  });
}
