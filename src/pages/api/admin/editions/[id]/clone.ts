/**
 * POST /api/admin/editions/:id/clone — `{ shiftDays, titles? }`: a draft copy of the edition and
 * its events, every date moved by `shiftDays` days (local wall time kept), in one transaction;
 * 201 with `{ id, slug, eventCount }`, 404 for an unknown edition.
 *
 * A static `editions` folder beside `[collection]`: Astro ranks a static segment first, and this
 * file only matches `…/:id/clone`, so every other editions route still reaches `[collection]`.
 *
 * Authorize (the permission `routeRules` declares) → parse → call → respond.
 */
import type { APIRoute } from 'astro';
import { cloneEditionSchema } from '../../../../../lib/admin-schemas/clone.ts';
import { readJsonBody } from '../../../../../server/admin/body.ts';
import { answer, authorize, invalidateAfterWrite, json, routeId } from '../../../../../server/admin/http.ts';
import { createdLocation } from '../../../../../server/admin/routes.ts';
import { parseInput } from '../../../../../server/engine/validation.ts';
import { cloneEdition } from '../../../../../server/editions/clone.ts';

export const POST: APIRoute = (context) =>
  answer(async () => {
    const { db, actor } = await authorize(context);
    const id = routeId(context, 'edition');
    const body = parseInput(cloneEditionSchema, await readJsonBody(context.request));
    const outcome = await cloneEdition(db, actor, id, body);
    invalidateAfterWrite(context, outcome);
    return json(outcome.body, 201, createdLocation('editions', outcome.body));
  });
