/**
 * Crawls distinct event pages the way a crawler would: each URL once, a fixed number of requests
 * at a time. `crawlCold` measures how many pages per second a server renders when nothing is
 * cached; `crawlUntilFull` fills every worker's page cache to its byte bound.
 */
import { createClient } from '@libsql/client';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from '../../tests/helpers/db.ts';
import type { LoadGenerator } from './load.ts';
import { ENTRY_OVERHEAD_BYTES } from '../../src/server/page-cache/serve.ts';

/** Slugs of published events, in id order, from `offset`. */
export async function eventSlugs(databaseUrl: string, offset: number, count: number): Promise<string[]> {
  const client = createClient({ url: databaseUrl });
  try {
    const rows = await client.execute({
      sql: `SELECT slug FROM events WHERE status = 'published' AND (publish_at IS NULL OR publish_at <= ?) ORDER BY id LIMIT ? OFFSET ?`,
      args: [Date.now(), count, offset],
    });
    return rows.rows.map((row) => String(row.slug));
  } finally {
    client.close();
  }
}

export interface CrawlResult {
  pages: number;
  pagesPerSecond: number;
  failures: number;
}

const CRAWL_ENCODING = 'br, gzip';
const crawlScript = fileURLToPath(new URL('./crawl.lua', import.meta.url));

/**
 * Requests each of `slugs`' event pages once, `concurrency` at a time, with `wrk` when it is the
 * load generator (a C client: the crawl's client then costs the shared cores almost nothing),
 * else with `fetch` in this process; pages per second.
 */
export function crawlCold(generator: LoadGenerator, origin: string, slugs: readonly string[], concurrency = 8): Promise<CrawlResult> {
  return generator === 'wrk' ? crawlWithWrk(origin, slugs, concurrency) : crawlWithFetch(origin, slugs, concurrency);
}

/**
 * The crawl by `crawl.lua`: wrk keeps `concurrency` connections busy over the list of paths and
 * its thread stops after the last answer; the time is taken here between the script's two lines
 * (wrk's own elapsed time is its whole `-d`), then wrk is interrupted.
 */
function crawlWithWrk(origin: string, slugs: readonly string[], concurrency: number): Promise<CrawlResult> {
  const file = join(makeTempDir('hub-bench-crawl-'), 'paths.txt');
  // `concurrency` spare paths: requests already sent when the last awaited answer arrives.
  const spare = Array.from({ length: concurrency }, (_, i) => `/en/hub/event/${slugs[i % slugs.length]}?spare=${i}`);
  writeFileSync(file, [...slugs.map((slug) => `/en/hub/event/${slug}`), ...spare].join('\n') + '\n');
  const args = ['-t1', `-c${concurrency}`, '-d600s', '--timeout', '30s', '-s', crawlScript, origin, '--', file, String(slugs.length), CRAWL_ENCODING];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    let started = 0;
    let result: CrawlResult | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      if (!started && out.includes('crawl start')) started = performance.now();
      const done = /crawl answers (\d+) failures (\d+)/.exec(out);
      if (done && !result) {
        const seconds = (performance.now() - started) / 1000;
        result = { pages: Number(done[1]), pagesPerSecond: Number(done[1]) / seconds, failures: Number(done[2]) };
        child.kill('SIGINT');
      }
    });
    child.on('exit', () => (result ? resolve(result) : reject(new Error(`wrk crawl ended without its last answer: ${out}`))));
  });
}

/** The crawl by `fetch` in this process, which shares the cores with the server it measures. */
async function crawlWithFetch(origin: string, slugs: readonly string[], concurrency = 8): Promise<CrawlResult> {
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < slugs.length) {
      const slug = slugs[next++]!;
      const response = await fetch(`${origin}/en/hub/event/${slug}`, { headers: { 'accept-encoding': CRAWL_ENCODING } });
      await response.arrayBuffer();
      if (!response.ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { pages: slugs.length, pagesPerSecond: slugs.length / seconds, failures };
}

/**
 * Fills the page caches until what they hold together reaches `cacheBytes` (the sum of every
 * worker's budget): each page asked for as a browser (brotli) and as a tool (gzip) would.
 */
export async function crawlUntilFull(origin: string, slugs: readonly string[], cacheBytes: number, concurrency = 4): Promise<{ pages: number; bytes: number }> {
  const target = cacheBytes * 1.1;
  let bytes = 0;
  let pages = 0;
  let next = 0;
  const worker = async () => {
    while (bytes < target && next < slugs.length) {
      const slug = slugs[next++]!;
      for (const encoding of ['br, gzip', 'gzip']) {
        const response = await fetch(`${origin}/en/hub/event/${slug}`, { headers: { 'accept-encoding': encoding } });
        await response.arrayBuffer();
        if (!response.ok) break;
        // fetch decodes the body; Content-Length is the stored compressed size.
        bytes += Number(response.headers.get('content-length') ?? 0);
        if (encoding === 'gzip') {
          bytes += ENTRY_OVERHEAD_BYTES;
          pages++;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { pages, bytes };
}
