/**
 * GET  /api/admin/curators  — list (q, filters, sort, page, limit ≤ 100)
 * POST /api/admin/curators  — create (JSON)
 */
import { createRoute, listRoute } from '../../../../server/admin/routes.ts';
import { curatorsAdmin } from '../../../../server/curators/admin-resource.ts';

export const GET = listRoute(curatorsAdmin);
export const POST = createRoute(curatorsAdmin);
