/**
 * PUT    /api/admin/<collection>/:id/draft — save a working copy of a published item: a PATCH
 *        body based on the live `version`, checked like a save, plus `copyVersion` (the copy's
 *        `version` it started from, null when there was none: 409 when another was saved since);
 *        the live item stays as published
 * DELETE /api/admin/<collection>/:id/draft — discard the working copy (204, also when there is none)
 *
 * The copy comes back in the item's GET as `draft` (decision 035). Publishing it: draft/publish.ts.
 * Authorize (the permission `routeRules` declares) → parse → call → respond. No cache purge: the
 * public pages do not change.
 */
import type { APIRoute } from 'astro';
import { discardBody, readJsonBody } from '../../../../../server/admin/body.ts';
import { answer, authorizeItem, json } from '../../../../../server/admin/http.ts';
import { z } from 'zod';
import { parseInput } from '../../../../../server/engine/validation.ts';
import { discardWorkingCopy, saveWorkingCopy } from '../../../../../server/engine/working-copies.ts';

const copyVersionInput = z.object({ copyVersion: z.number().int().min(1).nullable().optional() });

export const PUT: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource, id } = await authorizeItem(context);
    const raw = await readJsonBody(context.request);
    // Checked first: a body that is not an object is refused here with its field errors.
    const { copyVersion } = parseInput(copyVersionInput, raw);
    const { copyVersion: _copy, ...patch } = raw as Record<string, unknown>;
    const body = parseInput(resource.patchSchema, patch);
    return json(await saveWorkingCopy(db, actor, resource, id, body, copyVersion));
  });

export const DELETE: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource, id } = await authorizeItem(context);
    await discardBody(context.request);
    await discardWorkingCopy(db, actor, resource, id);
    return json(null, 204);
  });
