/**
 * Limits on guessing passwords (docs/decisions/019-two-factor-and-sign-in-limits.md):
 * - sign-in failures count per (account, client) with growing delays, so a stranger guessing an
 *   admin's password slows down only themselves: the admin, signing in from anywhere else, is
 *   never blocked;
 * - a generous cap per client across all accounts stops one client spraying many accounts;
 * - a signed-in session confirming its password (change password, two-factor settings) fails
 *   per account with the same delays, so a stolen session cannot guess the password it lacks.
 * Counted once per machine, whatever the number of workers (rate-limit/shared.ts).
 */
import type { BackoffOptions } from '../rate-limit/backoff.ts';
import { createSharedLimiter } from '../rate-limit/shared.ts';

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const growingDelays: BackoffOptions = {
  strategy: 'backoff',
  freeFailures: 5,
  firstDelayMs: 60_000,
  maxDelayMs: 30 * 60_000,
  forgetAfterMs: 24 * 3600_000,
};

export const signInLimits = {
  /** One client on one account: 5 failures, then 1 min, 2, 4… up to 30 min between guesses. */
  accountClient: growingDelays,
  /** One client over every account: enough for an office behind one address, not for spraying. */
  client: { limit: 50, windowMs: 15 * 60_000 },
  /** A session confirming its own account's password, from any client. */
  passwordConfirmation: growingDelays,
} as const;

const pairLimiter = createSharedLimiter('sign-in-account-client', signInLimits.accountClient);
const clientLimiter = createSharedLimiter('sign-in-client', signInLimits.client);
const confirmationLimiter = createSharedLimiter('password-confirmation', signInLimits.passwordConfirmation);

export interface SignInAttempt {
  email: string;
  clientAddress: string;
}

export interface PasswordConfirmation {
  userId: string;
  clientAddress: string;
}

// A newline cannot occur in an address or a normalised e-mail, so the pair key is unambiguous.
const pairKey = ({ email, clientAddress }: SignInAttempt) => `${email.trim().toLowerCase()}\n${clientAddress}`;

async function combine(verdicts: Promise<{ allowed: boolean; retryAfterSeconds: number }>[]): Promise<LimitVerdict> {
  const refused = (await Promise.all(verdicts)).filter((verdict) => !verdict.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((verdict) => verdict.retryAfterSeconds)) };
}

/** Whether a sign-in attempt may be checked against the password at all. */
export function checkSignInAttempt(attempt: SignInAttempt): Promise<LimitVerdict> {
  return combine([pairLimiter.peek(pairKey(attempt)), clientLimiter.peek(attempt.clientAddress)]);
}

/** Records the outcome of a sign-in that reached the password check. */
export async function recordSignInOutcome(attempt: SignInAttempt, succeeded: boolean): Promise<void> {
  if (succeeded) {
    // The client counter is not reset: one good account must not launder failures on others.
    await pairLimiter.reset(pairKey(attempt));
    return;
  }
  await Promise.all([pairLimiter.count(pairKey(attempt)), clientLimiter.count(attempt.clientAddress)]);
}

/** Whether a signed-in session may have its password checked now. */
export function checkPasswordConfirmation({ userId, clientAddress }: PasswordConfirmation): Promise<LimitVerdict> {
  return combine([confirmationLimiter.peek(userId), clientLimiter.peek(clientAddress)]);
}

/** Records whether a signed-in session's password check succeeded. */
export async function recordPasswordConfirmation({ userId, clientAddress }: PasswordConfirmation, succeeded: boolean): Promise<void> {
  if (succeeded) {
    await confirmationLimiter.reset(userId);
    return;
  }
  await Promise.all([confirmationLimiter.count(userId), clientLimiter.count(clientAddress)]);
}
