/**
 * GET  /api/admin/webhooks: every endpoint (secrets hidden) and the event types one may subscribe to.
 * POST /api/admin/webhooks: creates an endpoint; the answer carries its new secret. Admins only.
 */
import type { APIRoute } from 'astro';
import { json } from '../../../../server/admin/http.ts';
import { subscribableEventTypes } from '../../../../server/outbox/webhook-events.ts';
import { readEndpointJson, webhookRoute } from '../../../../server/webhooks/http.ts';
import { webhookEndpointInput } from '../../../../server/webhooks/schemas.ts';
import { createEndpoint, endpointView, listEndpoints } from '../../../../server/webhooks/service.ts';

export const prerender = false;

export const GET: APIRoute = (context) =>
  webhookRoute(context, async ({ db }) =>
    json({ endpoints: (await listEndpoints(db)).map((endpoint) => endpointView(endpoint)), eventTypes: subscribableEventTypes }),
  );

export const POST: APIRoute = (context) =>
  webhookRoute(context, async ({ db, actor }) => {
    const input = await readEndpointJson(context.request, webhookEndpointInput);
    if (input instanceof Response) return input;
    return json(endpointView(await createEndpoint(db, actor, input), { withSecret: true }), 201);
  });
