/** Endpoint secrets in the Standard Webhooks format: `whsec_` and the base64 of 32 random bytes. */
import { randomBytes } from 'node:crypto';

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
