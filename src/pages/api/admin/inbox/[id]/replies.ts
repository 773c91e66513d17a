/**
 * POST /api/admin/inbox/{id}/replies  { "body": "…" }: sends a reply through the outbox in the
 * visitor's language and keeps it beside the message, which counts as handled from then on. An
 * `Idempotency-Key` header makes a retried request one reply.
 */
import type { APIRoute } from 'astro';
import { actorFromUser } from '../../../../../server/auth/actor.ts';
import { requireDeclaredPermission } from '../../../../../server/auth/permissions.ts';
import { getEnv } from '../../../../../server/config/env.ts';
import { getDb } from '../../../../../server/db.ts';
import { messageNotFound, noStore, parseJsonBody, toReplyJson } from '../../../../../server/inbox/api.ts';
import { parseMessageId, readReplyKey, replySchema } from '../../../../../server/inbox/schemas.ts';
import { replyToMessage } from '../../../../../server/inbox/service.ts';
import { contactRecipientsOf, getSiteSettings } from '../../../../../server/config/site-settings.ts';

export const prerender = false;

export const POST: APIRoute = async ({ locals, params, request }) => {
  const refused = requireDeclaredPermission(locals.user, request);
  if (refused || !locals.user) return refused ?? messageNotFound();
  const id = parseMessageId(params.id);
  if (id === null) return messageNotFound();
  const body = await parseJsonBody(request, replySchema);
  if (body instanceof Response) return body;
  const db = await getDb();
  const replyTo = contactRecipientsOf(await getSiteSettings(db), getEnv().HUB_CONTACT_TO)[0] ?? locals.user.email ?? undefined;
  const outcome = await replyToMessage(db, actorFromUser(locals.user), id, body.data.body, {
    replyTo,
    key: readReplyKey(request.headers.get('Idempotency-Key')),
  });
  if (!outcome.ok) return messageNotFound();
  // A repeated key answers with the reply it already made (200), sending nothing again.
  return Response.json({ reply: toReplyJson(outcome.reply) }, { status: outcome.repeated ? 200 : 201, headers: noStore });
};
