/**
 * Marks the query terms in a result's title and picks a body excerpt, in JavaScript: FTS5's
 * `highlight()`/`snippet()` need the MATCH cursor, i.e. one more full pass over the query's
 * doclist per page (figures in decision 005). Tokens follow the index's tokenizer (tokens.ts);
 * a token is marked when one of its forms (the word, its German spelling, its stem in the
 * text's language: word-forms.ts) matches a term's forms as FTS5 matches them, so the words as
 * written are marked, never their stems. Output uses the U+0001/U+0002 markers that
 * `renderHighlight` turns into `<mark>`.
 */
import type { Locale } from '../../i18n/config.ts';
import { MARK_CLOSE, MARK_OPEN } from './highlight.ts';
import { foldForSearch, forEachToken } from './tokens.ts';
import { createFormsMatcher, termForms, wordForms, type TermForms } from './word-forms.ts';

export { foldForSearch } from './tokens.ts';

/** Words shown before the first match of an excerpt. */
const LEAD_TOKENS = 3;

/**
 * Tells which query term the token `text.slice(start, end)` matches (its index in `terms`), or
 * -1, for text in `locale`.
 * Answers are remembered: a page's titles and excerpts repeat most of their words, and a word's
 * forms are the costly part. Most words cannot match at all: every form of a word (its German
 * spelling, its stem) starts with the word's own first letter folded, so a word starting with an
 * ASCII letter or digit that begins none of the terms' forms is answered without its forms.
 */
export function termMatcher(terms: readonly TermForms[], locale: Locale): (text: string, start: number, end: number) => number {
  const matchers = terms.map(createFormsMatcher);
  const known = new Map<string, number>();
  const starts = asciiStarts(terms);
  // The token is read from the text only when it may match: most are not.
  return (text, start, end) => {
    const code = text.charCodeAt(start);
    if (starts && code < 0x80 && !starts.has(code >= 0x41 && code <= 0x5a ? code + 0x20 : code)) return -1;
    const token = text.slice(start, end);
    let term = known.get(token);
    if (term === undefined) {
      const forms = wordForms(token, locale);
      term = matchers.findIndex((matches) => matches(forms));
      known.set(token, term);
    }
    return term;
  };
}

/**
 * The first characters (as char codes) the terms' forms can match a word by, or null when a form
 * is empty once folded (a term of combining marks only would match any word).
 */
function asciiStarts(terms: readonly TermForms[]): Set<number> | null {
  const starts = new Set<number>();
  for (const term of terms) {
    for (const form of [...term.prefixes, ...term.words]) {
      const folded = foldForSearch(form);
      if (!folded) return null;
      starts.add(folded.charCodeAt(0));
    }
  }
  return starts;
}

/** The term (index) the token `text.slice(start, end)` matches, or -1. */
type TokenMatcher = ReturnType<typeof termMatcher>;

/**
 * The tokens of the text being marked: start, end and term index (or -1) of token i, in scratch
 * arrays shared by every call. Marking is synchronous, so one text is tokenized at a time; the
 * arrays grow to the longest text's token count and are reused: an object per token (a page's
 * excerpts read every word of 20 long texts) was most of a search's garbage (decision 012).
 */
const scratch = { starts: new Int32Array(512), ends: new Int32Array(512), terms: new Int32Array(512) };
/** Beyond this many tokens the grown arrays are let go after use. */
const KEPT_TOKENS = 1 << 13;

function grow(): void {
  for (const key of ['starts', 'ends', 'terms'] as const) {
    const bigger = new Int32Array(scratch[key].length * 2);
    bigger.set(scratch[key]);
    scratch[key] = bigger;
  }
}

/** Fills the scratch arrays with the text's tokens; returns how many there are. */
function tokenize(text: string, match: TokenMatcher): number {
  let count = 0;
  forEachToken(text, (start, end) => {
    if (count === scratch.starts.length) grow();
    scratch.starts[count] = start;
    scratch.ends[count] = end;
    scratch.terms[count] = match(text, start, end);
    count++;
  });
  return count;
}

/** Lets oversized scratch arrays go once a text is done. */
function release(): void {
  if (scratch.starts.length > KEPT_TOKENS) {
    scratch.starts = new Int32Array(512);
    scratch.ends = new Int32Array(512);
    scratch.terms = new Int32Array(512);
  }
}

/** Tokens `from` to `to` (exclusive) of the scratch arrays, matches marked. */
function markRange(text: string, from: number, to: number): string {
  const { starts, ends, terms } = scratch;
  let out = '';
  let at = from < to ? starts[from]! : 0;
  for (let i = from; i < to; i++) {
    if (terms[i]! < 0) continue;
    out += text.slice(at, starts[i]) + MARK_OPEN + text.slice(starts[i], ends[i]) + MARK_CLOSE;
    at = ends[i]!;
  }
  return out + text.slice(at, to > from ? ends[to - 1] : at);
}

/** Marks titles and picks excerpts in `locale` for one search's terms, sharing what it learns about words. */
export function createTermMarker(terms: readonly TermForms[], locale: Locale): { mark(text: string): string; excerpt(text: string, size?: number): string } {
  const match = termMatcher(terms, locale);
  return { mark: (text) => markTokens(text, match), excerpt: (text, size) => excerptTokens(text, match, size) };
}

/** Query terms as `parseSearchQuery` reads them: with their forms in `locale`, or alone without one. */
const formsOf = (terms: readonly (string | TermForms)[], locale?: Locale) => terms.map((term) => (typeof term === 'string' ? termForms(term, locale) : term));

/** The whole text with every matching token marked (text and query in `locale`, default English). */
export function markMatches(text: string, terms: readonly (string | TermForms)[], locale: Locale = 'en'): string {
  return markTokens(text, termMatcher(formsOf(terms, locale), locale));
}

/** See excerptTokens. */
export function excerptMatches(text: string, terms: readonly (string | TermForms)[], size?: number, locale: Locale = 'en'): string {
  return excerptTokens(text, termMatcher(formsOf(terms, locale), locale), size);
}

function markTokens(text: string, match: TokenMatcher): string {
  const count = tokenize(text, match);
  if (count === 0) return text;
  const marked = text.slice(0, scratch.starts[0]) + markRange(text, 0, count) + text.slice(scratch.ends[count - 1]);
  release();
  return marked;
}

/**
 * At most `size` tokens of the text around the best group of matches (most distinct terms,
 * then most matches, then earliest), with "…" where text was cut; the start of the text when
 * nothing matches.
 */
function excerptTokens(text: string, match: TokenMatcher, size = 24): string {
  const count = tokenize(text, match);
  if (count === 0) return '';
  const { terms } = scratch;
  // Windows of `size` tokens starting at each matching token, slid along once: per term, how
  // many of its matches the window holds.
  let bestFrom = 0;
  let bestScore = -1;
  const counts: number[] = [];
  let distinct = 0;
  let matches = 0;
  const add = (term: number, by: 1 | -1) => {
    if (term < 0) return;
    const before = counts[term] ?? 0;
    counts[term] = before + by;
    if (before === 0) distinct++;
    else if (before + by === 0) distinct--;
    matches += by;
  };
  for (let i = 0; i < Math.min(size, count); i++) add(terms[i]!, 1);
  for (let i = 0; i < count; i++) {
    if (terms[i]! >= 0) {
      const score = distinct * 10_000 + matches;
      if (score > bestScore) {
        bestFrom = i;
        bestScore = score;
      }
    }
    add(terms[i]!, -1);
    if (i + size < count) add(terms[i + size]!, 1);
  }
  // A few words of context before the first match, unless the text ends sooner.
  const from = bestScore < 0 ? 0 : Math.max(0, Math.min(bestFrom - LEAD_TOKENS, count - size));
  const to = Math.min(count, from + size);
  const head = from > 0 ? '…' : text.slice(0, scratch.starts[0]);
  const tail = to < count ? '…' : text.slice(scratch.ends[count - 1]);
  const excerpt = head + markRange(text, from, to) + tail;
  release();
  return excerpt;
}
