/**
 * Brute-force protection for sign-in: failed attempts are counted per account and per client
 * address in fixed windows; once a key reaches its limit, every attempt on it is refused (even
 * with the right password) until the window ends. Kept in process memory: one server process
 * per database is the supported shape (docs/decisions/002-two-auth-adapters.md).
 */

export interface LimiterOptions {
  /** Failures allowed per key and window; the next attempt is refused. */
  limit: number;
  windowMs: number;
  /** Upper bound on tracked keys, so a flood of distinct keys cannot exhaust memory. */
  maxKeys?: number;
}

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface FailureLimiter {
  /** Whether an attempt on `key` may proceed now. */
  check(key: string, now?: number): LimitVerdict;
  recordFailure(key: string, now?: number): void;
  /** Forgets `key` (after a successful sign-in for the account key). */
  reset(key: string): void;
}

interface Window {
  startedAt: number;
  failures: number;
}

/** Creates a fixed-window failure counter. */
export function createFailureLimiter({ limit, windowMs, maxKeys = 50_000 }: LimiterOptions): FailureLimiter {
  const windows = new Map<string, Window>();

  function current(key: string, now: number): Window | undefined {
    const window = windows.get(key);
    if (window && now - window.startedAt >= windowMs) {
      windows.delete(key);
      return undefined;
    }
    return window;
  }

  function evictExpired(now: number): void {
    for (const [key, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(key);
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    check(key, now = Date.now()) {
      const window = current(key, now);
      if (!window || window.failures < limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000)) };
    },
    recordFailure(key, now = Date.now()) {
      const window = current(key, now);
      if (window) {
        window.failures += 1;
        return;
      }
      if (windows.size >= maxKeys) evictExpired(now);
      windows.set(key, { startedAt: now, failures: 1 });
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

/** Sign-in limits: an account tolerates 5 failures per 15 minutes, a client address 20. */
export const signInLimits = {
  account: { limit: 5, windowMs: 15 * 60_000 },
  client: { limit: 20, windowMs: 15 * 60_000 },
} as const;

const accountLimiter = createFailureLimiter(signInLimits.account);
const clientLimiter = createFailureLimiter(signInLimits.client);

export interface SignInAttempt {
  email: string;
  clientAddress: string;
}

const accountKey = (email: string) => email.trim().toLowerCase();

/** Whether a sign-in attempt may be checked against the password at all. */
export function checkSignInAttempt({ email, clientAddress }: SignInAttempt, now = Date.now()): LimitVerdict {
  const verdicts = [accountLimiter.check(accountKey(email), now), clientLimiter.check(clientAddress, now)];
  const refused = verdicts.filter((v): v is Extract<LimitVerdict, { allowed: false }> => !v.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((v) => v.retryAfterSeconds)) };
}

/** Records the outcome of a sign-in that reached the password check. */
export function recordSignInOutcome({ email, clientAddress }: SignInAttempt, succeeded: boolean, now = Date.now()): void {
  if (succeeded) {
    // The client counter is not reset: one good account must not launder failures on others.
    accountLimiter.reset(accountKey(email));
    return;
  }
  accountLimiter.recordFailure(accountKey(email), now);
  clientLimiter.recordFailure(clientAddress, now);
}
