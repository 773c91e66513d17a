/**
 * POST /api/admin/inbox/people/erase  { "email": "…", "confirm": "…" }: erases every message of that
 * address with its replies (admins; audited). `confirm` repeats the address: the confirmation step.
 */
import type { APIRoute } from 'astro';
import { actorFromUser } from '../../../../../server/auth/actor.ts';
import { requireDeclaredPermission } from '../../../../../server/auth/permissions.ts';
import { getDb } from '../../../../../server/db.ts';
import { messageNotFound, noStore, parseJsonBody } from '../../../../../server/inbox/api.ts';
import { erasePerson } from '../../../../../server/inbox/person.ts';
import { eraseSchema } from '../../../../../server/inbox/schemas.ts';

export const prerender = false;

export const POST: APIRoute = async ({ locals, request }) => {
  const refused = requireDeclaredPermission(locals.user, request);
  if (refused || !locals.user) return refused ?? messageNotFound();
  const body = await parseJsonBody(request, eraseSchema);
  if (body instanceof Response) return body;
  return Response.json({ erased: await erasePerson(await getDb(), actorFromUser(locals.user), body.data.email) }, { headers: noStore });
};
