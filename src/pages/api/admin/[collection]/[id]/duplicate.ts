/**
 * POST /api/admin/<collection>/:id/duplicate — a draft copy of the item (texts, relations, a new
 * slug, titles marked "(copy)"); 201 with the new item, 404 for an unknown id.
 *
 * Authorize (the permission `routeRules` declares) → parse → call → respond.
 */
import type { APIRoute } from 'astro';
import { discardBody } from '../../../../../server/admin/body.ts';
import { duplicateItem } from '../../../../../server/engine/duplicate.ts';
import { answer, authorizeItem, invalidateAfterWrite, json } from '../../../../../server/admin/http.ts';
import { createdLocation } from '../../../../../server/admin/routes.ts';

export const POST: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource, id } = await authorizeItem(context);
    await discardBody(context.request);
    const outcome = await duplicateItem(db, actor, resource, id);
    invalidateAfterWrite(context, outcome);
    return json(outcome.body, 201, createdLocation(resource.collection, outcome.body));
  });
