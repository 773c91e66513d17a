/**
 * Writing webhook messages: one `webhook_deliveries` row per subscribed endpoint, inserted in the
 * transaction of the change it reports, so a rolled-back save sends nothing and a committed one is
 * never forgotten. Nothing talks to a receiver during the request; the sender (`sender.ts`)
 * delivers the rows in the background. See docs/decisions/028.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../../db/schema.ts';

/** Retries of a message stop this long after it was written (or redelivered by hand). */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;

/** The signed body of every message (documented in docs/editors.md, "Webhooks"). */
export interface WebhookMessage {
  type: string;
  /** When the change happened, ISO 8601. */
  timestamp: string;
  data: Record<string, unknown>;
}

// One emitter per process, wherever this module is loaded from (the pages' bundle and the start
// script each have a copy), as for mail (docs/decisions/017).
const EVENTS = Symbol.for('edition-hub.webhook-events');
type WithWebhookEvents = typeof globalThis & { [EVENTS]?: EventEmitter };

/** Emits `enqueued` after deliveries were written, so this process's sender wakes early. */
export const webhookEvents: EventEmitter = ((globalThis as WithWebhookEvents)[EVENTS] ??= new EventEmitter());

/** A `webhook-id`: unique per message, the same on every attempt. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/**
 * Queues `type` for every enabled endpoint subscribed to it, inside `executor`'s transaction.
 * `endpointId` restricts it to one endpoint whatever it subscribes to (the test ping).
 * Resolves with the number of deliveries written.
 */
export async function enqueueWebhook(
  executor: Executor,
  type: string,
  data: Record<string, unknown>,
  options: { now?: Date; endpointId?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const endpoints = await executor
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(options.endpointId === undefined ? eq(webhookEndpoints.enabled, true) : eq(webhookEndpoints.id, options.endpointId));
  const targets = options.endpointId === undefined ? endpoints.filter((endpoint) => endpoint.events.includes(type)) : endpoints;
  if (targets.length === 0) return 0;
  const message: WebhookMessage = { type, timestamp: now.toISOString(), data };
  const payload = JSON.stringify(message);
  const messageId = newMessageId();
  await executor.insert(webhookDeliveries).values(
    targets.map((endpoint) => ({
      endpointId: endpoint.id,
      messageId,
      eventType: type,
      payload,
      nextAttemptAt: now,
      retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS),
      createdAt: now,
    })),
  );
  // Visible once the caller's transaction commits; the sender's claim waits behind it in this
  // process's write queue, and other processes find the rows at their next poll.
  setImmediate(() => webhookEvents.emit('enqueued'));
  return targets.length;
}
