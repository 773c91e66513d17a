/**
 * GET    /api/admin/<collection>/:id                — one item, with translations, relations and badges
 * PATCH  /api/admin/<collection>/:id                — partial update; body carries the `version` read
 * DELETE /api/admin/<collection>/:id[?detach=true]  — delete; 409 listing usages unless detached
 *
 * Each handler: authorize (the permission `routeRules` declares) → parse → call → respond.
 */
import type { APIRoute } from 'astro';
import { discardBody, readJsonBody } from '../../../../server/admin/body.ts';
import { answer, authorizeItem, invalidateAfterWrite, json } from '../../../../server/admin/http.ts';
import { detachFlag } from '../../../../server/admin/routes.ts';
import { deleteItems, getItem, updateItem } from '../../../../server/engine/service.ts';
import { parseInput } from '../../../../server/engine/validation.ts';

export const GET: APIRoute = (context) =>
  answer(async () => {
    const { db, resource, id } = await authorizeItem(context);
    return json(await getItem(db, resource, id));
  });

export const PATCH: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource, id } = await authorizeItem(context);
    const body = parseInput(resource.patchSchema, await readJsonBody(context.request));
    const outcome = await updateItem(db, actor, resource, id, body);
    invalidateAfterWrite(context, outcome);
    return json(outcome.body);
  });

export const DELETE: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource, id } = await authorizeItem(context);
    await discardBody(context.request);
    const outcome = await deleteItems(db, actor, resource, [id], detachFlag(context.url));
    invalidateAfterWrite(context, outcome);
    return json(null, 204);
  });
