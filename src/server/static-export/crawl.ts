/**
 * The archive's crawl (decision 052): asks the hub for each URL once, with a bounded number of
 * requests in flight, and writes each answer to disk as it arrives, so memory holds the URLs
 * waiting to be fetched, never the pages. A URL is done when its file exists: the archive folder
 * itself is the set of visited URLs. Waiting URLs are taken last in, first out, so the crawl goes
 * deep (an event page, then its images) and the waiting list stays short.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { archiveTargetOf, relativeHref } from './archive-paths.ts';
import { urlKindOf } from './url-kinds.ts';

export interface CrawlItem {
  /** What the server is asked for (path and kept query). */
  source: string;
  file: string;
  isPage: boolean;
  /** Whether the page's links are followed (always, but for an edition's archive). */
  expand: boolean;
}

export interface CrawlHooks {
  /** The archive copy of a page and the internal URLs it refers to. */
  rewritePage: (html: string, url: URL, file: string) => { html: string; links: URL[] };
  /** The archive copy of a text file (feed, calendar, sitemap, schedule) and the URLs to follow. */
  rewriteText: (text: string, url: URL, file: string) => { text: string; links: URL[] };
  /** Whether a link found on `from` is fetched, and whether its own links are followed. */
  follow: (from: CrawlItem, link: URL, isPage: boolean) => { fetch: boolean; expand: boolean };
  /** URLs that belong with a page without being linked from it (an event's embed). */
  companions?: (item: CrawlItem) => URL[];
}

export interface CrawlStats {
  pages: number;
  files: number;
  redirects: number;
  /** URLs the server did not answer with a page or file (status 0: no answer). */
  failed: { source: string; status: number; error?: string }[];
  bytes: number;
  /** Per kind of URL (`urlKindOf`): how many, and the seconds from request to written file, summed. */
  byKind: Record<string, { count: number; seconds: number }>;
}

const TEXT_TYPES = /^(?:text\/|application\/(?:xml|rss\+xml|atom\+xml|json|manifest\+json|ld\+json|javascript)|image\/svg\+xml)/;

/** A page that sends the visitor on to `href` (the archive form of a redirect). */
function redirectStub(href: string): string {
  const escaped = href.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<!doctype html><meta charset="utf-8"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="0; url=${escaped}"><link rel="canonical" href="${escaped}"><a href="${escaped}">${escaped}</a>\n`;
}

export class Crawl {
  readonly stats: CrawlStats = { pages: 0, files: 0, redirects: 0, failed: [], bytes: 0, byKind: {} };
  private readonly waiting: CrawlItem[] = [];
  private readonly known = new Set<string>();
  private readonly failedFiles = new Set<string>();
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  private readonly origin: string;
  private readonly outDir: string;
  private readonly hooks: CrawlHooks;
  private readonly concurrency: number;

  constructor(origin: string, outDir: string, hooks: CrawlHooks, concurrency: number) {
    this.origin = origin;
    this.outDir = outDir;
    this.hooks = hooks;
    this.concurrency = concurrency;
  }

  /** Queues `url` unless it is not archived, already written, or already waiting. */
  enqueue(url: URL, expand: boolean): void {
    const target = archiveTargetOf(url);
    if (target.kind === 'removed') return;
    if (this.known.has(target.file) || this.failedFiles.has(target.file) || existsSync(join(this.outDir, target.file))) return;
    this.known.add(target.file);
    this.waiting.push({ source: target.source, file: target.file, isPage: target.isPage, expand });
    this.wakeAll();
  }

  /** Runs until nothing waits and nothing is in flight. */
  async run(): Promise<CrawlStats> {
    await Promise.all(Array.from({ length: this.concurrency }, () => this.worker()));
    return this.stats;
  }

  private wakeAll(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private async worker(): Promise<void> {
    for (;;) {
      const item = this.waiting.pop();
      if (!item) {
        if (this.inFlight === 0) {
          this.wakeAll();
          return;
        }
        await new Promise<void>((resolve) => this.waiters.push(resolve));
        continue;
      }
      this.inFlight++;
      const startedAt = performance.now();
      try {
        await this.fetchItem(item);
        this.countKind(item.source, startedAt);
      } catch (error) {
        // A connection reset or a write error costs that one file, reported, not the whole archive.
        this.failedFiles.add(item.file);
        this.stats.failed.push({ source: item.source, status: 0, error: error instanceof Error ? error.message : String(error) });
      } finally {
        this.inFlight--;
        this.known.delete(item.file);
        this.wakeAll();
      }
    }
  }

  private countKind(source: string, startedAt: number): void {
    const kind = urlKindOf(source);
    const entry = (this.stats.byKind[kind] ??= { count: 0, seconds: 0 });
    entry.count++;
    entry.seconds += (performance.now() - startedAt) / 1000;
  }

  private async fetchItem(item: CrawlItem): Promise<void> {
    const url = new URL(item.source, this.origin);
    const response = await fetch(url, { redirect: 'manual', headers: { 'accept-encoding': 'identity' } });
    const path = join(this.outDir, item.file);
    await mkdir(dirname(path), { recursive: true });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, url);
      const target = archiveTargetOf(next);
      if (target.kind === 'file' && target.file !== item.file && item.isPage) {
        await writeFile(path, redirectStub(relativeHref(item.file, target.href)));
        this.stats.redirects++;
      } else this.failedFiles.add(item.file);
      this.enqueue(next, item.expand);
      return;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      this.failedFiles.add(item.file);
      this.stats.failed.push({ source: item.source, status: response.status });
      return;
    }
    const type = response.headers.get('content-type') ?? '';
    if (type.startsWith('text/html')) {
      const { html, links } = this.hooks.rewritePage(await response.text(), url, item.file);
      await writeFile(path, html);
      this.stats.pages++;
      this.stats.bytes += Buffer.byteLength(html);
      this.follow(item, links);
      for (const companion of this.hooks.companions?.(item) ?? []) this.enqueue(companion, false);
    } else if (TEXT_TYPES.test(type)) {
      const { text, links } = this.hooks.rewriteText(await response.text(), url, item.file);
      await writeFile(path, text);
      this.stats.files++;
      this.stats.bytes += Buffer.byteLength(text);
      this.follow(item, links);
    } else {
      await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(path));
      this.stats.files++;
      this.stats.bytes += Number(response.headers.get('content-length') ?? 0);
    }
  }

  private follow(from: CrawlItem, links: URL[]): void {
    for (const link of links) {
      const target = archiveTargetOf(link);
      if (target.kind === 'removed') continue;
      const { fetch, expand } = this.hooks.follow(from, link, target.isPage);
      if (fetch) this.enqueue(link, expand);
    }
  }
}
