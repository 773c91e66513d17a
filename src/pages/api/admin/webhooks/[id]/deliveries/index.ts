/** GET /api/admin/webhooks/:id/deliveries: the endpoint's newest deliveries with every attempt. Admins only. */
import type { APIRoute } from 'astro';
import { json } from '../../../../../../server/admin/http.ts';
import { routeEndpoint, webhookRoute } from '../../../../../../server/webhooks/http.ts';
import { attemptsOf, attemptView, deliveryView, listDeliveries } from '../../../../../../server/webhooks/service.ts';

export const prerender = false;

export const GET: APIRoute = (context) =>
  webhookRoute(context, async (admin) => {
    const endpoint = await routeEndpoint(context, admin);
    if (endpoint instanceof Response) return endpoint;
    const { items, total } = await listDeliveries(admin.db, endpoint.id);
    const attempts = await attemptsOf(
      admin.db,
      items.map((item) => item.id),
    );
    return json({ total, deliveries: items.map((item) => ({ ...deliveryView(item), attemptLog: (attempts.get(item.id) ?? []).map(attemptView) })) });
  });
