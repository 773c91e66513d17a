/** POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver: one more attempt of the same message (202). Admins only. */
import type { APIRoute } from 'astro';
import { json } from '../../../../../../../server/admin/http.ts';
import { routeEndpoint, webhookProblem, webhookRoute } from '../../../../../../../server/webhooks/http.ts';
import { parseWebhookId, redeliver } from '../../../../../../../server/webhooks/service.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  webhookRoute(context, async (admin) => {
    const endpoint = await routeEndpoint(context, admin);
    if (endpoint instanceof Response) return endpoint;
    const deliveryId = parseWebhookId(context.params['deliveryId']);
    const outcome = deliveryId === undefined ? 'not-found' : await redeliver(admin.db, endpoint.id, deliveryId);
    if (outcome === 'not-found') return webhookProblem(context.request, 'DELIVERY_NOT_FOUND');
    if (outcome === 'in-flight') return webhookProblem(context.request, 'IN_FLIGHT');
    return json({ queued: true }, 202);
  });
