/**
 * GET  /api/admin/invitations: every invitation with its status, newest first.
 * POST /api/admin/invitations { "email", "role": "admin" | "editor", "locale"? }: invites the
 *      address (mail in `locale`, else the sending page's); 409 when it has an account or a
 *      pending invitation. Admins only (users.manage); local accounts only.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { isLocale } from '../../../../i18n/config.ts';
import { localeOfReferer } from '../../../../server/auth/local/account-context.ts';
import {
  inviteSchema,
  invitationResponse,
  refuseUnlessLocalInvitations,
  runInvitationAction,
  toInvitationJson,
} from '../../../../server/team/invitations-api.ts';
import { listInvitations } from '../../../../server/team/invitations.ts';
import { requireDeclaredPermission } from '../../../../server/auth/permissions.ts';
import { getDb } from '../../../../server/db.ts';
import { readJsonWithinLimit } from '../../../../server/http/body-limit.ts';
import { problem } from '../../../../server/http/problem.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, request }) => {
  const refused = requireDeclaredPermission(locals.user, request) ?? refuseUnlessLocalInvitations();
  if (refused) return refused;
  const invitations = await listInvitations(await getDb());
  return Response.json({ invitations: invitations.map(toInvitationJson) }, { headers: { 'Cache-Control': 'private, no-store' } });
};

export const POST: APIRoute = async ({ locals, request }) => {
  const refused = requireDeclaredPermission(locals.user, request) ?? refuseUnlessLocalInvitations();
  if (refused) return refused;
  const body = await readJsonWithinLimit(request);
  if (body instanceof Response) return body;
  const parsed = inviteSchema.safeParse(body.value);
  if (!parsed.success) {
    return problem(400, 'INVALID_BODY', 'Send { "email": "…", "role": "admin" | "editor" }', {
      errors: z.flattenError(parsed.error).fieldErrors as Record<string, string[]>,
    });
  }
  const requested = (body.value as { locale?: unknown }).locale;
  const locale = isLocale(requested) ? requested : localeOfReferer(request);
  return invitationResponse(await runInvitationAction(locals.user!, { intent: 'invite', ...parsed.data }, locale), 201);
};
