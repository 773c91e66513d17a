/** GET /api/admin/me: the signed-in user, their effective role, every permission it holds and their editions (`null` = all). */
import type { APIRoute } from 'astro';
import { listPermissions, requireDeclaredPermission } from '../../../server/auth/permissions.ts';

export const prerender = false;

export const GET: APIRoute = ({ locals, request }) => {
  const denied = requireDeclaredPermission(locals.user, request);
  if (denied) return denied;
  // requireDeclaredPermission has just established that someone is signed in.
  const { id, email, name, role, provider, editions } = locals.user!;
  return Response.json(
    { user: { id, email, name, provider }, role, permissions: listPermissions(role), editions },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
};
