/**
 * GET    /api/admin/inbox/{id}: one message with its replies (reading it here does not mark it read).
 * PATCH  /api/admin/inbox/{id}  { "read"?: boolean, "handled"?: boolean }: changes its state.
 * DELETE /api/admin/inbox/{id}: deletes it with its replies (audited).
 */
import type { APIRoute } from 'astro';
import { actorFromUser } from '../../../../server/auth/actor.ts';
import { requireDeclaredPermission } from '../../../../server/auth/permissions.ts';
import { getDb } from '../../../../server/db.ts';
import { refuseOversizeBody } from '../../../../server/http/body-limit.ts';
import { messageNotFound, noStore, parseJsonBody, toMessageJson } from '../../../../server/inbox/api.ts';
import { getInboxMessage } from '../../../../server/inbox/queries.ts';
import { messagePatchSchema, parseMessageId } from '../../../../server/inbox/schemas.ts';
import { deleteMessage, setMessageHandled, setMessageRead } from '../../../../server/inbox/service.ts';

export const prerender = false;

async function respondWithMessage(id: number): Promise<Response> {
  const found = await getInboxMessage(await getDb(), id);
  return found ? Response.json({ message: toMessageJson(found.message, found.replies) }, { headers: noStore }) : messageNotFound();
}

export const GET: APIRoute = async ({ locals, params, request }) => {
  const refused = requireDeclaredPermission(locals.user, request);
  if (refused) return refused;
  const id = parseMessageId(params.id);
  return id === null ? messageNotFound() : respondWithMessage(id);
};

export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const refused = requireDeclaredPermission(locals.user, request);
  if (refused) return refused;
  const id = parseMessageId(params.id);
  if (id === null) return messageNotFound();
  const body = await parseJsonBody(request, messagePatchSchema);
  if (body instanceof Response) return body;
  const db = await getDb();
  if (body.data.read !== undefined && !(await setMessageRead(db, id, body.data.read))) return messageNotFound();
  if (body.data.handled !== undefined && !(await setMessageHandled(db, id, body.data.handled))) return messageNotFound();
  return respondWithMessage(id);
};

export const DELETE: APIRoute = async ({ locals, params, request }) => {
  const refused = requireDeclaredPermission(locals.user, request) ?? (await refuseOversizeBody(request));
  if (refused) return refused;
  const id = parseMessageId(params.id);
  if (id === null || !locals.user || !(await deleteMessage(await getDb(), actorFromUser(locals.user), id))) return messageNotFound();
  return new Response(null, { status: 204, headers: noStore });
};
