/**
 * POST /api/admin/<collection>/bulk — `{ action: publish|unpublish|archive|delete, ids, detach? }`,
 * all or nothing. Deleting also needs `content.delete`; each item may need more (see service.ts).
 */
import type { APIRoute } from 'astro';
import { bulkSchema } from '../../../../lib/admin-schemas/bulk.ts';
import { demand } from '../../../../server/auth/actor.ts';
import { readJsonBody } from '../../../../server/admin/body.ts';
import { answer, authorizeCollection, invalidateAfterWrite, json } from '../../../../server/admin/http.ts';
import { bulkItems } from '../../../../server/engine/service.ts';
import { parseInput } from '../../../../server/engine/validation.ts';

export const POST: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource } = await authorizeCollection(context);
    const input = parseInput(bulkSchema, await readJsonBody(context.request));
    if (input.action === 'delete') demand(actor, 'content.delete');
    const outcome = await bulkItems(db, actor, resource, input);
    invalidateAfterWrite(context, outcome);
    return json(outcome.body);
  });
