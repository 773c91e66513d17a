/**
 * GET /api/admin/<collection>/:id/revisions?page=&limit= — the item's revisions, newest first:
 * who, when, what changed (decision 030); 404 for an unknown item.
 *
 * Authorize (the permission `routeRules` declares) → parse → call → respond.
 */
import type { APIRoute } from 'astro';
import { answer, authorizeItem, json } from '../../../../../../server/admin/http.ts';
import { listRevisions } from '../../../../../../server/engine/revisions.ts';
import { revisionPageQuery } from '../../../../../../server/admin/revision-http.ts';

export const GET: APIRoute = (context) =>
  answer(async () => {
    const { db, resource, id } = await authorizeItem(context);
    const { page, limit } = revisionPageQuery(context.url);
    return json(await listRevisions(db, resource.spec, id, page, limit));
  });
