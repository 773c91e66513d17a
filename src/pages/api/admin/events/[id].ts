/**
 * GET    /api/admin/events/:id                — one item, with translations, relations and badges
 * PATCH  /api/admin/events/:id                — partial update; body carries the `version` read
 * DELETE /api/admin/events/:id[?detach=true]  — delete; 409 listing usages unless detached
 */
import { deleteRoute, patchRoute, readRoute } from '../../../../server/admin/routes.ts';
import { eventsAdmin } from '../../../../server/events/admin-resource.ts';

export const GET = readRoute(eventsAdmin);
export const PATCH = patchRoute(eventsAdmin);
export const DELETE = deleteRoute(eventsAdmin);
