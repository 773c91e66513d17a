/** GET /api/admin/<collection>/export?format=csv|json — every item matching the list filters, streamed */
import type { APIRoute } from 'astro';
import { searchParamsToObject } from '../../../../lib/admin-schemas/list-query.ts';
import { exportStream } from '../../../../server/engine/export.ts';
import { answer, authorizeCollection } from '../../../../server/admin/http.ts';
import { exportHeaders } from '../../../../server/admin/routes.ts';
import { parseInput } from '../../../../server/engine/validation.ts';

export const GET: APIRoute = (context) =>
  answer(async () => {
    const { db, resource } = await authorizeCollection(context);
    const query = parseInput(resource.exportQuery, searchParamsToObject(context.url.searchParams), 'INVALID_QUERY');
    return new Response(exportStream(db, resource.list, query, query.format), { headers: exportHeaders(resource.collection, query.format) });
  });
