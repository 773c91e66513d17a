/**
 * GET    /api/admin/editions/:id                — one item, with translations, relations and badges
 * PATCH  /api/admin/editions/:id                — partial update; body carries the `version` read
 * DELETE /api/admin/editions/:id[?detach=true]  — delete; 409 listing usages unless detached
 */
import { deleteRoute, patchRoute, readRoute } from '../../../../server/admin/routes.ts';
import { editionsAdmin } from '../../../../server/editions/admin-resource.ts';

export const GET = readRoute(editionsAdmin);
export const PATCH = patchRoute(editionsAdmin);
export const DELETE = deleteRoute(editionsAdmin);
