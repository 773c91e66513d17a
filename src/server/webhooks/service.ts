/**
 * Managing endpoints and their deliveries: the admin screens and `/api/admin/webhooks/**` call
 * these. Each write is one short write transaction; a ping is queued like any other message, so
 * it is signed, retried and logged the same way.
 */
import { and, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { writeTransaction, type Database } from '../../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../../db/schema.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit, type AuditChange } from '../audit/record.ts';
import { PING } from '../outbox/webhook-events.ts';
import { enqueueWebhook, webhookEvents } from '../outbox/webhooks.ts';
import type { WebhookEndpointInput, WebhookEndpointPatch } from './schemas.ts';
import { generateWebhookSecret } from './secret.ts';

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;

export const DELIVERIES_PAGE_SIZE = 50;

/** An endpoint as lists and the API show it: the secret only when asked for. */
export function endpointView(endpoint: WebhookEndpoint, { withSecret = false } = {}) {
  const { secret, createdBy: _createdBy, updatedBy: _updatedBy, ...rest } = endpoint;
  return {
    ...rest,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
    ...(withSecret ? { secret } : { secretHint: `${secret.slice(0, 10)}…` }),
  };
}

export function deliveryView(delivery: WebhookDelivery) {
  const { payload, leaseUntil: _leaseUntil, ...rest } = delivery;
  return {
    ...rest,
    inFlight: isInFlight(delivery),
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    retryUntil: delivery.retryUntil.toISOString(),
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    payload: JSON.parse(payload) as unknown,
  };
}

export function attemptView(attempt: WebhookAttempt) {
  return { ...attempt, at: attempt.at.toISOString() };
}

export async function listEndpoints(db: Database): Promise<WebhookEndpoint[]> {
  return db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
}

export async function getEndpoint(db: Database, id: number): Promise<WebhookEndpoint | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  return row;
}

/** The audited fields of an endpoint (never its secret). */
const auditedFields = ['url', 'description', 'enabled', 'events'] as const;

function auditValue(endpoint: WebhookEndpoint, field: (typeof auditedFields)[number]): string | boolean {
  const value = endpoint[field];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** What a save changed, field by field, old → new. */
function changesBetween(before: WebhookEndpoint, after: WebhookEndpoint): Extract<AuditChange, { kind: 'value' }>[] {
  return auditedFields
    .map((field) => ({ kind: 'value' as const, field, from: auditValue(before, field), to: auditValue(after, field) }))
    .filter((change) => change.from !== change.to);
}

export function createEndpoint(db: Database, actor: Actor, input: WebhookEndpointInput): Promise<WebhookEndpoint> {
  const now = new Date();
  return writeTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ ...input, secret: generateWebhookSecret(), createdAt: now, updatedAt: now, createdBy: actor.id, updatedBy: actor.id })
      .returning();
    await recordAudit(tx, actor, [
      {
        action: 'create',
        entity: 'webhook_endpoint',
        entityId: row!.id,
        title: row!.url,
        changedFields: [...auditedFields],
        changes: auditedFields.map((field) => ({ kind: 'value', field, from: null, to: auditValue(row!, field) })),
      },
    ]);
    return row!;
  });
}

export function updateEndpoint(db: Database, actor: Actor, id: number, patch: WebhookEndpointPatch): Promise<WebhookEndpoint | undefined> {
  return writeTransaction(db, async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
    if (!before) return undefined;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ ...patch, updatedAt: new Date(), updatedBy: actor.id })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    const changes = changesBetween(before, row!);
    await recordAudit(tx, actor, [
      { action: 'update', entity: 'webhook_endpoint', entityId: id, title: row!.url, changedFields: changes.map((change) => change.field), changes },
    ]);
    return row;
  });
}

/** A new secret; the old one stops working at once (receivers must be updated). Audited without either secret. */
export function rotateSecret(db: Database, actor: Actor, id: number): Promise<WebhookEndpoint | undefined> {
  return writeTransaction(db, async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secret: generateWebhookSecret(), updatedAt: new Date(), updatedBy: actor.id })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (row) await recordAudit(tx, actor, [{ action: 'rotate-secret', entity: 'webhook_endpoint', entityId: id, title: row.url, changedFields: ['secret'] }]);
    return row;
  });
}

/** Deletes the endpoint with its deliveries and their attempts (cascade). */
export function deleteEndpoint(db: Database, actor: Actor, id: number): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const removed = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (removed[0]) await recordAudit(tx, actor, [{ action: 'delete', entity: 'webhook_endpoint', entityId: id, title: removed[0].url, changedFields: [] }]);
    return removed.length > 0;
  });
}

/** Queues a `webhook.ping` to this endpoint alone (even when disabled: it is a test). */
export async function pingEndpoint(db: Database, id: number): Promise<boolean> {
  const now = new Date();
  const queued = await writeTransaction(db, (tx) => enqueueWebhook(tx, PING, { endpointId: id, sentAt: now.toISOString() }, { now, endpointId: id }));
  return queued > 0;
}

/** The endpoint's newest deliveries, with how many it has in all. */
export async function listDeliveries(db: Database, endpointId: number): Promise<{ items: WebhookDelivery[]; total: number }> {
  const [items, [totals]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(DELIVERIES_PAGE_SIZE),
    db.select({ total: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),
  ]);
  return { items, total: totals?.total ?? 0 };
}

/** Every attempt of the given deliveries, newest first, keyed by delivery. */
export async function attemptsOf(db: Database, deliveryIds: readonly number[]): Promise<Map<number, WebhookAttempt[]>> {
  const byDelivery = new Map<number, WebhookAttempt[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, [...deliveryIds]))
    .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.id));
  for (const row of rows) byDelivery.set(row.deliveryId, [...(byDelivery.get(row.deliveryId) ?? []), row]);
  return byDelivery;
}

/** True while some process holds the row (a request may be in progress). */
export function isInFlight(row: Pick<WebhookDelivery, 'status' | 'leaseUntil'>, now = new Date()): boolean {
  return row.status === 'pending' && row.leaseUntil !== null && row.leaseUntil > now;
}

export type RedeliverOutcome = 'redelivered' | 'not-found' | 'in-flight';

/**
 * One more attempt of the same message (same `webhook-id`, so receivers can drop duplicates),
 * due now, whatever became of it; never while a request for it is in progress. A message whose
 * 24 hours are over gets this single attempt; one still within them keeps its remaining retries.
 */
export async function redeliver(db: Database, endpointId: number, deliveryId: number, now = new Date()): Promise<RedeliverOutcome> {
  const outcome = await writeTransaction(db, async (tx): Promise<RedeliverOutcome> => {
    const updated = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: now, retryUntil: sql`max(${webhookDeliveries.retryUntil}, ${now.getTime()})`, leaseUntil: null })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.endpointId, endpointId),
          or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now)),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (updated.length > 0) return 'redelivered';
    const [exists] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .limit(1);
    return exists ? 'in-flight' : 'not-found';
  });
  if (outcome === 'redelivered') webhookEvents.emit('enqueued');
  return outcome;
}

/** A positive id from a route parameter, or undefined. */
export function parseWebhookId(value: string | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}
