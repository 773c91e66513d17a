/**
 * GET  /api/admin/<collection>  — list (q, filters, sort, page, limit ≤ 100)
 * POST /api/admin/<collection>  — create: JSON for curators, editions, events, organizers and tags;
 *                                 for medias and files a multipart upload (`file`, optional
 *                                 `metadata` JSON), or for medias a video link as JSON
 *
 * Each handler: authorize (the permission `routeRules` declares) → parse → call → respond.
 */
import type { APIRoute } from 'astro';
import { searchParamsToObject } from '../../../../lib/admin-schemas/list-query.ts';
import { readJsonBody } from '../../../../server/admin/body.ts';
import { answer, authorizeCollection, invalidateAfterWrite, json } from '../../../../server/admin/http.ts';
import { listItems } from '../../../../server/engine/list.ts';
import { createdLocation } from '../../../../server/admin/routes.ts';
import { createItem } from '../../../../server/engine/service.ts';
import { parseInput } from '../../../../server/engine/validation.ts';
import { createUpload } from '../../../../server/uploads/route.ts';

export const GET: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource } = await authorizeCollection(context);
    const query = parseInput(resource.listQuery, searchParamsToObject(context.url.searchParams), 'INVALID_QUERY');
    return json(await listItems(db, resource.list, query, { viewer: actor }));
  });

export const POST: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource } = await authorizeCollection(context);
    const outcome = resource.createSchema
      ? await createItem(db, actor, resource, parseInput(resource.createSchema, await readJsonBody(context.request)))
      : await createUpload(db, actor, resource, context.request);
    invalidateAfterWrite(context, outcome);
    return json(outcome.body, 201, createdLocation(resource.collection, outcome.body));
  });
