/**
 * Rate limits of account creation and password-reset requests (sign-in failures are limited in
 * rate-limit.ts). Each sends mail, so an unlimited client could flood the outbox and strangers'
 * inboxes. Counted once per machine, whatever the number of workers (rate-limit/shared.ts).
 */
import { getEnv } from '../config/env.ts';
import { createSharedLimiter, type SharedLimiter } from '../rate-limit/shared.ts';
import type { LimitVerdict } from './rate-limit.ts';

/**
 * Sign-up: HUB_SIGN_UP_LIMIT attempts per client per hour. Reset (and verification) mail, per
 * hour: 3 per (address, client), so a stranger spending an address's requests does not lock its
 * owner out, who asks from elsewhere; 10 per address whatever the client, to bound the mail one
 * inbox can receive; 10 per client whatever the address.
 */
export const accountLimits = {
  resetAddressClient: { limit: 3, windowMs: 60 * 60_000 },
  resetAddress: { limit: 10, windowMs: 60 * 60_000 },
  resetClient: { limit: 10, windowMs: 60 * 60_000 },
} as const;

let signUpClient: SharedLimiter | undefined;
const resetAddressClient = createSharedLimiter('reset-address-client', accountLimits.resetAddressClient);
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
  const address = email.trim().toLowerCase();
  // A newline cannot occur in an address or a client address: the pair key is unambiguous.
  return combine(await Promise.all([resetAddressClient.count(`${address}\n${clientAddress}`), resetAddress.count(address), resetClient.count(clientAddress)]));
}
