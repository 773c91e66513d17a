/**
 * One process's page cache: its store, the handles it gives each request, and where a purge goes
 * beyond this process (`fanOut`: to the other workers through the primary, and to this machine's
 * own-purge set so its poller skips the row the write recorded).
 */
import { FRAGMENT_SHARE, type Fragment, type FragmentStore } from './fragments.ts';
import { FrontCache, TaggedStore } from './store.ts';
import type { CacheRule, PageCacheRequest, PurgeOptions } from './request.ts';

export interface ProcessPageCacheOptions {
  /** The budget of pages and fragments together (fragments take at most `FRAGMENT_SHARE`). */
  maxBytes: number;
  /** Tells the rest of the machine about a purge this process made (after it purged itself). */
  fanOut?: (tags: readonly string[], options: PurgeOptions) => void;
  /** Answers say `X-Cache: HIT|MISS` (HUB_DEBUG_CACHE_HEADER); off in production. */
  showsState?: boolean;
}

export class ProcessPageCache {
  readonly store: FrontCache;
  readonly fragments: FragmentStore;
  readonly #fanOut: NonNullable<ProcessPageCacheOptions['fanOut']>;
  readonly #listeners = new Set<(tags: readonly string[]) => void>();

  constructor({ maxBytes, fanOut = () => undefined, showsState = false }: ProcessPageCacheOptions) {
    const fragmentBytes = Math.floor(maxBytes * FRAGMENT_SHARE);
    this.store = new FrontCache(maxBytes - fragmentBytes, showsState);
    this.fragments = new TaggedStore<Fragment>(fragmentBytes);
    this.#fanOut = fanOut;
  }

  /** Purges `tags` here (a purge made elsewhere: another worker, another machine). */
  apply(tags: readonly string[]): void {
    if (tags.length > 0) {
      this.store.invalidateTags(tags);
      this.fragments.invalidateTags(tags);
    }
    for (const listener of this.#listeners) listener(tags);
  }

  /** A fresh handle for one request; `validatesBody` when the server will hash what it answers. */
  handleFor({ validatesBody = false } = {}): PageCacheRequest & { readonly rule: CacheRule | undefined } {
    let rule: CacheRule | undefined;
    return {
      validatesBody,
      fragments: this.fragments,
      keep: (next) => {
        rule = next;
      },
      get rule() {
        return rule;
      },
      purge: (tags, options = {}) => {
        this.apply(tags);
        this.#fanOut(tags, options);
      },
      onPurge: (listener) => {
        this.#listeners.add(listener);
      },
    };
  }
}
