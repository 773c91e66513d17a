/**
 * GET    /api/admin/tags/:id                — one item, with translations, relations and badges
 * PATCH  /api/admin/tags/:id                — partial update; body carries the `version` read
 * DELETE /api/admin/tags/:id[?detach=true]  — delete; 409 listing usages unless detached
 */
import { deleteRoute, patchRoute, readRoute } from '../../../../server/admin/routes.ts';
import { tagsAdmin } from '../../../../server/tags/admin-resource.ts';

export const GET = readRoute(tagsAdmin);
export const PATCH = patchRoute(tagsAdmin);
export const DELETE = deleteRoute(tagsAdmin);
