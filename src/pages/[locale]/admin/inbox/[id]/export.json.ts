/**
 * GET /{locale}/admin/inbox/{id}/export.json: everything the sender of message {id} wrote and
 * every reply they got, as a JSON download (admins; audited as an export, decision 021).
 */
import type { APIRoute } from 'astro';
import { paths } from '../../../../../lib/paths.ts';
import { actorFromUser } from '../../../../../server/auth/actor.ts';
import { getDb } from '../../../../../server/db.ts';
import { exportPerson } from '../../../../../server/inbox/person.ts';
import { getInboxMessage } from '../../../../../server/inbox/queries.ts';
import { parseMessageId } from '../../../../../server/inbox/schemas.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, params, rewrite }) => {
  const id = parseMessageId(params.id);
  const db = await getDb();
  const found = id === null || !locals.user ? null : await getInboxMessage(db, id);
  if (!found || !locals.user) return rewrite(paths.notFound(locals.locale));
  const data = await exportPerson(db, actorFromUser(locals.user), found.message.email);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="contact-data-${id}.json"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
