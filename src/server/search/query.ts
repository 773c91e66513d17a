/**
 * Turns what a visitor typed into a safe FTS5 query. User text is never passed to MATCH as
 * syntax: it is split into letter/digit runs, each run is quoted and made a prefix term (whole
 * words below three characters), and the
 * terms are ANDed. Quotes, `*`, `^`, `:`, parentheses, `NEAR`, `AND`/`OR`/`NOT`, column filters
 * and control characters therefore cannot change the query's meaning or make it fail.
 */

/** Longest query we accept, in characters (after trimming). Longer → a friendly 400. */
export const MAX_QUERY_LENGTH = 200;
/** Terms beyond this are ignored: long AND chains only slow the index down. */
export const MAX_TERMS = 8;
/** Shortest term matched as a prefix; shorter terms match whole words. */
export const MIN_PREFIX = 3;

export type ParsedQuery = { kind: 'empty' } | { kind: 'too-long'; length: number } | { kind: 'no-terms' } | { kind: 'ok'; match: string; terms: string[] };

/** Parses the raw `q` parameter; never throws. */
export function parseSearchQuery(raw: string | null | undefined): ParsedQuery {
  const text = (raw ?? '').normalize('NFKC').trim();
  if (text === '') return { kind: 'empty' };
  const length = [...text].length;
  if (length > MAX_QUERY_LENGTH) return { kind: 'too-long', length };
  const words = [...new Set(text.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  // Single letters ("l" of "l’art") are noise next to real words, and costly to match.
  const meaningful = words.filter((word) => [...word].length > 1);
  const terms = (meaningful.length > 0 ? meaningful : words).slice(0, MAX_TERMS);
  if (terms.length === 0) return { kind: 'no-terms' };
  // Each term holds only letters and digits, so wrapping it in double quotes is always valid.
  // Prefixes shorter than MIN_PREFIX would expand to a large part of the vocabulary: such terms
  // match whole words.
  const match = terms.map((term) => ([...term].length >= MIN_PREFIX ? `"${term}"*` : `"${term}"`)).join(' ');
  return { kind: 'ok', terms, match };
}
