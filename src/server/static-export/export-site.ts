/**
 * `npm run export`: a static archive of the public hub (decision 052). Starts the built server on
 * the operator's database, crawls it from its sitemap and the shared pages, writes each answer as
 * a file with its links rewritten, copies the build's assets, and indexes the pages with Pagefind
 * for the archive's own search. With an edition, only that edition and what its pages link to.
 */
import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { getTranslator } from '../../i18n/index.ts';
import { defaultLocale, locales } from '../../i18n/config.ts';
import { paths } from '../../lib/paths.ts';
import { getDistDir } from '../runtime/build-state.ts';
import { startAppServer } from './app-server.ts';
import { Crawl, type CrawlHooks, type CrawlItem, type CrawlStats } from './crawl.ts';
import { pointDanglingLinksAtNote, pruneSitemap } from './dangling-links.ts';
import { buildSearchIndex } from './pagefind-index.ts';
import { watchPeakRss } from './peak-rss.ts';
import { replaceOrigins, rewriteHtml, rewriteUrl, SEARCH_SCRIPT, type RewriteContext } from './rewrite-html.ts';
import { searchScript } from './search-script.ts';

export const exportOptionsSchema = z.object({
  out: z.string().min(1),
  edition: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .optional(),
  /** Where the archive will be published: absolute links (canonical, sitemap, calendars) use it. */
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** Requests in flight at once (default: four per server worker). */
  concurrency: z.coerce.number().int().min(1).max(64).optional(),
  /** The hub server's worker processes. */
  workers: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(() => Math.min(16, availableParallelism())),
});
export type ExportOptions = z.input<typeof exportOptionsSchema>;

export interface ExportReport {
  stats: CrawlStats;
  searchPages: number;
  seconds: { crawl: number; search: number; total: number };
  peakRssBytes: { export: number; server: number; pagefind: number };
  /** User + system CPU of the crawl (this process) and of the hub server (with its workers). */
  cpuSeconds: { export: number; server: number };
}

/** Pages every archive has, in every locale: reached from the sitemap too, but not an edition's. */
const sharedPages = [
  paths.home,
  paths.hub,
  paths.about,
  paths.contact,
  paths.privacy,
  paths.terms,
  (l: (typeof locales)[number]) => paths.search(l),
  paths.editions,
  paths.venues,
  paths.people,
  (l: (typeof locales)[number]) => paths.today(l),
  (l: (typeof locales)[number]) => paths.agenda(l),
  (l: (typeof locales)[number]) => paths.embedEvents(l),
  (l: (typeof locales)[number]) => `/${l}/manifest.webmanifest`,
];

/** Hub-wide feeds and calendars: the whole programme, so not part of an edition's archive. */
const hubWideFiles = [(l: (typeof locales)[number]) => paths.feed(l), (l: (typeof locales)[number]) => paths.hubCalendar(l)];

/** The archive file a rewritten absolute or root-relative link names (undefined: not the archive's). */
function archiveFileOfHref(href: string, baseUrl: string | undefined): string | undefined {
  const base = baseUrl?.replace(/\/$/, '');
  const path = base && href.startsWith(`${base}/`) ? href.slice(base.length + 1) : href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return undefined;
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
}

const EVENT_PAGE = /^\/([a-z]{2})\/hub\/event\/([^/]+)$/;

async function ensureEmptyFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length) throw new Error(`${dir} is not empty: the archive is written into an empty folder.`);
}

/** The build's assets (scripts, styles, fonts, icons), minus the service worker (no server to update it). */
async function copyBuildAssets(root: string, out: string): Promise<void> {
  await cp(join(root, getDistDir(), 'client'), out, {
    recursive: true,
    filter: (source) => !/\.(br|gz)$/.test(source) && basename(source) !== 'sw.js',
  });
}

/** Which links are fetched and followed: everything, or an edition and what its pages link to. */
function followPolicy(edition: string | undefined): CrawlHooks['follow'] {
  if (!edition) return () => ({ fetch: true, expand: true });
  const ofEdition = new RegExp(`^/[a-z]{2}/hub/edition/${edition}(/|$)`);
  return (from: CrawlItem, link: URL, isPage: boolean) => {
    if (!isPage) return { fetch: true, expand: false };
    const path = link.pathname.replace(/\/+$/, '');
    const expand = ofEdition.test(path) || (EVENT_PAGE.test(path) && ofEdition.test(new URL(from.source, 'http://x').pathname));
    return { fetch: from.expand, expand };
  };
}

/** Writes the archive; resolves with what was written and what it cost. */
export async function exportSite(root: string, input: ExportOptions, env: NodeJS.ProcessEnv = process.env): Promise<ExportReport> {
  const options = exportOptionsSchema.parse(input);
  const startedAt = performance.now();
  await ensureEmptyFolder(options.out);
  const now = new Date();
  const siteOrigin = options.baseUrl ? new URL(options.baseUrl).origin : undefined;
  const server = await startAppServer({ root, siteOrigin, workers: options.workers, env });
  const serverPeak = watchPeakRss(server.process.pid!);
  const origins = [server.origin, ...(siteOrigin ? [siteOrigin] : env.PUBLIC_SITE_URL ? [new URL(env.PUBLIC_SITE_URL).origin] : [])];
  const contextOf = (html: string): RewriteContext => {
    const lang = /<html\b[^>]*\slang="([a-z]{2})/.exec(html)?.[1];
    const locale = locales.find((l) => l === lang) ?? defaultLocale;
    return { origins, baseUrl: options.baseUrl, t: getTranslator(locale), now };
  };
  const textContext: RewriteContext = { origins, baseUrl: options.baseUrl, t: getTranslator(defaultLocale), now };
  let crawlSeconds: number;
  let stats: CrawlStats;
  let serverCpu = 0;
  try {
    await copyBuildAssets(root, options.out);
    const crawl = new Crawl(
      server.origin,
      options.out,
      {
        rewritePage: (html, url, file) => rewriteHtml(html, url, file, contextOf(html)),
        rewriteText: (text, url, file) => {
          const links: URL[] = [];
          if (/^sitemap(-\d+)?\.xml$/.test(file))
            return { text: text.replace(/<loc>([^<]*)<\/loc>/g, (_, loc: string) => `<loc>${rewriteUrl(loc, url, file, textContext, links)}</loc>`), links };
          return { text: replaceOrigins(text, textContext), links };
        },
        follow: followPolicy(options.edition),
        companions: (item) => {
          const match = EVENT_PAGE.exec(item.source);
          return match ? [new URL(paths.embedEvent(match[1] as (typeof locales)[number], match[2]!), server.origin)] : [];
        },
      },
      options.concurrency ?? 4 * options.workers,
    );
    const seed = (path: string, expand: boolean) => crawl.enqueue(new URL(path, server.origin), expand);
    const full = !options.edition;
    for (const path of ['/', '/robots.txt', '/manifest.webmanifest', '/favicon.svg']) seed(path, full);
    for (const locale of locales) {
      for (const page of sharedPages) seed(page(locale), full);
      if (full) for (const file of hubWideFiles) seed(file(locale), true);
    }
    seed('/sitemap.xml', full);
    if (options.edition) {
      const first = await fetch(new URL(paths.edition(defaultLocale, options.edition), server.origin), { redirect: 'manual' });
      await first.body?.cancel();
      if (first.status !== 200) throw new Error(`No public edition "${options.edition}" (the hub answers ${first.status}).`);
      seed(paths.edition(defaultLocale, options.edition), true);
    }
    stats = await crawl.run();
    await writeFile(join(options.out, SEARCH_SCRIPT), searchScript);
    if (options.edition) {
      await pruneSitemap(options.out, (loc) => archiveFileOfHref(loc, options.baseUrl));
      await pointDanglingLinksAtNote(options.out);
    }
    crawlSeconds = (performance.now() - startedAt) / 1000;
  } finally {
    serverCpu = serverPeak.cpuSeconds();
    await server.stop();
  }
  const serverRss = serverPeak.stop();
  const { user, system } = process.cpuUsage();
  const search = await buildSearchIndex(options.out);
  const total = (performance.now() - startedAt) / 1000;
  return {
    stats,
    searchPages: search.pages,
    seconds: { crawl: crawlSeconds, search: total - crawlSeconds, total },
    peakRssBytes: { export: process.resourceUsage().maxRSS * 1024, server: serverRss, pagefind: search.peakRssBytes },
    cpuSeconds: { export: (user + system) / 1e6, server: serverCpu },
  };
}
