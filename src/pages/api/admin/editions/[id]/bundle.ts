/**
 * GET /api/admin/editions/:id/bundle — the edition as one `.tar.gz` (docs/decisions/048): its
 * events and everything they point at, in every locale, with statuses, publication dates and the
 * stored files; 404 for an unknown edition. `POST /api/admin/editions/bundle` imports it.
 *
 * Authorize (the permission `routeRules` declares) → call → respond.
 */
import type { APIRoute } from 'astro';
import { authorize, routeId } from '../../../../../server/admin/http.ts';
import { exportEditionBundle } from '../../../../../server/bundle/export.ts';
import { answerBundle } from '../../../../../server/bundle/http.ts';
import { getStorage } from '../../../../../server/storage/index.ts';

export const GET: APIRoute = (context) =>
  answerBundle(context, async () => {
    const { db } = await authorize(context);
    const bundle = await exportEditionBundle(db, getStorage(), routeId(context, 'edition'));
    return new Response(new Blob([new Uint8Array(bundle.bytes)]), {
      headers: {
        'Content-Type': 'application/gzip',
        'Content-Disposition': `attachment; filename="${bundle.fileName}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
