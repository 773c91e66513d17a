/**
 * RFC 5545 content lines: TEXT escaping and line folding. Everything an editor types goes through
 * `escapeText`, so no line break, `;` or `,` can end a property or split a list early.
 */

/**
 * Control characters a TEXT value may not carry (RFC 5545 §3.3.11 allows only HTAB among them).
 * Line breaks are handled before this runs; the rest would make strict readers reject the file.
 */
const FORBIDDEN_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Escapes a TEXT value: `\` `;` `,` get a backslash, any line break (CRLF, CR or LF) becomes `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(FORBIDDEN_CONTROLS, '');
}

/** A list value (CATEGORIES): each item escaped, so a `,` inside a label stays inside it. */
export function escapeTextList(values: readonly string[]): string {
  return values.map(escapeText).join(',');
}

/** Octets a content line may hold, CRLF excluded (RFC 5545 §3.1). */
export const MAX_LINE_OCTETS = 75;

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * Folds one unfolded line into physical lines of at most 75 octets, each continuation starting
 * with a space. Breaks fall between code points, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > MAX_LINE_OCTETS) {
      pieces.push(current);
      // The leading space of a continuation line counts towards its 75 octets.
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n');
}

/** Joins unfolded lines into a document: each folded, each ended by CRLF. */
export function toIcsDocument(lines: readonly string[]): string {
  return lines.map((line) => `${foldLine(line)}\r\n`).join('');
}
