/** Retry timing of undelivered mail (docs/decisions/017): doubling, capped, jittered, about a day in all. */
import { describe, expect, it } from 'vitest';
import { mayRetry, MAX_MAIL_ATTEMPTS, retryDelayMs } from '../../src/server/mail/backoff.ts';
import { describeFailure } from '../../src/server/mail/sender.ts';

const MINUTE = 60_000;
const middle = () => 0.5;

describe('retryDelayMs', () => {
  it('doubles the base delay per failed attempt', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, { baseMs: MINUTE, random: middle }))).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE]);
  });

  it('never waits more than six hours between attempts with the default base', () => {
    expect(retryDelayMs(11, { baseMs: MINUTE, random: middle })).toBe(6 * 60 * MINUTE);
    expect(retryDelayMs(500, { baseMs: MINUTE, random: () => 0.999 })).toBeLessThanOrEqual(6 * 60 * MINUTE * 1.25);
  });

  it('spreads retries ±25 % so that nodes retrying after one outage do not knock at once', () => {
    expect(retryDelayMs(3, { baseMs: MINUTE, random: () => 0 })).toBe(3 * MINUTE);
    expect(retryDelayMs(3, { baseMs: MINUTE, random: () => 0.999_999 })).toBe(5 * MINUTE);
  });

  it('spreads all attempts over roughly a day before giving up', () => {
    let total = 0;
    for (let attempt = 1; attempt < MAX_MAIL_ATTEMPTS; attempt++) total += retryDelayMs(attempt, { baseMs: MINUTE, random: middle });
    expect(total / (60 * MINUTE)).toBeGreaterThan(16);
    expect(total / (60 * MINUTE)).toBeLessThan(30);
  });
});

describe('mayRetry', () => {
  it('allows attempts up to the limit', () => {
    expect(mayRetry(1)).toBe(true);
    expect(mayRetry(MAX_MAIL_ATTEMPTS - 1)).toBe(true);
    expect(mayRetry(MAX_MAIL_ATTEMPTS)).toBe(false);
  });
});

describe('describeFailure', () => {
  it('treats SMTP 5xx replies as permanent and 4xx or network errors as temporary', () => {
    expect(describeFailure(Object.assign(new Error('Mailbox unknown'), { responseCode: 550 }))).toEqual({ message: '550: Mailbox unknown', permanent: true });
    expect(describeFailure(Object.assign(new Error('Try later'), { responseCode: 451 }))).toEqual({ message: '451: Try later', permanent: false });
    expect(describeFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toEqual({
      message: 'ESOCKET: connect ECONNREFUSED',
      permanent: false,
    });
  });
});
