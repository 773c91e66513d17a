/**
 * Turns a rendered hub page into its archive copy (decision 052): every internal URL in `href`,
 * `src`, `srcset`, `action` and `poster` points at the archive file relative to the page, links
 * that need a server point at the archive's note, forms other than search are hidden behind a
 * note, and entity pages get their Pagefind markers. The pages are the app's own output (double
 * quoted attributes, no `<base>`), so a scan of attributes is exact enough and keeps each page a
 * single pass over a string.
 */
import type { Translate } from '../../i18n/index.ts';
import { archiveTargetOf, relativeHref } from './archive-paths.ts';
import { entityTypeOf, searchMarkersOf } from './search-markers.ts';

export interface RewriteContext {
  /** The origins the pages name themselves by: the crawled server's and the public site's. */
  origins: readonly string[];
  /** Absolute links (canonical, alternates, calendars) use this base; none: they become relative. */
  baseUrl: string | undefined;
  t: Translate;
  /** When the archive is made (the note says it; past and upcoming are decided by it). */
  now: Date;
}

export interface RewrittenPage {
  html: string;
  /** Internal URLs the page refers to, as they were written (the crawl fetches their targets). */
  links: URL[];
}

/** The id of the archive's note: where links to what needs a server go. */
export const NOTE_ID = 'archive-note';

const SKIPPED_SCHEMES = /^(?:mailto|tel|data|javascript|blob|sms|geo):/i;

const decodeAmpersands = (value: string) => value.replace(/&amp;/g, '&');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What is left of the server's origins (structured data, feeds' self links, embed snippets)
 * names the archive: its base URL, or nothing (root-relative). URLs already on the base are kept.
 */
export function replaceOrigins(text: string, { origins, baseUrl }: Pick<RewriteContext, 'origins' | 'baseUrl'>): string {
  const base = baseUrl?.replace(/\/$/, '') ?? '';
  const basePath = baseUrl ? new URL(baseUrl).pathname : '/';
  const notOnBase = basePath === '/' ? '' : `(?!${escapeRegExp(basePath)})`;
  return origins.reduce((out, origin) => out.replace(new RegExp(escapeRegExp(origin) + notOnBase, 'g'), base), text);
}

/** One URL as a page wrote it → its archive form (and the internal URL found, if any). */
export function rewriteUrl(raw: string, pageUrl: URL, pageFile: string, context: RewriteContext, found: URL[]): string {
  const value = decodeAmpersands(raw.trim());
  if (!value || value.startsWith('#') || SKIPPED_SCHEMES.test(value)) return raw;
  const webcal = /^webcal:/i.test(value);
  let url: URL;
  try {
    url = new URL(webcal ? value.replace(/^webcal:/i, 'http:') : value, pageUrl);
  } catch {
    return raw;
  }
  const internal = context.origins.includes(url.origin) || (webcal && context.origins.some((origin) => new URL(origin).host === url.host));
  if (!internal) return raw;
  const target = archiveTargetOf(url);
  if (target.kind === 'removed') return `#${NOTE_ID}`;
  found.push(url);
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(value);
  if (absolute && context.baseUrl) {
    const href = `${context.baseUrl.replace(/\/$/, '')}/${target.href}${url.hash}`;
    return webcal ? href.replace(/^https?:/, 'webcal:') : href;
  }
  return relativeHref(pageFile, target.href) + url.hash;
}

function rewriteSrcset(raw: string, rewrite: (url: string) => string): string {
  return raw
    .split(',')
    .map((candidate) => {
      const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
      return [rewrite(url), ...descriptor].join(' ');
    })
    .join(', ');
}

/** The archive's note, shown at the top of every page's main content. */
function noteHtml(t: Translate, now: Date, locale: string): string {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(now);
  return `<p class="notice" id="${NOTE_ID}" role="note">${t('archive.note', { date })}</p>`;
}

const SEARCH_PAGE = /^\/[a-z]{2}\/hub\/search$/;

/**
 * Hides each form, which needs a server: behind a note, or for the search form, in favour of the
 * archive's own search (Pagefind), mounted where the search page's main content ends.
 */
function hideServerForms(html: string, t: Translate): string {
  return html.replace(/<form\b([^>]*)>/g, (_, attributes: string) => {
    const action = /\saction="([^"]*)"/.exec(attributes)?.[1] ?? '';
    const isSearch = SEARCH_PAGE.test(action.replace(/^https?:\/\/[^/]+/, ''));
    return `${isSearch ? '' : `<p class="notice" role="note">${t('archive.formUnavailable')}</p>`}<form hidden${attributes}>`;
  });
}

/** The archive's search on the search page: Pagefind UI, loaded by a small script of ours. */
function searchMountHtml(pageFile: string, t: Translate): string {
  const root = relativeHref(pageFile, '');
  const when = JSON.stringify({ name: t('hub.filters.when'), past: t('hub.filters.past'), upcoming: t('hub.filters.upcoming') });
  return (
    `<div id="archive-search" data-root="${root}" data-when="${when.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></div>` +
    `<script src="${root}${SEARCH_SCRIPT}" defer></script>`
  );
}

/** The archive's search script, at the archive's root. */
export const SEARCH_SCRIPT = 'archive-search.js';

/** Rewrites one page fetched from `pageUrl` and written at `pageFile`. */
export function rewriteHtml(html: string, pageUrl: URL, pageFile: string, context: RewriteContext): RewrittenPage {
  const found: URL[] = [];
  const rewrite = (raw: string) => rewriteUrl(raw, pageUrl, pageFile, context, found);
  let out = hideServerForms(html, context.t)
    .replace(/(\s(?:href|src|action|poster))="([^"]*)"/g, (_, name: string, value: string) => `${name}="${rewrite(value)}"`)
    .replace(/(\s(?:srcset|imagesrcset))="([^"]*)"/g, (_, name: string, value: string) => `${name}="${rewriteSrcset(value, rewrite)}"`)
    .replace(/(\scontent)="(https?:\/\/[^"]*)"/g, (_, name: string, value: string) => `${name}="${rewrite(value)}"`);
  out = replaceOrigins(out, context);
  const locale = /<html\b[^>]*\slang="([^"]+)"/.exec(out)?.[1] ?? 'en';
  const pathname = pageUrl.pathname.replace(/\/+$/, '');
  const type = entityTypeOf(pathname);
  const search = SEARCH_PAGE.test(pathname) ? searchMountHtml(pageFile, context.t) : '';
  out = out.replace(/<main\b([^>]*)>([\s\S]*)<\/main>/, (_, attributes: string, main: string) => {
    const markers = type && !pageUrl.search ? searchMarkersOf(type, html, main, context.t, context.now) : undefined;
    return `<main${attributes}${markers?.mainAttributes ?? ''}>${noteHtml(context.t, context.now, locale)}${main}${search}${markers?.hiddenContent ?? ''}</main>`;
  });
  return { html: out, links: found };
}
