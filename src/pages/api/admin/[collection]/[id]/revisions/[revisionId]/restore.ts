/**
 * POST /api/admin/<collection>/:id/revisions/:revisionId/restore — `{ "version": n }`: saves the
 * revision's content as a new revision, checked like a PATCH (409 on a stale version, 422 when
 * it fails today's rules); relations to items deleted since are dropped and listed in `dropped`.
 * The edit page's history panel posts it as an HTML form and is answered with a 303 back.
 */
import type { APIRoute } from 'astro';
import { handleRestore } from '../../../../../../../server/admin/revision-http.ts';

export const POST: APIRoute = (context) => handleRestore(context);
