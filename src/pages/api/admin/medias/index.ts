/**
 * GET  /api/admin/medias  — list (q, filters, sort, page, limit ≤ 100)
 * POST /api/admin/medias  — upload (multipart/form-data: `file`, optional `metadata` JSON),
 *                           or a video link (application/json: `embedUrl`, texts, credit)
 */
import type { APIRoute } from 'astro';
import { isJsonRequest } from '../../../../server/admin/body.ts';
import { createRoute, listRoute } from '../../../../server/admin/routes.ts';
import { mediasAdmin } from '../../../../server/medias/admin-resource.ts';
import { createVideoLink } from '../../../../server/medias/video-links.ts';
import { uploadRoute } from '../../../../server/uploads/route.ts';
import { uploadMedia } from '../../../../server/uploads/service.ts';

const upload = uploadRoute(mediasAdmin, uploadMedia);
const addVideoLink = createRoute(mediasAdmin, createVideoLink);

export const GET = listRoute(mediasAdmin);
export const POST: APIRoute = (context) => (isJsonRequest(context.request) ? addVideoLink(context) : upload(context));
