/**
 * Brute-force protection for sign-in: failed attempts are counted per account and per client
 * address in fixed windows; once a key reaches its limit, every attempt on it is refused (even
 * with the right password) until the window ends. Counted once per machine, whatever the number
 * of workers (rate-limit/shared.ts).
 */
import { createSharedLimiter } from '../rate-limit/shared.ts';

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Sign-in limits: an account tolerates 5 failures per 15 minutes, a client address 20. */
export const signInLimits = {
  account: { limit: 5, windowMs: 15 * 60_000 },
  client: { limit: 20, windowMs: 15 * 60_000 },
} as const;

const accountLimiter = createSharedLimiter('sign-in-account', signInLimits.account);
const clientLimiter = createSharedLimiter('sign-in-client', signInLimits.client);

export interface SignInAttempt {
  email: string;
  clientAddress: string;
}

const accountKey = (email: string) => email.trim().toLowerCase();

/** Whether a sign-in attempt may be checked against the password at all. */
export async function checkSignInAttempt({ email, clientAddress }: SignInAttempt): Promise<LimitVerdict> {
  const verdicts = await Promise.all([accountLimiter.peek(accountKey(email)), clientLimiter.peek(clientAddress)]);
  const refused = verdicts.filter((verdict) => !verdict.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((verdict) => verdict.retryAfterSeconds)) };
}

/** Records the outcome of a sign-in that reached the password check. */
export async function recordSignInOutcome({ email, clientAddress }: SignInAttempt, succeeded: boolean): Promise<void> {
  if (succeeded) {
    // The client counter is not reset: one good account must not launder failures on others.
    await accountLimiter.reset(accountKey(email));
    return;
  }
  await Promise.all([accountLimiter.count(accountKey(email)), clientLimiter.count(clientAddress)]);
}
