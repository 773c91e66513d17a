/** GET /api/admin/team: every local account (pending sign-ups first) with role, last sign-in, 2FA and disabled state. Admins only. */
import type { APIRoute } from 'astro';
import { json } from '../../../../server/admin/http.ts';
import { refuseUnlessLocal } from '../../../../server/team/users-api.ts';
import { requireDeclaredPermission } from '../../../../server/auth/permissions.ts';
import { allowListsFrom } from '../../../../server/auth/roles.ts';
import { getEnv } from '../../../../server/config/env.ts';
import { getDb } from '../../../../server/db.ts';
import { listTeam } from '../../../../server/team/accounts.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, request }) => {
  const refused = requireDeclaredPermission(locals.user, request) ?? refuseUnlessLocal();
  if (refused) return refused;
  const members = await listTeam(await getDb(), allowListsFrom(getEnv()));
  return json({
    members: members.map((member) => ({ ...member, createdAt: member.createdAt.toISOString(), lastSignInAt: member.lastSignInAt?.toISOString() ?? null })),
  });
};
