import { describe, expect, it } from 'vitest';
import { FixedWindowCounter } from '../../src/server/rate-limit/fixed-window.ts';
import { createSharedLimiter } from '../../src/server/rate-limit/shared.ts';

describe('fixed-window counter', () => {
  const windowMs = 60_000;

  it('allows `limit` events per window, then refuses until the window ends', () => {
    const counter = new FixedWindowCounter({ limit: 2, windowMs });
    expect(counter.count('a', 0).allowed).toBe(true);
    expect(counter.count('a', 1).allowed).toBe(true);
    expect(counter.count('a', 15_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(counter.count('b', 15_000).allowed).toBe(true);
    expect(counter.count('a', windowMs).allowed).toBe(true);
  });

  it('peeks without counting: refuses once the key reached its limit', () => {
    const counter = new FixedWindowCounter({ limit: 3, windowMs });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(counter.peek('a', t0 + i).allowed).toBe(true);
      counter.count('a', t0 + i);
    }
    expect(counter.peek('a', t0 + 10)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(counter.peek('a', t0 + windowMs - 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(counter.peek('a', t0 + windowMs).allowed).toBe(true);
  });

  it('forgets a key on reset and keeps keys apart', () => {
    const counter = new FixedWindowCounter({ limit: 1, windowMs });
    counter.count('a', 0);
    expect(counter.peek('a', 1).allowed).toBe(false);
    expect(counter.peek('b', 1).allowed).toBe(true);
    counter.reset('a');
    expect(counter.peek('a', 2).allowed).toBe(true);
  });

  it('has no limit at 0', () => {
    const counter = new FixedWindowCounter({ limit: 0, windowMs });
    for (let i = 0; i < 100; i += 1) expect(counter.count('a', i).allowed).toBe(true);
  });

  it('stays within its key budget under a flood of distinct keys', () => {
    const counter = new FixedWindowCounter({ limit: 1, windowMs, maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) counter.count(`client-${i}`, i);
    // The most recent keys are still tracked, the oldest were evicted.
    expect(counter.peek('client-9999', 10_000).allowed).toBe(false);
    expect(counter.peek('client-0', 10_000).allowed).toBe(true);
  });
});

describe('shared limiter outside a cluster', () => {
  it('counts in this process', async () => {
    const limiter = createSharedLimiter('unit-test', { limit: 1, windowMs: 60_000 });
    expect((await limiter.count('a')).allowed).toBe(true);
    expect((await limiter.count('a')).allowed).toBe(false);
    await limiter.reset('a');
    expect((await limiter.peek('a')).allowed).toBe(true);
  });
});
