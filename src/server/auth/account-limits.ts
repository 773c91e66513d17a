/**
 * Rate limits of account creation and password-reset requests (sign-in failures are limited in
 * rate-limit.ts). Each sends mail, so an unlimited client could flood the outbox and strangers'
 * inboxes. Counted once per machine, whatever the number of workers (rate-limit/shared.ts).
 */
import { getEnv } from '../config/env.ts';
import { createSharedLimiter, type SharedLimiter } from '../rate-limit/shared.ts';
import type { LimitVerdict } from './rate-limit.ts';

/** Sign-up: HUB_SIGN_UP_LIMIT attempts per client per hour. Reset: 3 mails per address, 10 requests per client, per hour. */
export const accountLimits = {
  resetAddress: { limit: 3, windowMs: 60 * 60_000 },
  resetClient: { limit: 10, windowMs: 60 * 60_000 },
} as const;

let signUpClient: SharedLimiter | undefined;
const resetAddress = createSharedLimiter('reset-address', accountLimits.resetAddress);
const resetClient = createSharedLimiter('reset-client', accountLimits.resetClient);

function combine(verdicts: readonly { allowed: boolean; retryAfterSeconds: number }[]): LimitVerdict {
  const refused = verdicts.filter((verdict) => !verdict.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((verdict) => verdict.retryAfterSeconds)) };
}

/** Counts one sign-up attempt of `clientAddress`. */
export async function countSignUpAttempt(clientAddress: string): Promise<LimitVerdict> {
  const limit = getEnv().HUB_SIGN_UP_LIMIT;
  if (limit === 0) return { allowed: true };
  signUpClient ??= createSharedLimiter('sign-up-client', { limit, windowMs: 60 * 60_000 });
  return combine([await signUpClient.count(clientAddress)]);
}

/** Counts one password-reset request for `email` from `clientAddress`. */
export async function countResetRequest(email: string, clientAddress: string): Promise<LimitVerdict> {
  return combine(await Promise.all([resetAddress.count(email.trim().toLowerCase()), resetClient.count(clientAddress)]));
}
