/** POST /api/admin/webhooks/:id/secret: a new secret (the old one stops signing at once); answers it. Admins only. */
import type { APIRoute } from 'astro';
import { json } from '../../../../../server/admin/http.ts';
import { routeEndpoint, webhookProblem, webhookRoute } from '../../../../../server/webhooks/http.ts';
import { endpointView, rotateSecret } from '../../../../../server/webhooks/service.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  webhookRoute(context, async (admin) => {
    const endpoint = await routeEndpoint(context, admin);
    if (endpoint instanceof Response) return endpoint;
    const rotated = await rotateSecret(admin.db, admin.actor, endpoint.id);
    return rotated ? json(endpointView(rotated, { withSecret: true })) : webhookProblem(context.request, 'NOT_FOUND');
  });
