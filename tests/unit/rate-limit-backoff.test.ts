import { describe, expect, it } from 'vitest';
import { BackoffCounter } from '../../src/server/rate-limit/backoff.ts';
import { createSharedLimiter } from '../../src/server/rate-limit/shared.ts';

const options = { strategy: 'backoff', freeFailures: 5, firstDelayMs: 60_000, maxDelayMs: 30 * 60_000, forgetAfterMs: 24 * 3600_000 } as const;

function failTimes(counter: BackoffCounter, key: string, times: number, now: number) {
  let verdict = counter.count(key, now);
  for (let i = 1; i < times; i++) verdict = counter.count(key, now);
  return verdict;
}

describe('BackoffCounter', () => {
  it('allows 4 failures freely, then blocks for 1 minute after the 5th', () => {
    const counter = new BackoffCounter(options);
    expect(failTimes(counter, 'k', 4, 0)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(counter.peek('k', 0).allowed).toBe(true);
    expect(counter.count('k', 0)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(counter.peek('k', 59_000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(counter.peek('k', 60_000).allowed).toBe(true);
  });

  it('doubles the delay with each further failure, up to the cap', () => {
    const counter = new BackoffCounter(options);
    failTimes(counter, 'k', 5, 0);
    let now = 60_000;
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const verdict = counter.count('k', now);
      delays.push(verdict.retryAfterSeconds / 60);
      now += verdict.retryAfterSeconds * 1000;
    }
    expect(delays).toEqual([2, 4, 8, 16, 30, 30, 30]);
  });

  it('starts over after a success, or a day without failures', () => {
    const counter = new BackoffCounter(options);
    failTimes(counter, 'k', 5, 0);
    counter.reset('k');
    expect(counter.peek('k', 0).allowed).toBe(true);
    expect(failTimes(counter, 'k', 4, 0).allowed).toBe(true);

    failTimes(counter, 'j', 4, 0);
    expect(counter.count('j', 24 * 3600_000).allowed).toBe(true);
  });

  it('keeps keys apart', () => {
    const counter = new BackoffCounter(options);
    failTimes(counter, 'a', 5, 0);
    expect(counter.peek('a', 0).allowed).toBe(false);
    expect(counter.peek('b', 0).allowed).toBe(true);
  });

  it('backs a shared limiter when asked for the backoff strategy', async () => {
    const limiter = createSharedLimiter('unit-backoff', options);
    for (let i = 0; i < 4; i++) expect((await limiter.count('x')).allowed).toBe(true);
    expect((await limiter.count('x')).allowed).toBe(false);
    expect((await limiter.peek('x')).retryAfterSeconds).toBeGreaterThan(55);
  });
});
