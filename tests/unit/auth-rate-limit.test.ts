import { describe, expect, it } from 'vitest';
import { createFailureLimiter } from '../../src/server/auth/rate-limit.ts';

describe('failure limiter', () => {
  const windowMs = 60_000;

  it('refuses once a key reaches its limit, until the window ends', () => {
    const limiter = createFailureLimiter({ limit: 3, windowMs });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(limiter.check('a', t0 + i)).toEqual({ allowed: true });
      limiter.recordFailure('a', t0 + i);
    }
    expect(limiter.check('a', t0 + 10)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.check('a', t0 + windowMs - 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.check('a', t0 + windowMs)).toEqual({ allowed: true });
  });

  it('keeps keys apart and forgets a key on reset', () => {
    const limiter = createFailureLimiter({ limit: 1, windowMs });
    limiter.recordFailure('a', 0);
    expect(limiter.check('a', 1).allowed).toBe(false);
    expect(limiter.check('b', 1).allowed).toBe(true);
    limiter.reset('a');
    expect(limiter.check('a', 2).allowed).toBe(true);
  });

  it('starts a fresh window after the old one expired', () => {
    const limiter = createFailureLimiter({ limit: 2, windowMs });
    limiter.recordFailure('a', 0);
    limiter.recordFailure('a', windowMs + 1);
    expect(limiter.check('a', windowMs + 2).allowed).toBe(true);
  });

  it('stays within its key budget under a flood of distinct keys', () => {
    const limiter = createFailureLimiter({ limit: 1, windowMs, maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) limiter.recordFailure(`client-${i}`, i);
    // The most recent keys are still tracked, the oldest were evicted.
    expect(limiter.check('client-9999', 10_000).allowed).toBe(false);
    expect(limiter.check('client-0', 10_000).allowed).toBe(true);
  });
});
