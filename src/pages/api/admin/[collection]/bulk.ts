/**
 * POST /api/admin/<collection>/bulk — `{ action: publish|unpublish|archive|delete, ids, detach? }`
 * or, for every item the list's filters match, `{ action, matching: <list query>, shown?, detach? }`
 * (at most 5,000 items, decision 057). Deleting also needs `content.delete`; each item may need
 * more (see service.ts).
 */
import type { APIRoute } from 'astro';
import { bulkSchema } from '../../../../lib/admin-schemas/bulk.ts';
import { demand } from '../../../../server/auth/actor.ts';
import { readJsonBody } from '../../../../server/admin/body.ts';
import { answer, authorizeCollection, invalidateAfterWrite, json } from '../../../../server/admin/http.ts';
import { matchingIdSource } from '../../../../server/engine/bulk-matching.ts';
import { bulkItems } from '../../../../server/engine/service.ts';
import { parseInput } from '../../../../server/engine/validation.ts';

export const POST: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource } = await authorizeCollection(context);
    const { ids, matching, ...input } = parseInput(bulkSchema, await readJsonBody(context.request));
    const items = matching ? matchingIdSource(resource, actor, matching) : (ids ?? []);
    if (input.action === 'delete') demand(actor, 'content.delete');
    const outcome = await bulkItems(db, actor, resource, { ...input, items });
    invalidateAfterWrite(context, outcome);
    return json(outcome.body);
  });
