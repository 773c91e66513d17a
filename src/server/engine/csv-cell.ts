/**
 * One value of an export row as a CSV cell a spreadsheet opens as plain text.
 *
 * Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` (or a tab or CR before one) as a
 * formula; Excel and LibreOffice also read the full-width forms `＝ ＋ － ＠` (U+FF1D, U+FF0B,
 * U+FF0D, U+FF20) that Japanese and Chinese input methods type. Such a cell gets a leading
 * apostrophe, as OWASP's "CSV injection" advice says. The rule applies to every text cell,
 * including lists joined into one.
 *
 * Nested values are written for a person reading the sheet: a link `{ label, url }` as
 * `label <url>`, several of them joined by `; `; a list of ids stays space-separated. JSON
 * exports keep the structure; only CSV flattens it.
 */

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Text with a leading apostrophe when a spreadsheet would run it as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function isLink(value: object): value is { url: string; label?: unknown } {
  return 'url' in value && typeof value.url === 'string';
}

/** A nested value (object, or an item of a list) as readable text. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(describe).join(', ');
  if (isLink(value)) {
    const label = typeof value.label === 'string' ? value.label.trim() : '';
    return label ? `${label} <${value.url}>` : value.url;
  }
  return JSON.stringify(value);
}

/** The CSV cell of one exported value; numbers stay numbers, nothing stays empty. */
export function csvCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const objects = value.some((item) => typeof item === 'object' && item !== null);
    return neutraliseFormula(value.map(describe).join(objects ? '; ' : ' '));
  }
  return neutraliseFormula(describe(value));
}
