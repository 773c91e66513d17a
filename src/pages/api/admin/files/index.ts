/**
 * GET  /api/admin/files  — list (q, filters, sort, page, limit ≤ 100)
 * POST /api/admin/files  — upload (multipart/form-data: `file`, optional `metadata` JSON)
 */
import { listRoute } from '../../../../server/admin/routes.ts';
import { filesAdmin } from '../../../../server/files/admin-resource.ts';
import { uploadRoute } from '../../../../server/uploads/route.ts';
import { uploadFile } from '../../../../server/uploads/service.ts';

export const GET = listRoute(filesAdmin);
export const POST = uploadRoute(filesAdmin, uploadFile);
