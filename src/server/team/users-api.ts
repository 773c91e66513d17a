/** Shared pieces of the `/api/admin/users/**` routes. */
import { z } from 'zod';
import { problem } from '../http/problem.ts';
import { getAuthMode } from '../auth/mode.ts';
import { roles } from '../auth/roles.ts';
import type { UserSummary } from './users.ts';

export const grantRoleSchema = z.object({ role: z.enum(roles) });

/** Under Clerk, roles live in Clerk's public metadata: these endpoints do not apply. */
export function refuseUnlessLocal(): Response | null {
  if (getAuthMode().kind === 'local') return null;
  return problem(409, 'ROLES_MANAGED_BY_CLERK', 'Roles are managed in the Clerk dashboard (public metadata "role")');
}

/** The JSON shape of a user in these endpoints. */
export function toUserJson(user: UserSummary) {
  return { ...user, createdAt: user.createdAt.toISOString() };
}

export const noStore = { 'Cache-Control': 'private, no-store' };
