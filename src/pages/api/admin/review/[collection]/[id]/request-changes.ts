/**
 * POST /api/admin/review/<collection>/:id/request-changes — `{ comment }` (required): sends the
 * waiting request back to its submitter, who gets the comment by mail → the request.
 *
 * docs/decisions/064. Problems are titled in the caller's language.
 */
import type { APIRoute } from 'astro';
import { readJsonBody } from '../../../../../../server/admin/body.ts';
import { json } from '../../../../../../server/admin/http.ts';
import { localizedAdminRoute } from '../../../../../../server/admin/localized-route.ts';
import { parseInput } from '../../../../../../server/engine/validation.ts';
import { routeItem } from '../../../../../../server/notes/http.ts';
import { requestChangesInput } from '../../../../../../server/review/schemas.ts';
import { requestChanges } from '../../../../../../server/review/service.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  localizedAdminRoute(context, async ({ db, actor }) => {
    const { resource, id } = routeItem(context);
    const { comment } = parseInput(requestChangesInput, await readJsonBody(context.request, 16 * 1024));
    return json(await requestChanges(db, actor, resource, id, comment));
  });
