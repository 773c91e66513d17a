/**
 * The front cache: public hub responses kept in memory in front of Astro, compressed once
 * (brotli + gzip) and served with ETag/304 without entering Astro's pipeline. Bounded by bytes
 * (LRU) and purged by the same tags as Astro's route cache. Only responses a page marks as
 * shareable (`Cache-Control: public` with the internal `x-hub-cache` directive, no cookies) are
 * ever stored, so nothing identity-dependent can be served from here.
 */
import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, brotliDecompress, brotliDecompressSync, constants, gunzip, gunzipSync, gzip, gzipSync } from 'node:zlib';

/** Internal response header a hub page sets: `tags=<t1,t2>; max-age=<seconds>`. Never sent to clients. */
export const CACHE_DIRECTIVE_HEADER = 'x-hub-cache';

export type Encoding = 'br' | 'gzip' | 'identity';
/** What is kept: the compressed copies only (a fifth of the page); identity is inflated on demand. */
export type StoredEncoding = Exclude<Encoding, 'identity'>;

export interface CachedResponse {
  key: string;
  status: number;
  headers: [string, string][];
  /**
   * The compressed copies made so far: a miss compresses the encoding its client prefers; another
   * is added off the request path the first time a client prefers it (`FrontCache.addBody`).
   */
  bodies: Partial<Record<StoredEncoding, Buffer>>;
  /** Length of the uncompressed body (Content-Length of identity answers and of HEAD). */
  identityLength: number;
  etag: string;
  tags: string[];
  expiresAt: number;
  bytes: number;
}

export interface CacheDirective {
  tags: string[];
  maxAge: number;
}

/** Parses `tags=a,b; max-age=600`; null when absent or malformed (then nothing is stored). */
export function parseCacheDirective(value: string | undefined | null): CacheDirective | null {
  if (!value) return null;
  let tags: string[] = [];
  let maxAge = Number.NaN;
  for (const part of value.split(';')) {
    const [name, raw = ''] = part.trim().split('=', 2);
    if (name === 'tags') tags = raw.split(',').map((tag) => tag.trim()).filter(Boolean);
    if (name === 'max-age') maxAge = Number(raw);
  }
  return Number.isInteger(maxAge) && maxAge > 0 ? { tags, maxAge } : null;
}

/** The stored encodings a client accepts, best first (brotli, then gzip). */
export function acceptedEncodings(acceptEncoding: string | undefined): StoredEncoding[] {
  if (!acceptEncoding) return [];
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(ok);
}

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
const brotliOptions = (length: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: length },
});

/** One compressed copy of a body, made now (text pages compress 5–10×). */
export function compressTo(body: Buffer, encoding: StoredEncoding): Buffer {
  return ownedCopy(encoding === 'gzip' ? gzipSync(body, GZIP_OPTIONS) : brotliCompressSync(body, brotliOptions(body.length)));
}

/**
 * Another compressed copy of a stored body, made on libuv's thread pool (off the event loop):
 * the stored copy is inflated and compressed again.
 */
export function recompressInBackground(entry: CachedResponse, encoding: StoredEncoding): Promise<Buffer> {
  const [from, stored] = entry.bodies.gzip ? (['gzip', entry.bodies.gzip] as const) : (['br', entry.bodies.br!] as const);
  return new Promise((resolve, reject) => {
    const compressed = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(ownedCopy(result)));
    const inflated = (error: Error | null, body: Buffer) => {
      if (error) return reject(error);
      if (encoding === 'gzip') gzip(body, GZIP_OPTIONS, compressed);
      else brotliCompress(body, brotliOptions(body.length), compressed);
    };
    if (from === 'gzip') gunzip(stored, inflated);
    else brotliDecompress(stored, inflated);
  });
}

/**
 * The encoding to send `entry` in to a client accepting `accepted` (best first): the best one
 * stored, else identity (inflated), which every client accepts.
 */
export function sendableEncoding(entry: CachedResponse, accepted: readonly StoredEncoding[]): Encoding {
  for (const encoding of accepted) if (entry.bodies[encoding]) return encoding;
  return 'identity';
}

/**
 * The body of `entry` in `encoding` (a stored encoding, or identity). Clients that accept
 * neither compression (a few tools and bots) get a stored copy inflated, a fraction of a
 * millisecond, instead of every entry keeping a copy five times its compressed size.
 */
export function bodyFor(entry: CachedResponse, encoding: Encoding): Buffer {
  if (encoding !== 'identity') return entry.bodies[encoding]!;
  return entry.bodies.gzip ? gunzipSync(entry.bodies.gzip) : brotliDecompressSync(entry.bodies.br!);
}

/** Strong ETag of the identity body; encodings get a suffix so caches never mix them up. */
export function etagFor(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when an `If-None-Match` header matches `etag` (any encoding variant, weak or strong). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replaceAll('"', '');
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '').replaceAll('"', '');
    return value === bare || value.startsWith(`${bare}-`);
  });
}

/** Byte-bounded LRU of responses with a tag index for purges. */
export class FrontCache {
  readonly maxBytes: number;
  #entries = new Map<string, CachedResponse>();
  #byTag = new Map<string, Set<string>>();
  #bytes = 0;
  /** Purge clock: a render that started before a purge of one of its tags must not be stored. */
  #tick = 0;
  #purgedAt = new Map<string, number>();

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** A fresh entry, refreshed as most recently used; expired entries are dropped. */
  get(key: string, now = Date.now()): CachedResponse | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.delete(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** The current purge clock, read when a render starts. */
  now(): number {
    return this.#tick;
  }

  /**
   * Stores `entry` unless it is too large or one of its tags was purged after `renderedSince`
   * (the render may show data from before the write).
   */
  set(entry: CachedResponse, renderedSince = this.#tick): boolean {
    if (entry.bytes > this.maxBytes / 4) return false;
    if (entry.tags.some((tag) => (this.#purgedAt.get(tag) ?? -1) >= renderedSince)) return false;
    this.delete(entry.key);
    this.#entries.set(entry.key, entry);
    this.#bytes += entry.bytes;
    for (const tag of entry.tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) this.#byTag.set(tag, (keys = new Set()));
      keys.add(entry.key);
    }
    this.#evictPastBudget();
    return true;
  }

  /**
   * Adds a compressed copy made after `entry` was stored. Ignored when the entry has been purged,
   * replaced or evicted since: the copy would describe a page the cache no longer holds.
   */
  addBody(entry: CachedResponse, encoding: StoredEncoding, body: Buffer): void {
    if (this.#entries.get(entry.key) !== entry || entry.bodies[encoding]) return;
    entry.bodies[encoding] = body;
    entry.bytes += body.length;
    this.#bytes += body.length;
    this.#evictPastBudget();
  }

  #evictPastBudget(): void {
    for (const [oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }

  /** Drops every entry carrying any of `tags`; returns how many were dropped. */
  invalidateTags(tags: readonly string[]): number {
    let dropped = 0;
    const tick = this.#tick++;
    for (const tag of tags) {
      this.#purgedAt.set(tag, tick);
      for (const key of [...(this.#byTag.get(tag) ?? [])]) {
        this.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  clear(): void {
    this.invalidateTags([...this.#byTag.keys()]);
    this.#entries.clear();
    this.#byTag.clear();
    this.#bytes = 0;
  }
}

const REGISTRY = Symbol.for('edition-hub.front-cache');
type Registry = typeof globalThis & { [REGISTRY]?: FrontCache };

/** Makes `cache` reachable from the server bundle (purges from the admin write path). */
export function registerFrontCache(cache: FrontCache): void {
  (globalThis as Registry)[REGISTRY] = cache;
}

/** True when this process answers through a front cache, which keeps the pages it captures itself. */
export function hasFrontCache(): boolean {
  return (globalThis as Registry)[REGISTRY] !== undefined;
}

/** Purges `tags` from the process's front cache, if one runs (no-op in `astro dev` or tests). */
export function invalidateFrontCache(tags: readonly string[]): number {
  return (globalThis as Registry)[REGISTRY]?.invalidateTags(tags) ?? 0;
}
