/**
 * Where each URL of the hub lives in a static archive (decision 052). A page becomes a folder
 * with an `index.html` (`/en/hub/event/x` → `en/hub/event/x/index.html`, linked as
 * `en/hub/event/x/`), which any static host serves as a directory index. A query string cannot be
 * a file, so the few queries that choose content worth keeping become path segments
 * (`/en/hub?tag=music&page=2` → `en/hub/tag/music/page/2/`); every other query is dropped (the
 * page is archived in its default form) and server-only URLs are not archived at all.
 */
import { posix } from 'node:path';

export type ArchiveTarget =
  /**
   * Written at `file` (relative to the archive root) from what the server answers at `source`
   * (the path with the kept query only); `href` is how a link points at it.
   */
  | { kind: 'file'; file: string; href: string; source: string; isPage: boolean }
  /** Needs a server (admin, API, forms' endpoints, the time zone choice): not in the archive. */
  | { kind: 'removed' };

const LOCALE = '[a-z]{2}';

/** Paths that need a server: their links point at the archive's note instead. */
const serverOnly = [
  new RegExp(`^/${LOCALE}/admin(/|$)`),
  /^\/api(\/|$)/,
  /^\/monitoring$/,
  /^\/_actions(\/|$)/,
  new RegExp(`^/${LOCALE}/test-hooks(/|$)`),
  new RegExp(`^/${LOCALE}/hub/time-zone$`),
  // A personal agenda's calendar is built from the ids in its query.
  new RegExp(`^/${LOCALE}/hub/agenda/calendar\\.ics$`),
];

/** The query parameters kept as path segments, per page, in this order. */
const keptParams: [RegExp, readonly string[]][] = [
  [new RegExp(`^/${LOCALE}/hub$`), ['tag', 'when', 'page']],
  [new RegExp(`^/${LOCALE}/hub/(edition|venue|curator|organizer|event)/[^/]+$`), ['page']],
  [new RegExp(`^/${LOCALE}/hub/edition/[^/]+/schedule$`), ['day']],
];

/** Values that can be a path segment as they are (slugs, page numbers, dates). */
const SEGMENT_SAFE = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** The default values the app leaves out of its own links (kept out of the paths too). */
const defaults: Record<string, string> = { when: 'upcoming', page: '1' };

/** The kept parameters of a page's query, as [name, value] pairs in their fixed order. */
function keptQuery(pathname: string, query: URLSearchParams): [string, string][] {
  const kept = keptParams.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
  return kept.flatMap((key): [string, string][] => {
    const value = query.get(key);
    return value && SEGMENT_SAFE.test(value) && defaults[key] !== value ? [[key, value]] : [];
  });
}

const withQuery = (pathname: string, pairs: [string, string][]) => (pairs.length ? `${pathname}?${new URLSearchParams(pairs)}` : pathname);

/** A media variant (`?w=640&fm=webp`) is a file of its own beside the original. */
function mediaVariantSuffix(query: URLSearchParams): string {
  const width = query.get('w');
  const format = query.get('fm');
  if (!width || !/^\d{1,5}$/.test(width) || !format || !/^[a-z]{3,5}$/.test(format)) return '';
  return `.${width}w.${format}`;
}

const hasExtension = (pathname: string) => /\.[a-z0-9]{1,12}$/i.test(posix.basename(pathname));

/**
 * Where `url` (a path with its query, on the hub's origin) is written in the archive, or that it
 * is not archived. Never throws on odd input: it is read from rendered pages.
 */
export function archiveTargetOf(url: URL): ArchiveTarget {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname).replace(/\/+$/, '') || '/';
  } catch {
    return { kind: 'removed' };
  }
  if (pathname.split('/').some((segment) => segment === '..' || segment === '.')) return { kind: 'removed' };
  if (serverOnly.some((pattern) => pattern.test(pathname))) return { kind: 'removed' };
  if (pathname === '/sitemap.xml') {
    const part = url.searchParams.get('part');
    const file = part && /^\d{1,4}$/.test(part) ? `sitemap-${part}.xml` : 'sitemap.xml';
    return { kind: 'file', file, href: file, source: file === 'sitemap.xml' ? pathname : `${pathname}?part=${part}`, isPage: false };
  }
  if (pathname.startsWith('/media/')) {
    const suffix = mediaVariantSuffix(url.searchParams);
    const source = suffix ? `${pathname}?w=${url.searchParams.get('w')}&fm=${url.searchParams.get('fm')}` : pathname;
    return { kind: 'file', file: pathname.slice(1) + suffix, href: pathname.slice(1) + suffix, source, isPage: false };
  }
  if (hasExtension(pathname)) {
    const file = pathname.slice(1);
    return { kind: 'file', file, href: file, source: pathname, isPage: false };
  }
  const pairs = keptQuery(pathname, url.searchParams);
  const folder = [pathname === '/' ? '' : pathname.slice(1), ...pairs.flat()].filter(Boolean).join('/');
  return {
    kind: 'file',
    file: folder ? `${folder}/index.html` : 'index.html',
    href: folder ? `${folder}/` : '',
    source: withQuery(pathname, pairs),
    isPage: true,
  };
}

/**
 * The link from the page written at `fromFile` to `target`, relative so the archive works under
 * any folder of any host (`en/hub/event/x/index.html` → `en/hub/` gives `../../`).
 */
export function relativeHref(fromFile: string, targetHref: string): string {
  const fromDir = posix.dirname(fromFile);
  const isFolder = targetHref === '' || targetHref.endsWith('/');
  const relative = posix.relative(fromDir === '.' ? '' : fromDir, targetHref.replace(/\/$/, '') || '.');
  if (!relative) return './';
  return isFolder ? `${relative}/` : relative;
}
