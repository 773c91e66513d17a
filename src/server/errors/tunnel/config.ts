/** The tunnel's settings from the validated environment, and its process-wide rate limiter. */
import { getEnv } from '../../config/env.ts';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';

let limiter: RateLimiter | undefined;

/** The DSN browser envelopes must belong to: the browser's own DSN, else the server's. */
export function getTunnelDsn(): string | undefined {
  const env = getEnv();
  return env.PUBLIC_SENTRY_DSN ?? env.SENTRY_DSN;
}

/** One limiter per process: `MONITORING_RATE_LIMIT` envelopes per minute and client. */
export function getTunnelRateLimiter(): RateLimiter {
  limiter ??= createRateLimiter({ name: 'monitoring', limit: getEnv().MONITORING_RATE_LIMIT, windowMs: 60_000 });
  return limiter;
}
