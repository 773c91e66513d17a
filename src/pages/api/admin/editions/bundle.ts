/**
 * POST /api/admin/editions/bundle — imports an edition bundle (the `.tar.gz` of
 * `GET /api/admin/editions/:id/bundle`, sent as the request body) as a new edition, in one
 * transaction (docs/decisions/048): 201 with `{ id, slug, created, reused }`; 413
 * `BUNDLE_TOO_LARGE`, 400 `BUNDLE_UNREADABLE`, 422 `BUNDLE_VERSION_UNSUPPORTED` /
 * `BUNDLE_INVALID` / `BUNDLE_CORRUPT`, titled in the caller's language.
 *
 * A static file beside `[id]`: Astro ranks it first, so `…/editions/bundle` never reaches `[collection]/[id]`.
 *
 * Authorize (the permission `routeRules` declares) → read → call → purge → respond.
 */
import type { APIRoute } from 'astro';
import { authorize, invalidateAfterWrite, json } from '../../../../server/admin/http.ts';
import { createdLocation } from '../../../../server/admin/routes.ts';
import { answerBundle, readBundleBody } from '../../../../server/bundle/http.ts';
import { importEditionBundle } from '../../../../server/bundle/import.ts';
import { getStorage } from '../../../../server/storage/index.ts';

export const POST: APIRoute = (context) =>
  answerBundle(context, async () => {
    const { db, actor } = await authorize(context);
    const outcome = await importEditionBundle(db, getStorage(), actor, await readBundleBody(context.request));
    await invalidateAfterWrite(context, outcome);
    return json(outcome.body, 201, createdLocation('editions', outcome.body));
  });
