/** GET /api/admin/users: every local account with its granted and effective role (admins only). */
import type { APIRoute } from 'astro';
import { requireDeclaredPermission } from '../../../../server/auth/permissions.ts';
import { noStore, refuseUnlessLocal, toUserJson } from '../../../../server/team/users-api.ts';
import { listUsers } from '../../../../server/team/users.ts';
import { allowListsFrom } from '../../../../server/auth/roles.ts';
import { getEnv } from '../../../../server/config/env.ts';
import { getDb } from '../../../../server/db.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, request }) => {
  const refused = requireDeclaredPermission(locals.user, request) ?? refuseUnlessLocal();
  if (refused) return refused;
  const users = await listUsers(await getDb(), allowListsFrom(getEnv()));
  return Response.json({ users: users.map(toUserJson) }, { headers: noStore });
};
