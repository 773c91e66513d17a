/**
 * GET  /api/admin/medias  — list (q, filters, sort, page, limit ≤ 100)
 * POST /api/admin/medias  — upload (multipart/form-data: `file`, optional `metadata` JSON)
 */
import { listRoute } from '../../../../server/admin/routes.ts';
import { mediasAdmin } from '../../../../server/medias/admin-resource.ts';
import { uploadRoute } from '../../../../server/uploads/route.ts';
import { uploadMedia } from '../../../../server/uploads/service.ts';

export const GET = listRoute(mediasAdmin);
export const POST = uploadRoute(mediasAdmin, uploadMedia);
