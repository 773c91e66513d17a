/**
 * PATCH  /api/admin/notes/:noteId — change the text of one's own note `{ body }`
 * DELETE /api/admin/notes/:noteId — delete one's own note (anyone's with `notes.moderate`)
 *
 * docs/decisions/061. Problems are titled in the caller's language.
 */
import type { APIRoute } from 'astro';
import { discardBody, readJsonBody } from '../../../../server/admin/body.ts';
import { json } from '../../../../server/admin/http.ts';
import { localizedAdminRoute } from '../../../../server/admin/localized-route.ts';
import { parseInput } from '../../../../server/engine/validation.ts';
import { countNoteWrite, resourceOfCollection, routeNoteId } from '../../../../server/notes/http.ts';
import { noteInput } from '../../../../server/notes/schemas.ts';
import { deleteNote, updateNote } from '../../../../server/notes/service.ts';

export const prerender = false;

export const PATCH: APIRoute = (context) =>
  localizedAdminRoute(context, async (admin) => {
    const noteId = routeNoteId(context);
    await countNoteWrite(admin);
    const input = parseInput(noteInput, await readJsonBody(context.request, 16 * 1024));
    return json(await updateNote(admin.db, admin.actor, noteId, input, resourceOfCollection));
  });

export const DELETE: APIRoute = (context) =>
  localizedAdminRoute(context, async (admin) => {
    const noteId = routeNoteId(context);
    await discardBody(context.request);
    await countNoteWrite(admin);
    await deleteNote(admin.db, admin.actor, noteId, resourceOfCollection);
    return json(null, 204);
  });
