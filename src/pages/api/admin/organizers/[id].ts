/**
 * GET    /api/admin/organizers/:id                — one item, with translations, relations and badges
 * PATCH  /api/admin/organizers/:id                — partial update; body carries the `version` read
 * DELETE /api/admin/organizers/:id[?detach=true]  — delete; 409 listing usages unless detached
 */
import { deleteRoute, patchRoute, readRoute } from '../../../../server/admin/routes.ts';
import { organizersAdmin } from '../../../../server/organizers/admin-resource.ts';

export const GET = readRoute(organizersAdmin);
export const PATCH = patchRoute(organizersAdmin);
export const DELETE = deleteRoute(organizersAdmin);
