/**
 * PUT    /api/admin/<collection>/:id/draft/schedule — `{ "version": n, "scheduledAt": "…+02:00" }`:
 *        publish the working copy (the one based on `version`) at that instant (decision 035's amendment)
 * DELETE /api/admin/<collection>/:id/draft/schedule — take it off the schedule (it stays as a draft)
 *
 * Both answer the item (its `draft` names the schedule). Authorize (the permission `routeRules`
 * declares) → parse → call → respond. No purge: nothing public changes until the time comes.
 */
import type { APIRoute } from 'astro';
import { discardBody, readJsonBody } from '../../../../../../server/admin/body.ts';
import { answer, authorizeItem, json } from '../../../../../../server/admin/http.ts';
import { parseInput } from '../../../../../../server/engine/validation.ts';
import { scheduleInput, scheduleWorkingCopy, unscheduleWorkingCopy } from '../../../../../../server/admin/working-copy-schedule.ts';

export const PUT: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource, id } = await authorizeItem(context);
    const input = parseInput(scheduleInput, await readJsonBody(context.request));
    return json(await scheduleWorkingCopy(db, actor, resource, id, input));
  });

export const DELETE: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource, id } = await authorizeItem(context);
    await discardBody(context.request);
    return json(await unscheduleWorkingCopy(db, actor, resource, id));
  });
