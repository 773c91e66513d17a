/**
 * The front cache's stores: whole responses of public pages, keyed by URL, and rendered parts
 * shared by many pages (fragments.ts); each bounded by bytes (least recently used go first) and
 * indexed by tag for purges. What may be stored is decided elsewhere (serve.ts); this only keeps
 * and forgets.
 */
import type { Encoding } from '../http/content-coding.ts';

/** What a store needs of an entry. */
export interface StoredEntry {
  key: string;
  tags: readonly string[];
  expiresAt: number;
  bytes: number;
}

export interface CachedResponse extends StoredEntry {
  status: number;
  headers: [string, string][];
  /**
   * The copies made so far: a miss keeps the encoding its client prefers; another is added the
   * first time a client needs it (`FrontCache.addBody`).
   */
  bodies: Partial<Record<Encoding, Buffer>>;
  /** The encoding whose copy was made at a miss's quick setting, until it is made again in full. */
  quick?: Encoding | undefined;
  etag: string;
  tags: string[];
}

/** Byte-bounded LRU of entries with a tag index for purges. */
export class TaggedStore<E extends StoredEntry> {
  readonly maxBytes: number;
  protected readonly entries = new Map<string, E>();
  #byTag = new Map<string, Set<string>>();
  protected used = 0;
  /** Purge clock: a render that started before a purge of one of its tags must not be stored. */
  #tick = 0;
  #purgedAt = new Map<string, number>();

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }

  /** A fresh entry, refreshed as most recently used; expired entries are dropped. */
  get(key: string, now = Date.now()): E | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
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
  set(entry: E, renderedSince = this.#tick): boolean {
    if (entry.bytes > this.maxBytes / 4) return false;
    if (entry.tags.some((tag) => (this.#purgedAt.get(tag) ?? -1) >= renderedSince)) return false;
    this.delete(entry.key);
    this.entries.set(entry.key, entry);
    this.used += entry.bytes;
    for (const tag of entry.tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) this.#byTag.set(tag, (keys = new Set()));
      keys.add(entry.key);
    }
    this.evictPastBudget();
    return true;
  }

  protected evictPastBudget(): void {
    for (const [oldest] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
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
    this.entries.clear();
    this.#byTag.clear();
    this.used = 0;
  }
}

/** The store of whole responses, whose copies in other encodings are added as clients ask. */
export class FrontCache extends TaggedStore<CachedResponse> {
  /**
   * Whether answers carry `X-Cache: HIT|MISS`. Off unless asked for: the header tells anyone
   * whether another visitor fetched a URL lately.
   */
  readonly showsState: boolean;

  constructor(maxBytes: number, showsState = false) {
    super(maxBytes);
    this.showsState = showsState;
  }

  /**
   * Adds a copy in another encoding made after `entry` was stored. Ignored when the entry has been purged,
   * replaced or evicted since: the copy would describe a page the cache no longer holds.
   */
  addBody(entry: CachedResponse, encoding: Encoding, body: Buffer): void {
    if (this.entries.get(entry.key) !== entry || entry.bodies[encoding]) return;
    entry.bodies[encoding] = body;
    entry.bytes += body.length;
    this.used += body.length;
    this.evictPastBudget();
  }

  /**
   * Puts `body` in place of `entry`'s copy in `encoding` (the same page, compressed better);
   * false when the entry is no longer held or has no such copy.
   */
  replaceBody(entry: CachedResponse, encoding: Encoding, body: Buffer): boolean {
    const previous = entry.bodies[encoding];
    if (this.entries.get(entry.key) !== entry || !previous) return false;
    entry.bodies[encoding] = body;
    entry.bytes += body.length - previous.length;
    this.used += body.length - previous.length;
    this.evictPastBudget();
    return true;
  }
}
