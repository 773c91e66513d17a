/**
 * Fills the front cache to its byte bound the way a crawler would: distinct event pages, a few
 * at a time, until the pages fetched (with their compressed copies) exceed the bound.
 */
import { createClient } from '@libsql/client';

export async function crawlUntilFull(origin: string, databaseUrl: string, cacheBytes: number, { concurrency = 4, maxPages = 12_000 } = {}): Promise<{ pages: number; bytes: number }> {
  const client = createClient({ url: databaseUrl });
  let slugs: string[];
  try {
    const rows = await client.execute({ sql: `SELECT slug FROM events WHERE status = 'published' ORDER BY id LIMIT ?`, args: [maxPages] });
    slugs = rows.rows.map((row) => String(row.slug));
  } finally {
    client.close();
  }
  // The cache keeps a page's gzip and brotli copies: about a third of its uncompressed size.
  const target = cacheBytes * 1.2;
  let bytes = 0;
  let pages = 0;
  let next = 0;
  const worker = async () => {
    while (bytes < target && next < slugs.length) {
      const slug = slugs[next++]!;
      const response = await fetch(`${origin}/en/hub/event/${slug}`, { headers: { 'accept-encoding': 'identity' } });
      const body = await response.arrayBuffer();
      if (response.ok) {
        bytes += body.byteLength * 0.33;
        pages++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { pages, bytes };
}
