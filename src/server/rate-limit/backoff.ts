/**
 * A failure counter with growing delays, for guesses at secrets (passwords): a key may fail
 * `freeFailures` times in a row; each failure from then on blocks the key for a delay that
 * starts at `firstDelayMs` and doubles up to `maxDelayMs`. A success resets the key; a key with
 * no failure for `forgetAfterMs` starts over. Unlike a fixed window, an honest user who mistypes
 * a few times waits a minute, not a quarter of an hour, while a guesser slows down exponentially.
 */
import type { WindowVerdict } from './fixed-window.ts';

export interface BackoffOptions {
  strategy: 'backoff';
  /** Consecutive failures allowed before the first delay. */
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** A key whose last failure is older than this is forgotten. */
  forgetAfterMs: number;
  /** Upper bound on tracked keys: forgotten keys go first, then the oldest. */
  maxKeys?: number;
}

interface Failures {
  count: number;
  lastAt: number;
  blockedUntil: number;
}

export class BackoffCounter {
  readonly #options: Required<BackoffOptions>;
  readonly #keys = new Map<string, Failures>();

  constructor({ maxKeys = 50_000, ...options }: BackoffOptions) {
    this.#options = { ...options, maxKeys };
  }

  /** Counts one failure on `key`; the verdict says whether the next attempt may go ahead now. */
  count(key: string, now = Date.now()): WindowVerdict {
    let failures = this.#current(key, now);
    if (!failures) {
      if (this.#keys.size >= this.#options.maxKeys) this.#evict(now);
      failures = { count: 0, lastAt: now, blockedUntil: 0 };
    }
    // Re-inserted so the Map's order stays "least recently failed first" for eviction.
    this.#keys.delete(key);
    this.#keys.set(key, failures);
    failures.count += 1;
    failures.lastAt = now;
    const over = failures.count - this.#options.freeFailures;
    if (over >= 0) {
      const delay = Math.min(this.#options.firstDelayMs * 2 ** Math.min(over, 30), this.#options.maxDelayMs);
      failures.blockedUntil = now + delay;
    }
    return this.#verdict(failures, now);
  }

  /** Whether an attempt on `key` may go ahead now, without counting anything. */
  peek(key: string, now = Date.now()): WindowVerdict {
    const failures = this.#current(key, now);
    return failures ? this.#verdict(failures, now) : { allowed: true, retryAfterSeconds: 0 };
  }

  /** Forgets `key` (after a success). */
  reset(key: string): void {
    this.#keys.delete(key);
  }

  #verdict(failures: Failures, now: number): WindowVerdict {
    if (failures.blockedUntil <= now) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((failures.blockedUntil - now) / 1000)) };
  }

  #current(key: string, now: number): Failures | undefined {
    const failures = this.#keys.get(key);
    if (failures && now - failures.lastAt >= this.#options.forgetAfterMs && failures.blockedUntil <= now) {
      this.#keys.delete(key);
      return undefined;
    }
    return failures;
  }

  #evict(now: number): void {
    for (const key of [...this.#keys.keys()]) this.#current(key, now);
    for (const key of this.#keys.keys()) {
      if (this.#keys.size < this.#options.maxKeys) break;
      this.#keys.delete(key);
    }
  }
}
