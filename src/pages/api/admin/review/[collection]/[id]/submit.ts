/**
 * POST /api/admin/review/<collection>/:id/submit — `{ version, copyVersion?, message? }`: asks those
 * who may publish the item to review it as saved at `version` → 201 with the request.
 *
 * docs/decisions/064. Problems are titled in the caller's language.
 */
import type { APIRoute } from 'astro';
import { readJsonBody } from '../../../../../../server/admin/body.ts';
import { json } from '../../../../../../server/admin/http.ts';
import { localizedAdminRoute } from '../../../../../../server/admin/localized-route.ts';
import { parseInput } from '../../../../../../server/engine/validation.ts';
import { routeItem } from '../../../../../../server/notes/http.ts';
import { submitInput } from '../../../../../../server/review/schemas.ts';
import { submitForReview } from '../../../../../../server/review/service.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  localizedAdminRoute(context, async ({ db, actor }) => {
    const { resource, id } = routeItem(context);
    const input = parseInput(submitInput, await readJsonBody(context.request, 16 * 1024));
    return json(await submitForReview(db, actor, resource, id, input), 201);
  });
