/**
 * DELETE /api/admin/trash/<collection>/:id — deletes a trashed item for good: its snapshot, its
 * revisions, and its upload once nothing else keeps it; 404 when it is not in the trash.
 *
 * Authorize (the permission `routeRules` declares) → parse → call → respond.
 */
import type { APIRoute } from 'astro';
import { discardBody } from '../../../../../server/admin/body.ts';
import { answer, authorizeItem, json } from '../../../../../server/admin/http.ts';
import { getStorage } from '../../../../../server/storage/index.ts';
import { purgeTrashItem } from '../../../../../server/trash/service.ts';

export const DELETE: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource, id } = await authorizeItem(context);
    await discardBody(context.request);
    await purgeTrashItem(db, getStorage(), actor, resource.collection, id);
    return json(null, 204);
  });
