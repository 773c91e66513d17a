/**
 * GET    /api/admin/files/:id                — one item, with translations, relations and badges
 * PATCH  /api/admin/files/:id                — partial update; body carries the `version` read
 * DELETE /api/admin/files/:id[?detach=true]  — delete; 409 listing usages unless detached
 */
import { deleteRoute, patchRoute, readRoute } from '../../../../server/admin/routes.ts';
import { filesAdmin } from '../../../../server/files/admin-resource.ts';

export const GET = readRoute(filesAdmin);
export const PATCH = patchRoute(filesAdmin);
export const DELETE = deleteRoute(filesAdmin);
