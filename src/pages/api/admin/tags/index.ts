/**
 * GET  /api/admin/tags  — list (q, filters, sort, page, limit ≤ 100)
 * POST /api/admin/tags  — create (JSON)
 */
import { createRoute, listRoute } from '../../../../server/admin/routes.ts';
import { tagsAdmin } from '../../../../server/tags/admin-resource.ts';

export const GET = listRoute(tagsAdmin);
export const POST = createRoute(tagsAdmin);
