/**
 * GET    /api/admin/medias/:id                — one item, with translations, relations and badges
 * PATCH  /api/admin/medias/:id                — partial update; body carries the `version` read
 * DELETE /api/admin/medias/:id[?detach=true]  — delete; 409 listing usages unless detached
 */
import { deleteRoute, patchRoute, readRoute } from '../../../../server/admin/routes.ts';
import { mediasAdmin } from '../../../../server/medias/admin-resource.ts';

export const GET = readRoute(mediasAdmin);
export const PATCH = patchRoute(mediasAdmin);
export const DELETE = deleteRoute(mediasAdmin);
