/**
 * Safe rendering of FTS5 `highlight()`/`snippet()` output. The SQL marks matches with the
 * control characters U+0001/U+0002; here the whole text is HTML-escaped first and only then are
 * the markers turned into <mark>, so indexed text can never inject markup.
 */

export const MARK_OPEN = '\u0001';
export const MARK_CLOSE = '\u0002';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Drops Markdown punctuation that is noise in a one-line excerpt (links keep their text). */
export function stripMarkdownSyntax(text: string): string {
  return text
    .replace(/\]\([^)\s]*\)?/g, ' ')
    .replace(/(^|\s)#{1,6}\s+/g, '$1')
    .replace(/(^|\s)[-*+]\s+/g, '$1')
    .replace(/[[\]*_`>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Escaped HTML with `<mark>` around matched terms; stray markers are removed. */
export function renderHighlight(marked: string): string {
  return escapeHtml(marked)
    .replace(/\u0001([^\u0001\u0002]*)\u0002/g, '<mark>$1</mark>')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}
