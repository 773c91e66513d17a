/**
 * GET  /api/admin/notes/<collection>/:id — the item's notes, oldest first, who may be mentioned, and `teamUnavailable`
 * POST /api/admin/notes/<collection>/:id — add a note `{ body }`; mentions `<@userId>` are mailed
 *
 * docs/decisions/061. Problems are titled in the caller's language.
 */
import type { APIRoute } from 'astro';
import { readJsonBody } from '../../../../../server/admin/body.ts';
import { json } from '../../../../../server/admin/http.ts';
import { localizedAdminRoute } from '../../../../../server/admin/localized-route.ts';
import { parseInput } from '../../../../../server/engine/validation.ts';
import { countNoteWrite, routeItem } from '../../../../../server/notes/http.ts';
import { noteInput } from '../../../../../server/notes/schemas.ts';
import { createNote, listNotes } from '../../../../../server/notes/service.ts';
import { listMentionable } from '../../../../../server/notes/team.ts';

export const prerender = false;

export const GET: APIRoute = (context) =>
  localizedAdminRoute(context, async ({ db }) => {
    const { resource, id } = routeItem(context);
    return json({ notes: await listNotes(db, resource, id), ...(await listMentionable(db)) });
  });

export const POST: APIRoute = (context) =>
  localizedAdminRoute(context, async (admin) => {
    const { resource, id } = routeItem(context);
    await countNoteWrite(admin);
    const input = parseInput(noteInput, await readJsonBody(context.request, 16 * 1024));
    return json(await createNote(admin.db, admin.actor, resource, id, input), 201);
  });
