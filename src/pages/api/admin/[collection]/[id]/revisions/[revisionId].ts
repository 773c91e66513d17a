/**
 * GET /api/admin/<collection>/:id/revisions/:revisionId — one revision with its snapshot (the
 * item's values, texts per locale and relation ids as saved); 404 unless it is this item's.
 *
 * Authorize (the permission `routeRules` declares) → parse → call → respond.
 */
import type { APIRoute } from 'astro';
import { answer, authorizeItem, json } from '../../../../../../server/admin/http.ts';
import { routeRevisionId } from '../../../../../../server/admin/revision-http.ts';
import { getRevision } from '../../../../../../server/engine/revisions.ts';

export const GET: APIRoute = (context) =>
  answer(async () => {
    const { db, resource, id } = await authorizeItem(context);
    return json(await getRevision(db, resource.spec, id, routeRevisionId(context)));
  });
