/**
 * GET  /api/admin/events  — list (q, filters, sort, page, limit ≤ 100)
 * POST /api/admin/events  — create (JSON)
 */
import { createRoute, listRoute } from '../../../../server/admin/routes.ts';
import { eventsAdmin } from '../../../../server/events/admin-resource.ts';

export const GET = listRoute(eventsAdmin);
export const POST = createRoute(eventsAdmin);
