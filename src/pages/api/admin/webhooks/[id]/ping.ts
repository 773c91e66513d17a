/** POST /api/admin/webhooks/:id/ping: queues a signed `webhook.ping` to this endpoint (202). Admins only. */
import type { APIRoute } from 'astro';
import { json } from '../../../../../server/admin/http.ts';
import { routeEndpoint, webhookRoute } from '../../../../../server/webhooks/http.ts';
import { pingEndpoint } from '../../../../../server/webhooks/service.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  webhookRoute(context, async (admin) => {
    const endpoint = await routeEndpoint(context, admin);
    if (endpoint instanceof Response) return endpoint;
    await pingEndpoint(admin.db, endpoint.id);
    return json({ queued: true }, 202);
  });
