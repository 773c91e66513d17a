/**
 * Markdown preview for the editor: marked (same options as the server) + the DOM sanitiser.
 * Loaded on demand the first time a preview is opened, so neither is in the first-load bundle.
 */
import { Marked } from 'marked';
import { sanitizeHtmlFragment } from './sanitize-dom.ts';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Renders `markdown` into `target`, replacing its content. */
export function renderPreview(markdown: string, target: HTMLElement): void {
  const html = markdown.trim() ? (marked.parse(markdown) as string) : '';
  target.replaceChildren(sanitizeHtmlFragment(html, target.ownerDocument));
}
