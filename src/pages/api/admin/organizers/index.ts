/**
 * GET  /api/admin/organizers  — list (q, filters, sort, page, limit ≤ 100)
 * POST /api/admin/organizers  — create (JSON)
 */
import { createRoute, listRoute } from '../../../../server/admin/routes.ts';
import { organizersAdmin } from '../../../../server/organizers/admin-resource.ts';

export const GET = listRoute(organizersAdmin);
export const POST = createRoute(organizersAdmin);
