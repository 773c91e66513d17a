/**
 * PUT    /api/admin/users/{id}/role  { "role": "admin" | "editor" }: grants a role.
 * DELETE /api/admin/users/{id}/role: revokes the granted role.
 * Admins only; refused (409 LAST_ADMIN) when it would leave no administrator.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { actorFromUser } from '../../../../../server/auth/actor.ts';
import { requireDeclaredPermission } from '../../../../../server/auth/permissions.ts';
import type { AuthUser } from '../../../../../server/auth/types.ts';
import { grantRoleSchema, noStore, refuseUnlessLocal, toUserJson } from '../../../../../server/team/users-api.ts';
import { setGrantedRole, type RoleChange } from '../../../../../server/team/users.ts';
import { allowListsFrom, type Role } from '../../../../../server/auth/roles.ts';
import { getEnv } from '../../../../../server/config/env.ts';
import { getDb } from '../../../../../server/db.ts';
import { readJsonWithinLimit, refuseOversizeBody } from '../../../../../server/http/body-limit.ts';
import { problem } from '../../../../../server/http/problem.ts';

export const prerender = false;

async function change(user: AuthUser, id: string, role: Role | null): Promise<Response> {
  const result: RoleChange = await setGrantedRole(await getDb(), { id }, role, allowListsFrom(getEnv()), actorFromUser(user));
  if (result.ok) return Response.json({ user: toUserJson(result.user) }, { headers: noStore });
  if (result.code === 'USER_NOT_FOUND') return problem(404, 'USER_NOT_FOUND', 'No account has this id');
  return problem(409, 'LAST_ADMIN', 'This would leave no administrator; grant admin to someone else first');
}

export const PUT: APIRoute = async ({ locals, params, request }) => {
  const refused = requireDeclaredPermission(locals.user, request) ?? refuseUnlessLocal();
  if (refused) return refused;
  const body = await readJsonWithinLimit(request);
  if (body instanceof Response) return body;
  const parsed = grantRoleSchema.safeParse(body.value);
  if (!parsed.success) {
    return problem(400, 'INVALID_BODY', 'Send { "role": "admin" } or { "role": "editor" }', {
      errors: z.flattenError(parsed.error).fieldErrors as Record<string, string[]>,
    });
  }
  return change(locals.user!, params.id ?? '', parsed.data.role);
};

export const DELETE: APIRoute = async ({ locals, params, request }) => {
  const refused = requireDeclaredPermission(locals.user, request) ?? refuseUnlessLocal() ?? (await refuseOversizeBody(request));
  if (refused) return refused;
  return change(locals.user!, params.id ?? '', null);
};
