/**
 * POST /api/admin/review/<collection>/:id/approve — `{ version, copyVersion?, publishAt? }`: approves
 * the waiting request and publishes the item (a draft) or applies its working copy → `{ item, review }`.
 * With `publishAt` (ahead, else 422 `publishAt: NOT_IN_FUTURE`) a draft event or edition is published
 * from then and a working copy goes on its schedule in the approver's name; a draft of a collection
 * without publication times is 422 `NOT_SCHEDULABLE`. 409 without a waiting request or on a stale version.
 *
 * docs/decisions/064. Problems are titled in the caller's language.
 */
import type { APIRoute } from 'astro';
import { readJsonBody } from '../../../../../../server/admin/body.ts';
import { invalidateAfterWrite, json } from '../../../../../../server/admin/http.ts';
import { localizedAdminRoute } from '../../../../../../server/admin/localized-route.ts';
import { parseInput } from '../../../../../../server/engine/validation.ts';
import { routeItem } from '../../../../../../server/notes/http.ts';
import { approveInput } from '../../../../../../server/review/schemas.ts';
import { approveReview } from '../../../../../../server/review/service.ts';

export const prerender = false;

export const POST: APIRoute = (context) =>
  localizedAdminRoute(context, async ({ db, actor }) => {
    const { resource, id } = routeItem(context);
    const input = parseInput(approveInput, await readJsonBody(context.request));
    const outcome = await approveReview(db, actor, resource, id, input);
    invalidateAfterWrite(context, outcome);
    return json(outcome.body);
  });
