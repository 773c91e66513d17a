/**
 * GET    /api/admin/trash[?collection=&page=&limit=] — deleted items, most recent first, with who
 *        deleted them, when, and the days left before the daily round purges them (decision 053)
 * DELETE /api/admin/trash[?collection=]               — "Empty trash": purges every entry (or one collection's)
 *
 * Authorize (the permission `routeRules` declares) → parse → call → respond.
 */
import type { APIRoute } from 'astro';
import { discardBody } from '../../../../server/admin/body.ts';
import { answer, authorize, json } from '../../../../server/admin/http.ts';
import { getEnv } from '../../../../server/config/env.ts';
import { getStorage } from '../../../../server/storage/index.ts';
import { emptyTrash, getTrashPage, parseTrashQuery } from '../../../../server/trash/service.ts';

export const GET: APIRoute = (context) =>
  answer(async () => {
    const { db } = await authorize(context);
    return json(await getTrashPage(db, parseTrashQuery(context.url.searchParams), getEnv().HUB_TRASH_DAYS));
  });

export const DELETE: APIRoute = (context) =>
  answer(async () => {
    const { db, actor } = await authorize(context);
    await discardBody(context.request);
    const { collection } = parseTrashQuery(context.url.searchParams);
    return json({ purged: await emptyTrash(db, getStorage(), actor, collection) });
  });
