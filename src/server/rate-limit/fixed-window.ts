/**
 * The one fixed-window counter behind every per-client limit (sign-in failures, monitoring
 * envelopes): at most `limit` counted events per key in windows of `windowMs` that start at a
 * key's first event. Memory stays bounded under a flood of distinct keys.
 */

export interface FixedWindowOptions {
  /** Events allowed per key and window; 0 means no limit. */
  limit: number;
  windowMs: number;
  /** Upper bound on tracked keys: expired windows go first, then the oldest. */
  maxKeys?: number;
}

export interface WindowVerdict {
  allowed: boolean;
  /** Seconds until the key's window ends (for `Retry-After`); 0 when allowed with no window. */
  retryAfterSeconds: number;
}

interface Window {
  startedAt: number;
  count: number;
}

export class FixedWindowCounter {
  readonly #options: Required<FixedWindowOptions>;
  readonly #windows = new Map<string, Window>();

  constructor({ limit, windowMs, maxKeys = 50_000 }: FixedWindowOptions) {
    this.#options = { limit, windowMs, maxKeys };
  }

  /** Counts one event on `key`; allowed while the window holds no more than `limit`. */
  count(key: string, now = Date.now()): WindowVerdict {
    if (this.#options.limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
    let window = this.#current(key, now);
    if (!window) {
      if (this.#windows.size >= this.#options.maxKeys) this.#evict(now);
      this.#windows.set(key, (window = { startedAt: now, count: 0 }));
    }
    window.count += 1;
    return { allowed: window.count <= this.#options.limit, retryAfterSeconds: this.#retryAfter(window, now) };
  }

  /** Whether one more event on `key` would be allowed, without counting it. */
  peek(key: string, now = Date.now()): WindowVerdict {
    const window = this.#current(key, now);
    if (this.#options.limit <= 0 || !window) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: window.count < this.#options.limit, retryAfterSeconds: this.#retryAfter(window, now) };
  }

  /** Forgets `key` (e.g. the account key after a successful sign-in). */
  reset(key: string): void {
    this.#windows.delete(key);
  }

  #retryAfter(window: Window, now: number): number {
    return Math.max(1, Math.ceil((window.startedAt + this.#options.windowMs - now) / 1000));
  }

  #current(key: string, now: number): Window | undefined {
    const window = this.#windows.get(key);
    if (window && now - window.startedAt >= this.#options.windowMs) {
      this.#windows.delete(key);
      return undefined;
    }
    return window;
  }

  #evict(now: number): void {
    for (const [key, window] of this.#windows) if (now - window.startedAt >= this.#options.windowMs) this.#windows.delete(key);
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < this.#options.maxKeys) break;
      this.#windows.delete(key);
    }
  }
}
