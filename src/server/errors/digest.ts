/** Digests: short random ids that tie what a visitor sees to one server log line. */
import { randomBytes } from 'node:crypto';

/** Shape of every digest: 12 lowercase hex characters (48 random bits). */
export const DIGEST_PATTERN = /^[0-9a-f]{12}$/;

/**
 * A new digest. Random rather than a hash of the error, so two visitors hitting the same bug get
 * different ids and a digest never reveals anything about the failure itself.
 */
export function createDigest(): string {
  return randomBytes(6).toString('hex');
}
