/**
 * Prefix terms spelled out from the index's vocabulary. FTS5 answers a prefix term (`"thea"*`)
 * without a prefix index by merging the doclists of every word with that prefix in full before
 * the first row comes out, whatever LIMIT follows (figures in decision 005). The
 * same words written out (`("theatre" OR "theatres")`) are read lazily, newest first, so a
 * capped scan reads only the rows it keeps. Both forms match exactly the same rows: the words
 * come from the index itself, through an `fts5vocab` table.
 *
 * The vocabulary table is a per-connection `temp` table (a virtual table holds no data; the
 * schema stays as migrations made it). bm25 still gets the prefix form: spelled out, each word
 * would become a phrase of its own with its own IDF, and scores would change.
 */
import { sql, type SQL, type SQLChunk } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { MIN_PREFIX, type TermForms } from './word-forms.ts';

/** A prefix with more words than this keeps its prefix form (a long OR costs more than the merge). */
const MAX_WORDS = 16;
const VOCABULARY = 'temp.search_vocab';
/** Creates the connection's vocabulary table (a tool explaining the search's statements needs it too). */
export const CREATE_VOCABULARY = `CREATE VIRTUAL TABLE IF NOT EXISTS ${VOCABULARY} USING fts5vocab(main, search_fts, instance)`;

/**
 * The prefix as the index tokenizer (`unicode61 remove_diacritics 2`) stores it, or null when
 * that is not certain: only ASCII letters and digits and the Latin-1 letters whose diacritics
 * the tokenizer removes are spelled out; any other term keeps its prefix form.
 */
export function vocabularyPrefix(term: string): string | null {
  if ([...term].length < MIN_PREFIX || !/^[a-z0-9à-åçè-ïñò-öù-üýÿ]+$/.test(term)) return null;
  return term.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * The terms' forms as `expandedMatchCtes` reads them (JSON): one row per form, [term index,
 * prefix to spell out (or null), the form as written in the query].
 */
export function vocabularyForms(terms: readonly TermForms[]): string {
  const forms = terms.flatMap((term, i) => [
    ...term.prefixes.map((prefix) => [i, vocabularyPrefix(prefix), `"${prefix}"*`]),
    ...term.words.map((word) => [i, null, `"${word}"`]),
  ]);
  return JSON.stringify(forms);
}

/**
 * CTEs ending in `match_query(q)`: the FTS5 query of the terms' forms, as `parseSearchQuery`
 * writes it (each term's forms ORed, the terms ANDed), with each prefix spelled out from the
 * vocabulary when it has 1 to MAX_WORDS words. Needs `WITH RECURSIVE`. The walk reads one
 * vocabulary entry per word (`>= word || char(1)` skips to the next word: no token holds a
 * control character). `forms` is bound to `vocabularyForms(terms)`.
 */
export function expandedMatchCtes(forms: SQLChunk): SQL {
  return sql`match_input(k, i, p, original) AS (SELECT key, value ->> 0, value ->> 1, value ->> 2 FROM json_each(${forms})),
    match_walk(k, word, n) AS (
      SELECT k, (SELECT term FROM ${sql.raw(VOCABULARY)} WHERE term >= m.p LIMIT 1), 1 FROM match_input m WHERE m.p IS NOT NULL
      UNION ALL
      SELECT w.k, (SELECT term FROM ${sql.raw(VOCABULARY)} WHERE term >= w.word || char(1) LIMIT 1), w.n + 1
      FROM match_walk w CROSS JOIN match_input m ON m.k = w.k
      WHERE substr(w.word, 1, length(m.p)) = m.p AND w.n <= ${sql.raw(String(MAX_WORDS))}),
    match_words(k, words, n) AS (
      SELECT w.k, group_concat('"' || w.word || '"', ' OR '), count(*)
      FROM match_walk w CROSS JOIN match_input m ON m.k = w.k
      WHERE substr(w.word, 1, length(m.p)) = m.p GROUP BY w.k),
    match_terms(i, expression) AS (
      SELECT m.i, '(' || group_concat(CASE WHEN mw.n BETWEEN 1 AND ${sql.raw(String(MAX_WORDS))} THEN mw.words ELSE m.original END, ' OR ') || ')'
      FROM match_input m LEFT JOIN match_words mw ON mw.k = m.k GROUP BY m.i),
    match_query(q) AS (SELECT group_concat(expression, ' AND ') FROM match_terms)`;
}

/** `match_query(q)` holding the query as parsed, prefix terms unchanged. */
export function plainMatchCte(match: SQLChunk): SQL {
  return sql`match_query(q) AS (SELECT ${match})`;
}

/** Drizzle wraps the driver's error (its message quotes the SQL): the cause says what failed. */
function isMissingVocabulary(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error && cause.message.includes('no such table: temp.search_vocab');
}

/** Clients where the vocabulary table could not be made (a SQLite built without fts5vocab). */
const unavailable = new WeakSet<object>();

/**
 * Runs the statement `build(expanded)` makes, with the prefix terms spelled out when the database
 * is an embedded file, creating the connection's vocabulary table on first use. Any failure there
 * falls back to the prefix form, which gives the same rows. A remote database always gets the
 * prefix form: its connections are not kept, so the temp table would be made on every search.
 */
export async function allWithVocabulary<Row>(db: Executor, build: (expanded: boolean) => SQL): Promise<Row[]> {
  if (!('$client' in db) || db.$client.protocol !== 'file' || unavailable.has(db.$client)) return db.all<Row>(build(false));
  try {
    return await db.all<Row>(build(true));
  } catch (error) {
    if (!isMissingVocabulary(error)) throw error;
  }
  // This connection has no vocabulary table yet. A batch makes it and runs the statement on one
  // connection (the pool may hand the next statement to another).
  try {
    const [, rows] = await db.batch([db.run(sql.raw(CREATE_VOCABULARY)), db.all<Row>(build(true))]);
    return rows;
  } catch {
    unavailable.add(db.$client);
    return db.all<Row>(build(false));
  }
}
