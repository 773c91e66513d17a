/**
 * Markdown preview for the editor: marked (same options as the server) + the DOM sanitiser.
 * Loaded on demand the first time a preview is opened, so neither is in the first-load bundle.
 */
import { Marked } from 'marked';
import { sanitizeHtmlFragment } from './sanitize-dom.ts';

/** `on…=` attributes of raw HTML written in the Markdown (`<img onerror=…>`). */
const EVENT_HANDLER = /\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  // The sanitiser drops these anyway, but Chromium reports a CSP violation as soon as it parses
  // one, even into an inert <template>: an error in the editor's console for every keystroke.
  renderer: { html: ({ text }) => text.replace(EVENT_HANDLER, '') },
});

/** Renders `markdown` into `target`, replacing its content. */
export function renderPreview(markdown: string, target: HTMLElement): void {
  const html = markdown.trim() ? (marked.parse(markdown) as string) : '';
  target.replaceChildren(sanitizeHtmlFragment(html, target.ownerDocument));
}
