/**
 * Turns what a visitor typed into a safe FTS5 query. User text is never passed to MATCH as
 * syntax: it is split into letter/digit runs, each run is quoted and made a prefix term (whole
 * words below three characters), together with its other forms in the page's language (its
 * German spelling, its stem: word-forms.ts), and the terms are ANDed. Quotes, `*`, `^`, `:`,
 * parentheses, `NEAR`, `AND`/`OR`/`NOT`, column filters and control characters therefore cannot
 * change the query's meaning or make it fail.
 */
import type { Locale } from '../../i18n/config.ts';
import { MIN_PREFIX, termForms, type TermForms } from './word-forms.ts';

export { MIN_PREFIX };

/** Longest query we accept, in characters (after trimming). Longer → a friendly 400. */
export const MAX_QUERY_LENGTH = 200;
/** Terms beyond this are ignored: long AND chains only slow the index down. */
export const MAX_TERMS = 8;

export type ParsedQuery =
  { kind: 'empty' } | { kind: 'too-long'; length: number } | { kind: 'no-terms' } | { kind: 'ok'; match: string; terms: string[]; forms: TermForms[] };

/** One term's FTS5 expression: its forms ORed (parenthesised when there are several). */
export function formsExpression({ prefixes, words }: TermForms): string {
  // Each form holds only letters and digits, so wrapping it in double quotes is always valid.
  const parts = [...prefixes.map((prefix) => `"${prefix}"*`), ...words.map((word) => `"${word}"`)];
  return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
}

/**
 * Parses the raw `q` parameter; never throws. With a locale, each term also matches its other
 * forms in that language; without one (the admin lists, across languages) only itself.
 */
export function parseSearchQuery(raw: string | null | undefined, locale?: Locale): ParsedQuery {
  const text = (raw ?? '').normalize('NFKC').trim();
  if (text === '') return { kind: 'empty' };
  const length = [...text].length;
  if (length > MAX_QUERY_LENGTH) return { kind: 'too-long', length };
  const words = [...new Set(text.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  // Single letters ("l" of "l’art") are noise next to real words, and costly to match.
  const meaningful = words.filter((word) => [...word].length > 1);
  const terms = (meaningful.length > 0 ? meaningful : words).slice(0, MAX_TERMS);
  if (terms.length === 0) return { kind: 'no-terms' };
  // Prefixes shorter than MIN_PREFIX would expand to a large part of the vocabulary: such terms
  // match whole words (termForms).
  const forms = terms.map((term) => termForms(term, locale));
  // Explicit ANDs: FTS5 has no implicit AND after a parenthesis.
  return { kind: 'ok', terms, forms, match: forms.map(formsExpression).join(' AND ') };
}
