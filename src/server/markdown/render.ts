/**
 * Markdown written by staff, rendered with marked and then sanitised with sanitize-html: the
 * allow-list, not marked, decides what reaches the page (no raw HTML, scripts, styles or
 * javascript: URLs). Headings are shifted below the page's own h1.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { markdownAttributes, markdownSchemes, markdownTags } from '../../lib/markdown-policy.ts';
import { memoizeText } from '../../lib/text-memo.ts';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [...markdownTags],
  allowedAttributes: { ...markdownAttributes, a: [...(markdownAttributes.a ?? []), 'rel'] },
  allowedSchemes: [...markdownSchemes],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page title is the only h1; an h1 in the body becomes a section heading.
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer' } : attribs };
    },
  },
};

const toSafeHtml = memoizeText((markdown: string) => sanitizeHtml(marked.parse(markdown) as string, sanitizeOptions));

/** Markdown → safe HTML fragment. Empty input gives an empty string. */
export function renderMarkdown(markdown: string | null | undefined): string {
  if (!markdown?.trim()) return '';
  return toSafeHtml(markdown);
}

const toPlainText = memoizeText((markdown: string) => {
  const html = marked.parse(markdown) as string;
  const text = sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote)>/g, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text;
});

/** Markdown → plain text (meta descriptions, feed summaries, ICS descriptions). */
export function markdownToText(markdown: string | null | undefined, maxLength = Infinity): string {
  if (!markdown?.trim()) return '';
  const text = toPlainText(markdown);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}
