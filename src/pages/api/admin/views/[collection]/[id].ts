/**
 * PATCH  /api/admin/views/:collection/:id — renames a saved view, replaces its query, or makes it
 *        (or stops it being) the person's default for that list
 * DELETE /api/admin/views/:collection/:id — deletes it
 * Only the owner's views exist here: anyone else's answer 404 (docs/decisions/063).
 */
import type { APIRoute } from 'astro';
import { discardBody, readJsonBody } from '../../../../../server/admin/body.ts';
import { json } from '../../../../../server/admin/http.ts';
import { parseInput } from '../../../../../server/engine/validation.ts';
import { savedViewPatch } from '../../../../../lib/admin-schemas/saved-views.ts';
import { routeViewId, viewsRoute } from '../../../../../server/saved-views/http.ts';
import { deleteView, updateView } from '../../../../../server/saved-views/service.ts';

export const prerender = false;

export const PATCH: APIRoute = (context) =>
  viewsRoute(context, async ({ db, userId, collection }) => {
    const id = routeViewId(context);
    const patch = parseInput(savedViewPatch, await readJsonBody(context.request, 16 * 1024));
    return json(await updateView(db, userId, collection, id, patch));
  });

export const DELETE: APIRoute = (context) =>
  viewsRoute(context, async ({ db, userId, collection }) => {
    const id = routeViewId(context);
    await discardBody(context.request);
    await deleteView(db, userId, collection, id);
    return json(null, 204);
  });
