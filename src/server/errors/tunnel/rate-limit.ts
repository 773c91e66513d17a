/** The tunnel's limit: envelopes per client and window, shared by every worker (rate-limit/shared.ts). */
import { createSharedLimiter, type SharedLimiter } from '../../rate-limit/shared.ts';

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the client's window resets (for `Retry-After`). */
  retryAfter: number;
}

export interface RateLimiter {
  take: (key: string) => Promise<RateLimitDecision>;
}

export interface RateLimiterOptions {
  /** Requests allowed per window and key; 0 disables the limit. */
  limit: number;
  windowMs: number;
  /** Counters of the same name are one counter across workers. */
  name?: string;
}

let unnamed = 0;

/** Creates a limiter allowing `limit` requests per `windowMs` for each key. */
export function createRateLimiter({ limit, windowMs, name = `tunnel-${++unnamed}` }: RateLimiterOptions): RateLimiter {
  const limiter: SharedLimiter = createSharedLimiter(name, { limit, windowMs });
  return {
    async take(key) {
      const verdict = await limiter.count(key);
      return { allowed: verdict.allowed, retryAfter: verdict.retryAfterSeconds };
    },
  };
}
