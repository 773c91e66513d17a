/**
 * POST /api/admin/inbox/people/export  { "email": "…" }: everything that address wrote and every
 * reply it got, as JSON (admins; audited). A POST so the address stays out of URLs and logs.
 */
import type { APIRoute } from 'astro';
import { actorFromUser } from '../../../../../server/auth/actor.ts';
import { requireDeclaredPermission } from '../../../../../server/auth/permissions.ts';
import { getDb } from '../../../../../server/db.ts';
import { messageNotFound, noStore, parseJsonBody } from '../../../../../server/inbox/api.ts';
import { exportPerson } from '../../../../../server/inbox/person.ts';
import { personSchema } from '../../../../../server/inbox/schemas.ts';

export const prerender = false;

export const POST: APIRoute = async ({ locals, request }) => {
  const refused = requireDeclaredPermission(locals.user, request);
  if (refused || !locals.user) return refused ?? messageNotFound();
  const body = await parseJsonBody(request, personSchema);
  if (body instanceof Response) return body;
  return Response.json(await exportPerson(await getDb(), actorFromUser(locals.user), body.data.email), { headers: noStore });
};
