/**
 * What staff Markdown may become on a page: one allow-list for the server's sanitiser
 * (src/server/markdown/render.ts) and the admin preview's browser twin
 * (src/components/admin/markdown/sanitize-dom.ts), so the preview shows what the page will show.
 */

/** Tags kept; every other tag is unwrapped or, for script-like ones, dropped with its content. */
export const markdownTags = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'em',
  'strong',
  'del',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'sup',
  'sub',
] as const;

/** Attributes kept per tag (the server adds `rel` to external links itself). */
export const markdownAttributes: Readonly<Record<string, readonly string[]>> = { a: ['href', 'title'], th: ['align'], td: ['align'], ol: ['start'] };

/** URL schemes a link may use (relative links are kept too). */
export const markdownSchemes = ['http', 'https', 'mailto', 'tel'] as const;
