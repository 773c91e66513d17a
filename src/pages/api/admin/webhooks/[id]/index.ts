/**
 * GET    /api/admin/webhooks/:id: one endpoint, with its secret (admins may reveal it).
 * PATCH  /api/admin/webhooks/:id: changes url, description, enabled or events.
 * DELETE /api/admin/webhooks/:id: deletes it with its deliveries. Admins only.
 */
import type { APIRoute } from 'astro';
import { json } from '../../../../../server/admin/http.ts';
import { readEndpointJson, routeEndpoint, webhookProblem, webhookRoute } from '../../../../../server/webhooks/http.ts';
import { webhookEndpointPatch } from '../../../../../server/webhooks/schemas.ts';
import { deleteEndpoint, endpointView, updateEndpoint } from '../../../../../server/webhooks/service.ts';

export const prerender = false;

export const GET: APIRoute = (context) =>
  webhookRoute(context, async (admin) => {
    const endpoint = await routeEndpoint(context, admin);
    return endpoint instanceof Response ? endpoint : json(endpointView(endpoint, { withSecret: true }));
  });

export const PATCH: APIRoute = (context) =>
  webhookRoute(context, async (admin) => {
    const endpoint = await routeEndpoint(context, admin);
    if (endpoint instanceof Response) return endpoint;
    const patch = await readEndpointJson(context.request, webhookEndpointPatch);
    if (patch instanceof Response) return patch;
    const updated = await updateEndpoint(admin.db, admin.actor, endpoint.id, patch);
    return updated ? json(endpointView(updated)) : webhookProblem(context.request, 'NOT_FOUND');
  });

export const DELETE: APIRoute = (context) =>
  webhookRoute(context, async (admin) => {
    const endpoint = await routeEndpoint(context, admin);
    if (endpoint instanceof Response) return endpoint;
    await deleteEndpoint(admin.db, admin.actor, endpoint.id);
    return json(null, 204);
  });
