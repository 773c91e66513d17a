/**
 * Crawls distinct event pages the way a crawler would: each URL once, a fixed number of requests
 * at a time. `crawlCold` measures how many pages per second a server renders when nothing is
 * cached; `crawlUntilFull` fills every worker's page cache to its byte bound.
 */
import { createClient } from '@libsql/client';
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

/** Requests each of `slugs`' pages once, `concurrency` at a time; pages per second. */
export async function crawlCold(
  origin: string,
  slugs: readonly string[],
  concurrency = 8,
): Promise<{ pages: number; pagesPerSecond: number; failures: number }> {
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < slugs.length) {
      const slug = slugs[next++]!;
      const response = await fetch(`${origin}/en/hub/event/${slug}`, { headers: { 'accept-encoding': 'br, gzip' } });
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
