/**
 * When a message that could not be delivered is tried again: exponential backoff with jitter,
 * so a mail server that is down for an hour is not hammered, and several app nodes retrying
 * after the same outage do not all knock at once. With the default one-minute base the twelve
 * attempts spread over about twenty hours; then the message is given up (docs/decisions/017).
 */

/** Attempts (the first one included) before a message that keeps failing is marked failed. */
export const MAX_MAIL_ATTEMPTS = 12;

/** The longest wait between two attempts, in units of the base delay (6 h for a 1 min base). */
const MAX_DELAY_FACTOR = 360;

export interface BackoffOptions {
  /** Wait after the first failure, in ms (HUB_MAIL_RETRY_BASE_MS; 60 s by default). */
  baseMs: number;
  /** A number in [0, 1): `Math.random` unless a test pins it. */
  random?: () => number;
}

/**
 * Milliseconds to wait after the `attempts`-th failed attempt (1 for the first): the base,
 * doubled per attempt up to 360 times the base, then spread ±25 % around it.
 */
export function retryDelayMs(attempts: number, { baseMs, random = Math.random }: BackoffOptions): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const delay = Math.min(baseMs * 2 ** exponent, baseMs * MAX_DELAY_FACTOR);
  return Math.round(delay * (0.75 + 0.5 * random()));
}

/** True when a message that failed its `attempts`-th attempt may still be tried again. */
export function mayRetry(attempts: number, maxAttempts = MAX_MAIL_ATTEMPTS): boolean {
  return attempts < maxAttempts;
}
