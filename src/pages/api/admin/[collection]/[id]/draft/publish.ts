/**
 * POST /api/admin/<collection>/:id/draft/publish — `{ "version": n, "copyVersion"?: m }` (the
 *      copy's `baseVersion` and own `version`):
 * applies the working copy to the live item as one save (409 when either changed meanwhile, 422
 * when it fails today's rules) and drops it; answers `{ item, dropped }` (decision 035).
 *
 * Authorize (the permission `routeRules` declares) → parse → call → purge → respond.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJsonBody } from '../../../../../../server/admin/body.ts';
import { answer, authorizeItem, invalidateAfterWrite, json } from '../../../../../../server/admin/http.ts';
import { parseInput } from '../../../../../../server/engine/validation.ts';
import { publishWorkingCopy } from '../../../../../../server/engine/working-copies.ts';

const publishInput = z.strictObject({ version: z.number().int().min(1), copyVersion: z.number().int().min(1).optional() });

export const POST: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource, id } = await authorizeItem(context);
    const { version, copyVersion } = parseInput(publishInput, await readJsonBody(context.request));
    const outcome = await publishWorkingCopy(db, actor, resource, id, version, copyVersion);
    invalidateAfterWrite(context, outcome);
    return json(outcome.body);
  });
