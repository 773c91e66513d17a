/**
 * Marks the query terms in a result's title and picks a body excerpt, in JavaScript: FTS5's
 * `highlight()`/`snippet()` need the MATCH cursor, i.e. one more full pass over the query's
 * doclist per page (figures in decision 005). Tokens and folding follow the
 * index's tokenizer (`unicode61 remove_diacritics 2`): runs of letters, digits and marks,
 * compared lower-cased and without diacritics; a term matches a token it is a prefix of
 * (whole tokens for terms shorter than MIN_PREFIX, as in the query). Output uses the
 * U+0001/U+0002 markers that `renderHighlight` turns into `<mark>`.
 */
import { MARK_CLOSE, MARK_OPEN } from './highlight.ts';
import { MIN_PREFIX } from './query.ts';

const WORD_CHAR = /^[\p{L}\p{N}\p{M}\p{Co}]$/u;
/** Words shown before the first match of an excerpt. */
const LEAD_TOKENS = 3;

/** Lower case without diacritics, as the FTS tokenizer folds text. */
export function foldForSearch(text: string): string {
  // Most words are plain ASCII: skip the decomposition (the costliest step) for them.
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * Tells which query term a token matches (its index in `terms`), or -1. Answers are remembered:
 * a page's titles and excerpts repeat most of their words, and folding is the costly part.
 */
export function termMatcher(terms: readonly string[]): (token: string) => number {
  const folded = terms.map((term) => ({ text: foldForSearch(term), prefix: [...term].length >= MIN_PREFIX }));
  const known = new Map<string, number>();
  return (token) => {
    let term = known.get(token);
    if (term === undefined) {
      const value = foldForSearch(token);
      term = folded.findIndex((candidate) => (candidate.prefix ? value.startsWith(candidate.text) : value === candidate.text));
      known.set(token, term);
    }
    return term;
  };
}

interface Token {
  start: number;
  end: number;
  /** Index of the term it matches, or -1. */
  term: number;
}

/** Per code point of the Basic Multilingual Plane: 0 not yet known, 1 part of a token, 2 not. */
const bmpWordChars = new Uint8Array(0x10000);
/** Whether a code point belongs to a token: a letter, digit, mark or private-use character. */
function isWordCodePoint(code: number): boolean {
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
  if (code > 0xffff) return WORD_CHAR.test(String.fromCodePoint(code));
  let known = bmpWordChars[code]!;
  if (known === 0) {
    known = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 2;
    bmpWordChars[code] = known;
  }
  return known === 1;
}

/**
 * The text's tokens, read code point by code point (a regular expression's match objects made
 * this the costliest part of a results page: bodies are long).
 */
function tokenize(text: string, match: (token: string) => number): Token[] {
  const tokens: Token[] = [];
  let start = -1;
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    if (isWordCodePoint(code)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      tokens.push({ start, end: i, term: match(text.slice(start, i)) });
      start = -1;
    }
    i += width;
  }
  if (start >= 0) tokens.push({ start, end: text.length, term: match(text.slice(start)) });
  return tokens;
}

function markRange(text: string, tokens: Token[], from: number, to: number): string {
  let out = '';
  let at = tokens[from]?.start ?? 0;
  for (let i = from; i < to; i++) {
    const token = tokens[i]!;
    if (token.term < 0) continue;
    out += text.slice(at, token.start) + MARK_OPEN + text.slice(token.start, token.end) + MARK_CLOSE;
    at = token.end;
  }
  return out + text.slice(at, to > from ? tokens[to - 1]!.end : at);
}

/** Marks titles and picks excerpts for one search's terms, sharing what it learns about words. */
export function createTermMarker(terms: readonly string[]): { mark(text: string): string; excerpt(text: string, size?: number): string } {
  const match = termMatcher(terms);
  return { mark: (text) => markTokens(text, match), excerpt: (text, size) => excerptTokens(text, match, size) };
}

/** The whole text with every matching token marked. */
export function markMatches(text: string, terms: readonly string[]): string {
  return markTokens(text, termMatcher(terms));
}

/** See excerptMatches. */
export function excerptMatches(text: string, terms: readonly string[], size?: number): string {
  return excerptTokens(text, termMatcher(terms), size);
}

function markTokens(text: string, match: (token: string) => number): string {
  const tokens = tokenize(text, match);
  if (tokens.length === 0) return text;
  return text.slice(0, tokens[0]!.start) + markRange(text, tokens, 0, tokens.length) + text.slice(tokens.at(-1)!.end);
}

/**
 * At most `size` tokens of the text around the best group of matches (most distinct terms,
 * then most matches, then earliest), with "…" where text was cut; the start of the text when
 * nothing matches.
 */
function excerptTokens(text: string, match: (token: string) => number, size = 24): string {
  const tokens = tokenize(text, match);
  if (tokens.length === 0) return '';
  // Windows of `size` tokens starting at each matching token, slid along once: per term, how
  // many of its matches the window holds.
  let best = { from: 0, score: -1 };
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
  for (let i = 0; i < Math.min(size, tokens.length); i++) add(tokens[i]!.term, 1);
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.term >= 0) {
      const score = distinct * 10_000 + matches;
      if (score > best.score) best = { from: i, score };
    }
    add(tokens[i]!.term, -1);
    if (i + size < tokens.length) add(tokens[i + size]!.term, 1);
  }
  // A few words of context before the first match, unless the text ends sooner.
  const from = best.score < 0 ? 0 : Math.max(0, Math.min(best.from - LEAD_TOKENS, tokens.length - size));
  const to = Math.min(tokens.length, from + size);
  const head = from > 0 ? '…' : text.slice(0, tokens[0]!.start);
  const tail = to < tokens.length ? '…' : text.slice(tokens.at(-1)!.end);
  return head + markRange(text, tokens, from, to) + tail;
}
