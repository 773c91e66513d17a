/**
 * POST /api/admin/review/<collection>/:id/withdraw — `{}`: the submitter takes back their waiting
 * request → the request.
 *
 * docs/decisions/064. Problems are titled in the caller's language.
 */
import type { APIRoute } from 'astro';
import { readJsonBody } from '../../../../../../server/admin/body.ts';
import { json } from '../../../../../../server/admin/http.ts';
import { localizedAdminRoute } from '../../../../../../server/admin/localized-route.ts';
import { parseInput } from '../../../../../../server/engine/validation.ts';
import { routeItem } from '../../../../../../server/notes/http.ts';
import { withdrawInput } from '../../../../../../server/review/schemas.ts';
import { withdrawReview } from '../../../../../../server/review/service.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  localizedAdminRoute(context, async ({ db, actor }) => {
    const { resource, id } = routeItem(context);
    parseInput(withdrawInput, await readJsonBody(context.request));
    return json(await withdrawReview(db, actor, resource, id));
  });
