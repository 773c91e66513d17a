/**
 * POST /api/admin/trash/<collection>/:id/restore — puts a trashed item back with the same id, its
 * texts and relations; answers `{ item, dropped, slugChanged }`: the relations left out because
 * their items are gone, and the new slug when another item took its own meanwhile (decision 053).
 *
 * Authorize (the permission `routeRules` declares) → call → purge → respond.
 */
import type { APIRoute } from 'astro';
import { discardBody } from '../../../../../../server/admin/body.ts';
import { answer, authorizeItem, invalidateAfterWrite, json } from '../../../../../../server/admin/http.ts';
import { restoreFromTrash } from '../../../../../../server/trash/restore.ts';

export const POST: APIRoute = (context) =>
  answer(async () => {
    const { db, actor, resource, id } = await authorizeItem(context);
    await discardBody(context.request);
    const outcome = await restoreFromTrash(db, actor, resource, id);
    invalidateAfterWrite(context, outcome);
    return json(outcome.body);
  });
