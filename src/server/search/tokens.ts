/**
 * The index tokenizer's rules (`unicode61 remove_diacritics 2`) in JavaScript, shared by the
 * word forms written into the index and by the highlighting: a token is a run of letters, digits,
 * marks and private-use characters, compared lower-cased and without diacritics.
 */

const WORD_CHAR = /^[\p{L}\p{N}\p{M}\p{Co}]$/u;

/** Lower case without diacritics, as the FTS tokenizer folds text. */
export function foldForSearch(text: string): string {
  // Most words are plain ASCII: skip the decomposition (the costliest step) for them.
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Per code point of the Basic Multilingual Plane: 0 not yet known, 1 part of a token, 2 not. */
const bmpWordChars = new Uint8Array(0x10000);

/** Whether a code point belongs to a token: a letter, digit, mark or private-use character. */
export function isWordCodePoint(code: number): boolean {
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
 * Calls `visit(start, end)` for each token of the text, read code point by code point (a regular
 * expression's match objects made this the costliest part of a results page: bodies are long).
 */
export function forEachToken(text: string, visit: (start: number, end: number) => void): void {
  let start = -1;
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    if (isWordCodePoint(code)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      visit(start, i);
      start = -1;
    }
    i += code > 0xffff ? 2 : 1;
  }
  if (start >= 0) visit(start, text.length);
}
