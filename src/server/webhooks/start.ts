/** The webhook sender of an app process, configured from the environment (docs/decisions/028). */
import type { Database } from '../../../db/client.ts';
import type { Env } from '../config/env.ts';
import { WebhookSender } from './sender.ts';

type WebhookSettings = Pick<Env, 'HUB_WEBHOOK_RETRY_BASE_MS' | 'HUB_WEBHOOK_POLL_MS' | 'HUB_WEBHOOK_TIMEOUT_MS' | 'HUB_WEBHOOK_ALLOW_PRIVATE'>;

export function startWebhookSender(db: Database, env: WebhookSettings): WebhookSender {
  const sender = new WebhookSender({
    db,
    retryBaseMs: env.HUB_WEBHOOK_RETRY_BASE_MS,
    pollMs: env.HUB_WEBHOOK_POLL_MS,
    timeoutMs: env.HUB_WEBHOOK_TIMEOUT_MS,
    allowPrivate: env.HUB_WEBHOOK_ALLOW_PRIVATE,
  });
  sender.start();
  return sender;
}
