/**
 * Fills the front cache to its byte bound the way a crawler would: distinct event pages, a few
 * at a time, each in both stored encodings, until what the cache holds reaches the bound.
 */
import { createClient } from '@libsql/client';
import { ENTRY_OVERHEAD_BYTES } from '../../src/server/page-cache/serve.ts';

export async function crawlUntilFull(origin: string, databaseUrl: string, cacheBytes: number, { concurrency = 4, maxPages = 12_000 } = {}): Promise<{ pages: number; bytes: number }> {
  const client = createClient({ url: databaseUrl });
  let slugs: string[];
  try {
    const rows = await client.execute({ sql: `SELECT slug FROM events WHERE status = 'published' ORDER BY id LIMIT ?`, args: [maxPages] });
    slugs = rows.rows.map((row) => String(row.slug));
  } finally {
    client.close();
  }
  // Each page is asked for as a browser (brotli) and as a tool (gzip) would, so both compressed
  // copies are stored; the bound counts them plus each entry's bookkeeping.
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
