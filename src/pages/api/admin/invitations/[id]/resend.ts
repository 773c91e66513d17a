/** POST /api/admin/invitations/{id}/resend: a new link (the old one stops working), 7 more days. Admins only. */
import type { APIRoute } from 'astro';
import { localeOfReferer } from '../../../../../server/auth/local/account-context.ts';
import { invitationResponse, parseInvitationId, refuseUnlessLocalInvitations, runInvitationAction } from '../../../../../server/team/invitations-api.ts';
import { requireDeclaredPermission } from '../../../../../server/auth/permissions.ts';
import { refuseOversizeBody } from '../../../../../server/http/body-limit.ts';
import { problem } from '../../../../../server/http/problem.ts';

export const prerender = false;

export const POST: APIRoute = async ({ locals, params, request }) => {
  const refused = requireDeclaredPermission(locals.user, request) ?? refuseUnlessLocalInvitations() ?? (await refuseOversizeBody(request));
  if (refused) return refused;
  const id = parseInvitationId(params.id);
  if (id === null) return problem(404, 'INVITATION_NOT_FOUND', 'No invitation has this id');
  return invitationResponse(await runInvitationAction(locals.user!, { intent: 'resend', id }, localeOfReferer(request)));
};
