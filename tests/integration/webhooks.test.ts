/**
 * Outgoing webhooks against a receiver on loopback that verifies every request with the
 * Standard Webhooks library (docs/decisions/028): content changes and contact messages reach
 * the endpoints subscribed to them, signed, with the documented body; a receiver answering 500
 * gets the message again until it takes it; a receiver that hangs is timed out and retried
 * without slowing the editor's save; redeliver and ping work; a rolled-back write queues
 * nothing; two claimers never hold one row; scheduled publications and unpublications are
 * announced when their time comes, once; old deliveries are pruned; bad input is a localized 4xx.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeTransaction } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries } from '../../db/schema.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { enqueueWebhook, RETRY_WINDOW_MS } from '../../src/server/outbox/webhooks.ts';
import { claimDueDeliveries } from '../../src/server/webhooks/queue.ts';
import { pruneOldWebhookDeliveries } from '../../src/server/webhooks/retention.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEdition, createEvent, createTag } from '../helpers/factories.ts';
import { Receiver, type Received } from '../helpers/webhook-receiver.ts';

const TIMEOUT_MS = 3000;
const context = useAdminServer({
  HUB_DEMO: '0',
  // The receiver listens on loopback, refused by default (tests/integration/webhook-destinations.test.ts).
  HUB_WEBHOOK_ALLOW_PRIVATE: '1',
  HUB_WEBHOOK_RETRY_BASE_MS: '50',
  HUB_WEBHOOK_POLL_MS: '200',
  HUB_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  CONTACT_RATE_LIMIT: '0',
});
const receiver = new Receiver();

beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

/** Creates an endpoint at `path` of the receiver and gives the receiver its secret. */
async function addEndpoint(path: string, events: string[]): Promise<{ id: number; secret: string }> {
  const { status, body } = await context.app.admin.call('POST', '/api/admin/webhooks', {
    url: `${receiver.origin}${path}`,
    description: `Receiver ${path}`,
    events,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  receiver.secrets.set(path, body.secret);
  return { id: body.id, secret: body.secret };
}

interface DeliveryRow {
  id: number;
  status: string;
  attempts: number;
  message_id: string;
  event_type: string;
}

function deliveriesOf(endpointId: number): Promise<DeliveryRow[]> {
  return context.app.server.query<DeliveryRow>(
    'SELECT id, status, attempts, message_id, event_type FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id',
    [endpointId],
  );
}

function waitForDelivery(endpointId: number, match: (row: DeliveryRow) => boolean, timeout = 20_000): Promise<DeliveryRow> {
  return vi.waitFor(
    async () => {
      const row = (await deliveriesOf(endpointId)).find(match);
      if (!row) throw new Error('no such delivery yet');
      return row;
    },
    { timeout, interval: 50 },
  );
}

describe('endpoints', () => {
  it('refuses invalid endpoints with localized field errors, and editors altogether', async () => {
    const { admin, editor } = context.app;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: 'ftp://example.org/hook', events: ['event.published'] }, 'url', 'URL_SCHEME'],
      [{ url: 'not a url', events: ['event.published'] }, 'url', 'URL_INVALID'],
      [{ url: 'https://user:pw@example.org/hook', events: ['event.published'] }, 'url', 'URL_INVALID'],
      [{ url: 'https://example.org/hook', events: [] }, 'events', 'EVENTS_REQUIRED'],
      [{ url: 'https://example.org/hook', events: ['event.exploded'] }, 'events.0', 'EVENT_UNKNOWN'],
    ];
    for (const [body, field, code] of cases) {
      const response = await admin.request('POST', '/api/admin/webhooks', body, { 'accept-language': 'fr-FR,fr;q=0.9' });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/problem\+json/);
      const problem = await response.json();
      expect(problem).toMatchObject({ code: 'VALIDATION_FAILED', title: getTranslator('fr')('webhooks.error.VALIDATION_FAILED') });
      expect(problem.errors[field]).toContain(code);
    }
    expect((await editor.request('GET', '/api/admin/webhooks')).status).toBe(403);
    expect((await admin.request('PATCH', '/api/admin/webhooks/999999', { enabled: false })).status).toBe(404);
    const listed = await admin.call('GET', '/api/admin/webhooks');
    // Venues or any later collection join by their declaration; contact messages are offered too.
    expect(listed.body.eventTypes).toEqual(expect.arrayContaining(['event.published', 'edition.deleted', 'tag.updated', 'contact.received']));
  });

  it('creates, shows and edits an endpoint through the HTML forms (no JavaScript)', async () => {
    const { admin } = context.app;
    const form = new URLSearchParams({ url: 'javascript:alert(1)', description: 'Form', enabled: 'on' });
    const invalid = await admin.request('POST', '/en/admin/webhooks/new', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(invalid.status).toBe(422);
    const html = await invalid.text();
    expect(html).toContain(getTranslator('en')('webhooks.field.error.URL_SCHEME'));
    expect(html).toContain(getTranslator('en')('webhooks.field.error.EVENTS_REQUIRED'));

    form.set('url', `${receiver.origin}/form`);
    form.append('events', 'organizer.published');
    form.append('events', 'contact.received');
    const created = await admin.request('POST', '/en/admin/webhooks/new', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(created.status).toBe(303);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/en\/admin\/webhooks\/\d+\?notice=created$/);
    const page = await (await admin.request('GET', location)).text();
    expect(page).toMatch(/<details class="webhook-secret[^"]*" open/);
    expect(page).toMatch(/whsec_[A-Za-z0-9+/]{43}=/);

    const id = Number(/webhooks\/(\d+)/.exec(location)![1]);
    const rotated = await admin.request('POST', `/en/admin/webhooks/${id}`, 'intent=rotate', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(rotated.status).toBe(303);
    const after = await admin.call('GET', `/api/admin/webhooks/${id}`);
    expect(page).not.toContain(after.body.secret);

    const edited = await admin.request(
      'POST',
      `/en/admin/webhooks/${id}/edit`,
      new URLSearchParams({ url: `${receiver.origin}/form`, description: 'Edited', events: 'tag.deleted' }).toString(),
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(edited.status).toBe(303);
    expect((await admin.call('GET', `/api/admin/webhooks/${id}`)).body).toMatchObject({ description: 'Edited', enabled: false, events: ['tag.deleted'] });
    const removed = await admin.request('POST', `/en/admin/webhooks/${id}`, 'intent=delete', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(removed.headers.get('location')).toBe('/en/admin/webhooks?notice=deleted');
    expect((await admin.request('GET', `/api/admin/webhooks/${id}`)).status).toBe(404);
  });
});

describe('deliveries', () => {
  it('sends signed messages for the public life of an item, and for contact messages', async () => {
    const { admin, server } = context.app;
    await addEndpoint('/content', ['event.published', 'event.updated', 'event.unpublished', 'event.deleted', 'contact.received']);

    const draft = await createEvent(admin);
    const event = await createEvent(admin, { status: 'published' });
    const published = await receiver.waitFor('/content', (entry) => entry.body.type === 'event.published' && entry.body.data['id'] === event.id);
    expect(published.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Math.abs(published.timestamp * 1000 - Date.now())).toBeLessThan(60_000);
    expect(published.body).toEqual({
      type: 'event.published',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        collection: 'events',
        id: event.id,
        slug: event.slug,
        status: 'published',
        titles: { en: expect.stringMatching(/^Event \d+$/) },
        urls: { en: `${server.origin}/en/hub/event/${event.slug}` },
      },
    });

    const updated = await admin.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, translations: { en: { title: 'Renamed event' } } });
    expect(updated.status).toBe(200);
    const update = await receiver.waitFor('/content', (entry) => entry.body.type === 'event.updated');
    expect(update.body.data['titles']).toEqual({ en: 'Renamed event' });

    expect((await admin.call('POST', '/api/admin/events/bulk', { action: 'unpublish', ids: [event.id] })).status).toBe(200);
    await receiver.waitFor('/content', (entry) => entry.body.type === 'event.unpublished' && entry.body.data['id'] === event.id);

    const doomed = await createEvent(admin, { status: 'published' });
    expect((await admin.request('DELETE', `/api/admin/events/${doomed.id}`)).status).toBe(204);
    await receiver.waitFor('/content', (entry) => entry.body.type === 'event.deleted' && entry.body.data['id'] === doomed.id);

    const contact = await server.get('/fr/hub/contact?_action=contact', {
      method: 'POST',
      headers: { origin: server.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Ada Lovelace', email: 'ada@example.org', subject: 'Accès', message: 'Une question.', consent: 'true' }).toString(),
    });
    expect(contact.status).toBeLessThan(400);
    const received = await receiver.waitFor('/content', (entry) => entry.body.type === 'contact.received');
    expect(received.body.data).toMatchObject({ locale: 'fr', name: 'Ada Lovelace', email: 'ada@example.org', subject: 'Accès', message: 'Une question.' });

    // A draft is not public: creating it told nobody.
    expect(receiver.at('/content').some((entry) => entry.body.type.startsWith('event.') && entry.body.data['id'] === draft.id)).toBe(false);
    expect(receiver.rejected).toEqual([]);
  });

  it('retries after 500s with the same message id until the receiver takes it, logging each attempt', async () => {
    const { admin } = context.app;
    let failures = 0;
    receiver.behaviours.set('/flaky', (_request, response) => {
      if (failures < 2) {
        failures += 1;
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`overloaded ${failures} ${'x'.repeat(5000)}`);
      } else response.writeHead(200).end('thanks');
    });
    const endpoint = await addEndpoint('/flaky', ['tag.published']);
    const tag = await createTag(admin);
    const row = await waitForDelivery(endpoint.id, (delivery) => delivery.status === 'delivered');
    expect(row.attempts).toBe(3);
    const arrivals = receiver.at('/flaky');
    expect(arrivals).toHaveLength(3);
    expect(new Set(arrivals.map((entry) => entry.id))).toEqual(new Set([row.message_id]));
    expect(arrivals[0]!.body.data).toMatchObject({ collection: 'tags', id: tag.id, urls: null });

    const { body } = await admin.call('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`);
    const log = body.deliveries[0].attemptLog as { statusCode: number; durationMs: number; excerpt: string }[];
    expect(log.map((attempt) => attempt.statusCode)).toEqual([200, 500, 500]);
    expect(log[2]!.excerpt).toMatch(/^overloaded 1 x+$/);
    // A bounded excerpt: the 5 kB answer is cut.
    expect(log[2]!.excerpt.length).toBeLessThanOrEqual(1024);
    for (const attempt of log) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('times out a receiver that hangs, retries it, and never slows a save', async () => {
    const { admin } = context.app;
    const hanging: ServerResponse[] = [];
    receiver.behaviours.set('/hang', (_request, response) => void hanging.push(response));
    const endpoint = await addEndpoint('/hang', ['edition.published', 'edition.updated']);
    const edition = await createEdition(admin, { status: 'published' });
    await receiver.waitFor('/hang', (entry) => entry.body.type === 'edition.published');

    // The receiver holds the first request open: saves go on at their usual pace meanwhile.
    let version = edition.version;
    for (let round = 0; round < 3; round += 1) {
      const started = performance.now();
      const saved = await admin.call('PATCH', `/api/admin/editions/${edition.id}`, {
        version,
        translations: { en: { title: `Edition while hanging ${round}` } },
      });
      expect(saved.status).toBe(200);
      version = saved.body.version;
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS);
    }
    const [first] = await deliveriesOf(endpoint.id);
    expect(first!.status).toBe('pending');

    // The sender gives up on the request after its timeout and tries again; this time it is answered.
    receiver.behaviours.set('/hang', (_request, response) => response.writeHead(202).end());
    const delivered = await waitForDelivery(endpoint.id, (row) => row.id === first!.id && row.status === 'delivered', 30_000);
    expect(delivered.attempts).toBeGreaterThanOrEqual(2);
    const { body } = await admin.call('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`);
    const log = body.deliveries.find((delivery: { id: number }) => delivery.id === first!.id).attemptLog as {
      statusCode: number | null;
      error: string | null;
      durationMs: number;
    }[];
    expect(log.at(-1)).toMatchObject({ statusCode: null, error: 'TIMEOUT' });
    expect(log.at(-1)!.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(log[0]).toMatchObject({ statusCode: 202, error: null });
    for (const response of hanging) response.destroy();
  });

  it('redelivers a message by hand with the same id, and sends a test ping', async () => {
    const { admin } = context.app;
    const endpoint = await addEndpoint('/manual', ['tag.updated']);
    expect((await admin.call('POST', `/api/admin/webhooks/${endpoint.id}/ping`)).status).toBe(202);
    const ping = await receiver.waitFor('/manual', (entry) => entry.body.type === 'webhook.ping');
    expect(ping.body.data).toMatchObject({ endpointId: endpoint.id });

    const row = await waitForDelivery(endpoint.id, (delivery) => delivery.status === 'delivered');
    const redelivered = await admin.call('POST', `/api/admin/webhooks/${endpoint.id}/deliveries/${row.id}/redeliver`);
    expect(redelivered.status).toBe(202);
    await vi.waitFor(() => expect(receiver.at('/manual').filter((entry) => entry.id === row.message_id)).toHaveLength(2), { timeout: 20_000, interval: 25 });
    await waitForDelivery(endpoint.id, (delivery) => delivery.id === row.id && delivery.status === 'delivered' && delivery.attempts === 2);

    const missing = await admin.request('POST', `/api/admin/webhooks/${endpoint.id}/deliveries/999999/redeliver`, undefined, { 'accept-language': 'de' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'DELIVERY_NOT_FOUND', title: getTranslator('de')('webhooks.error.DELIVERY_NOT_FOUND') });

    // A rotated secret signs from then on: the receiver with the old one refuses the next message.
    const rotated = await admin.call('POST', `/api/admin/webhooks/${endpoint.id}/secret`);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    receiver.secrets.set('/manual', rotated.body.secret);
    await admin.call('POST', `/api/admin/webhooks/${endpoint.id}/ping`);
    await vi.waitFor(() => expect(receiver.at('/manual').filter((entry) => entry.body.type === 'webhook.ping')).toHaveLength(2), {
      timeout: 20_000,
      interval: 25,
    });
  });

  it('queues nothing for a write that rolls back, and never lets two claimers hold one row', async () => {
    const { admin } = context.app;
    const { db } = context;
    // A disabled endpoint: no save queues anything for it.
    const { body } = await admin.call('POST', '/api/admin/webhooks', { url: `${receiver.origin}/claims`, events: ['tag.deleted'], enabled: false });
    await expect(
      writeTransaction(db, async (tx) => {
        expect(await enqueueWebhook(tx, 'tag.deleted', { id: 1 }, { endpointId: body.id })).toBe(1);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await deliveriesOf(body.id)).toEqual([]);

    // Rows leased for another minute, so the server's own sender leaves them alone; the two
    // claims below run at that minute's end, and the second must not take what the first holds.
    const now = new Date();
    const held = new Date(now.getTime() + 60_000);
    await writeTransaction(db, (tx) =>
      tx.insert(webhookDeliveries).values(
        Array.from({ length: 20 }, (_, index) => ({
          endpointId: body.id,
          messageId: `msg_claim_${index}`,
          eventType: 'tag.deleted',
          payload: '{}',
          nextAttemptAt: new Date(now.getTime() - 1000),
          retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS),
          leaseUntil: held,
        })),
      ),
    );
    const later = new Date(held.getTime() + 1);
    const first = await claimDueDeliveries(db, { now: later, leaseMs: 600_000, limit: 15 });
    const second = await claimDueDeliveries(db, { now: later, leaseMs: 600_000, limit: 15 });
    expect(first).toHaveLength(15);
    expect(second).toHaveLength(5);
    expect(new Set([...first, ...second].map((row) => row.id)).size).toBe(20);
    expect(await claimDueDeliveries(db, { now: later, leaseMs: 600_000, limit: 15 })).toEqual([]);
  });
});

describe('scheduled publication', () => {
  const after = (ms: number) => new Date(Date.now() + ms).toISOString();
  const ofItem = (type: string, id: number) => (entry: Received) => entry.body.type === type && entry.body.data['id'] === id;

  it('announces publishAt and unpublishAt when they pass, once each, and nothing at the save before', async () => {
    const { admin } = context.app;
    const endpoint = await addEndpoint('/scheduled', ['event.published', 'event.unpublished', 'edition.published']);
    const publishAt = after(2000);
    const unpublishAt = after(4000);
    const event = await createEvent(admin, { status: 'published', publishAt, unpublishAt });
    // Already public when saved (publishAt passed): announced by the save, and never again.
    const early = await createEvent(admin, { status: 'published', publishAt: after(-60_000) });
    // The save queued nothing for the scheduled one: it is not public yet.
    expect((await deliveriesOf(endpoint.id)).map((row) => row.event_type)).toEqual(['event.published']);

    const published = await receiver.waitFor('/scheduled', ofItem('event.published', event.id));
    expect(published.timestamp * 1000).toBeGreaterThanOrEqual(Date.parse(publishAt) - 1000);
    expect(published.body.data).toMatchObject({ collection: 'events', id: event.id, status: 'published' });
    const unpublished = await receiver.waitFor('/scheduled', ofItem('event.unpublished', event.id));
    expect(unpublished.timestamp * 1000).toBeGreaterThanOrEqual(Date.parse(unpublishAt) - 1000);

    // A later scheduled edition proves the sender kept looking after both instants.
    const edition = await createEdition(admin, { status: 'published', publishAt: after(1000) });
    await receiver.waitFor('/scheduled', ofItem('edition.published', edition.id));
    const received = receiver.at('/scheduled');
    expect(received.filter(ofItem('event.published', event.id))).toHaveLength(1);
    expect(received.filter(ofItem('event.unpublished', event.id))).toHaveLength(1);
    expect(received.filter(ofItem('event.published', early.id))).toHaveLength(1);
  });

  it('announces nothing when the item was unpublished or rescheduled before its time', async () => {
    const { admin } = context.app;
    await addEndpoint('/rescheduled', ['event.published', 'edition.published']);
    const withdrawn = await createEvent(admin, { status: 'published', publishAt: after(1500) });
    expect((await admin.call('POST', '/api/admin/events/bulk', { action: 'unpublish', ids: [withdrawn.id] })).status).toBe(200);
    const marker = await createEdition(admin, { status: 'published', publishAt: after(2500) });
    await receiver.waitFor('/rescheduled', ofItem('edition.published', marker.id));
    expect(receiver.at('/rescheduled').filter(ofItem('event.published', withdrawn.id))).toEqual([]);
  });
});

describe('retention', () => {
  it('deletes delivered and failed deliveries older than the retention period, with their attempts', async () => {
    const { db, app } = context;
    // The daily operations job ran at start-up and said so.
    expect(app.server.logs()).toMatch(/Webhook retention: deleted \d+ delivered or failed webhook deliveries older than 30 days\./);
    const { body } = await app.admin.call('POST', '/api/admin/webhooks', { url: `${receiver.origin}/old`, events: ['tag.deleted'], enabled: false });
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const rows = [
      { key: 'old-delivered', status: 'delivered' as const, createdAt: daysAgo(41), deliveredAt: daysAgo(40) },
      { key: 'old-failed', status: 'failed' as const, createdAt: daysAgo(40), deliveredAt: null },
      { key: 'recent-delivered', status: 'delivered' as const, createdAt: daysAgo(10), deliveredAt: daysAgo(10) },
      { key: 'old-pending', status: 'pending' as const, createdAt: daysAgo(40), deliveredAt: null },
    ];
    const ids = await writeTransaction(db, async (tx) => {
      const inserted = await tx
        .insert(webhookDeliveries)
        .values(
          rows.map((row) => ({
            endpointId: body.id,
            messageId: `msg_${row.key}`,
            eventType: 'tag.deleted',
            payload: '{}',
            status: row.status,
            createdAt: row.createdAt,
            deliveredAt: row.deliveredAt,
            // Not due for a day: the running sender leaves the pending one alone.
            nextAttemptAt: new Date(now.getTime() + 86_400_000),
            retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS),
          })),
        )
        .returning({ id: webhookDeliveries.id, messageId: webhookDeliveries.messageId });
      await tx.insert(webhookAttempts).values(inserted.map((row) => ({ deliveryId: row.id, at: daysAgo(40), statusCode: 200, durationMs: 5 })));
      return inserted;
    });
    expect(await pruneOldWebhookDeliveries(db, { now, retentionDays: 30 })).toBeGreaterThanOrEqual(2);
    const left = await deliveriesOf(body.id);
    expect(left.map((row) => row.message_id).sort()).toEqual(['msg_old-pending', 'msg_recent-delivered']);
    const attempts = await app.server.query<{ delivery_id: number }>(
      `SELECT delivery_id FROM webhook_attempts WHERE delivery_id IN (${ids.map(() => '?').join(', ')}) ORDER BY delivery_id`,
      ids.map((row) => row.id),
    );
    expect(attempts.map((row) => row.delivery_id)).toEqual(ids.filter((row) => !/^msg_old-(delivered|failed)$/.test(row.messageId)).map((row) => row.id));
    // A second run finds nothing more of this endpoint's to delete.
    await pruneOldWebhookDeliveries(db, { now, retentionDays: 30 });
    expect(await deliveriesOf(body.id)).toHaveLength(2);
  });
});
