/**
 * GET    /api/admin/curators/:id                — one item, with translations, relations and badges
 * PATCH  /api/admin/curators/:id                — partial update; body carries the `version` read
 * DELETE /api/admin/curators/:id[?detach=true]  — delete; 409 listing usages unless detached
 */
import { deleteRoute, patchRoute, readRoute } from '../../../../server/admin/routes.ts';
import { curatorsAdmin } from '../../../../server/curators/admin-resource.ts';

export const GET = readRoute(curatorsAdmin);
export const PATCH = patchRoute(curatorsAdmin);
export const DELETE = deleteRoute(curatorsAdmin);
