/**
 * The bodies a cached page is kept in: brotli, gzip and identity copies, each made the first time
 * a client needs it and then kept (bounded by the cache's byte budget, like every other copy), so
 * a hit never compresses or inflates on the request path.
 */
import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, brotliDecompress, brotliDecompressSync, constants, gunzip, gunzipSync, gzip, gzipSync } from 'node:zlib';
import type { Encoding } from '../http/content-coding.ts';

/**
 * A copy of `buffer` in memory of its own, exactly its size. zlib's results (and small Buffers)
 * are views on larger chunks; a cache that keeps views keeps the whole chunks alive, up to
 * several times the bytes it accounts for.
 */
export function ownedCopy(buffer: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

const GZIP_OPTIONS = { level: 6 };
/**
 * Brotli quality of kept copies, and of a miss's copy (`quick`): the client of a miss waits for
 * it, and quality 4 costs about half of 6 for ≈ 5% more bytes. A quick copy is made again at
 * full quality off the event loop once its page is asked for again (serve.ts).
 */
const BROTLI_QUALITY = { full: 6, quick: 4 } as const;
const brotliOptions = (length: number, quick = false) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[quick ? 'quick' : 'full'], [constants.BROTLI_PARAM_SIZE_HINT]: length },
});

/** Encodings whose `quick` copy differs from the kept one (gzip is as cheap as brotli's quick setting). */
export const hasQuickSetting = (encoding: Encoding): boolean => encoding === 'br';

/** `body` (uncompressed) in `encoding`, made now, in memory of its own; `quick` for a miss's copy. */
export function encodeNow(body: Buffer, encoding: Encoding, { quick = false } = {}): Buffer {
  if (encoding === 'identity') return ownedCopy(body);
  return ownedCopy(encoding === 'gzip' ? gzipSync(body, GZIP_OPTIONS) : brotliCompressSync(body, brotliOptions(body.length, quick)));
}

/** The uncompressed body from any stored copy. */
export function decodeNow(bodies: Partial<Record<Encoding, Buffer>>): Buffer {
  if (bodies.identity) return bodies.identity;
  if (bodies.gzip) return gunzipSync(bodies.gzip);
  return brotliDecompressSync(bodies.br!);
}

/** The background encodes of this process, one after the other (see `encodeInBackground`). */
let backgroundQueue: Promise<unknown> = Promise.resolve();

/**
 * `encoding`'s copy made from a stored one on libuv's thread pool, off the event loop. No client
 * waits for these copies, so they run one at a time: each encoder holds megabytes while it runs,
 * and the pool's four threads encoding at once left that much more memory with every worker once
 * freed (decision 012).
 */
export function encodeInBackground(bodies: Partial<Record<Encoding, Buffer>>, encoding: Encoding): Promise<Buffer> {
  const run = () => encodeOffLoop(bodies, encoding);
  const result = backgroundQueue.then(run, run);
  backgroundQueue = result.catch(() => undefined);
  return result;
}

function encodeOffLoop(bodies: Partial<Record<Encoding, Buffer>>, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const encoded = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(ownedCopy(result)));
    const fromPlain = (error: Error | null, body: Buffer) => {
      if (error) return reject(error);
      if (encoding === 'identity') resolve(ownedCopy(body));
      else if (encoding === 'gzip') gzip(body, GZIP_OPTIONS, encoded);
      else brotliCompress(body, brotliOptions(body.length), encoded);
    };
    if (bodies.identity) fromPlain(null, bodies.identity);
    else if (bodies.gzip) gunzip(bodies.gzip, fromPlain);
    else brotliDecompress(bodies.br!, fromPlain);
  });
}

/** Strong ETag of the identity body; each encoding gets a suffix so caches never mix them up. */
export function etagFor(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
