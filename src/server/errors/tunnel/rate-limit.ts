/** A fixed-window counter per client, in memory (per process; see the decision record). */

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the client's window resets (for `Retry-After`). */
  retryAfter: number;
}

export interface RateLimiter {
  take: (key: string) => RateLimitDecision;
}

export interface RateLimiterOptions {
  /** Requests allowed per window and key; 0 disables the limit. */
  limit: number;
  windowMs: number;
  now?: () => number;
}

// Bounds memory under a flood of distinct clients: expired windows are swept past this size.
const SWEEP_THRESHOLD = 10_000;

/** Creates a limiter allowing `limit` requests per `windowMs` for each key. */
export function createRateLimiter({ limit, windowMs, now = Date.now }: RateLimiterOptions): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  function sweep(at: number): void {
    for (const [key, window] of windows) if (at - window.start >= windowMs) windows.delete(key);
  }
  return {
    take(key) {
      if (limit <= 0) return { allowed: true, retryAfter: 0 };
      const at = now();
      if (windows.size > SWEEP_THRESHOLD) sweep(at);
      let window = windows.get(key);
      if (!window || at - window.start >= windowMs) {
        window = { start: at, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      const retryAfter = Math.max(1, Math.ceil((window.start + windowMs - at) / 1000));
      return { allowed: window.count <= limit, retryAfter };
    },
  };
}
