/**
 * PUT    /api/admin/<collection>/:id/draft — save a working copy of a published item: a PATCH
 *        body based on the live `version`, checked like a save; the live item stays as published
 * DELETE /api/admin/<collection>/:id/draft — discard the working copy (204, also when there is none)
 *
 * The copy comes back in the item's GET as `draft` (decision 035). Publishing it: draft/publish.ts.
 * Authorize (the permission `routeRules` declares) → parse → call → respond. No cache purge: the
 * public pages do not change.
 */
import type { APIRoute } from 'astro';
import { discardBody, readJsonBody } from '../../../../../server/admin/body.ts';
import { answer, authorizeItem, json } from '../../../../../server/admin/http.ts';
import { parseInput } from '../../../../../server/admin/validation.ts';
import { discardWorkingCopy, saveWorkingCopy } from '../../../../../server/admin/working-copies.ts';

export const PUT: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource, id } = await authorizeItem(context);
    const body = parseInput(resource.patchSchema, await readJsonBody(context.request));
    return json(await saveWorkingCopy(db, actor, resource, id, body));
  });

export const DELETE: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource, id } = await authorizeItem(context);
    await discardBody(context.request);
    await discardWorkingCopy(db, actor, resource, id);
    return json(null, 204);
  });
