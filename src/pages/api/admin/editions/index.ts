/**
 * GET  /api/admin/editions  — list (q, filters, sort, page, limit ≤ 100)
 * POST /api/admin/editions  — create (JSON)
 */
import { createRoute, listRoute } from '../../../../server/admin/routes.ts';
import { editionsAdmin } from '../../../../server/editions/admin-resource.ts';

export const GET = listRoute(editionsAdmin);
export const POST = createRoute(editionsAdmin);
