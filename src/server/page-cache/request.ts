/**
 * The page cache as one request sees it. The server creates a handle for each request and hands
 * it to Astro as `locals.pageCache` (the Node adapter's `locals` argument): a page says on it
 * whether its response may be kept, under which tags and for how long; a write purges through it.
 * Nothing travels in headers or globals, so nothing internal can reach a client.
 */
import type { FragmentStore } from './fragments.ts';

/** What a page may ask for its own response: keep it under `tags` for `maxAge` seconds. */
export interface CacheRule {
  tags: readonly string[];
  maxAge: number;
}

export interface PurgeOptions {
  /** The `cache_purges` row the write recorded: this node has applied it already. */
  purgeId?: number | undefined;
}

export interface PageCacheRequest {
  /** Keep this response (only if it is a public 200 without cookies; see serve.ts). */
  keep(rule: CacheRule): void;
  /** The rule the page set, if any. */
  readonly rule: CacheRule | undefined;
  /**
   * True when the server tags this response with the hash of its body and answers
   * `If-None-Match` from it (see serve.ts): the page needs no ETag of its own.
   */
  readonly validatesBody: boolean;
  /** This process's rendered parts shared by many pages, purged with the pages. */
  readonly fragments: FragmentStore;
  /** Purges `tags` from the page cache of every worker of this machine, at once. */
  purge(tags: readonly string[], options?: PurgeOptions): void;
  /**
   * Calls `listener` with the purged tags after every purge this process applies, whatever its
   * source (this worker, another worker, another machine): memos derived from content are
   * forgotten with the pages. Registering the same function again is a no-op.
   */
  onPurge(listener: (tags: readonly string[]) => void): void;
}

const isHandle = (value: unknown): value is PageCacheRequest =>
  typeof value === 'object' && value !== null && typeof (value as PageCacheRequest).keep === 'function';

/** The request's page cache handle; undefined when the app runs without one (`astro dev`). */
export function pageCacheOf(locals: object): PageCacheRequest | undefined {
  const handle = (locals as { pageCache?: unknown }).pageCache;
  return isHandle(handle) ? handle : undefined;
}
