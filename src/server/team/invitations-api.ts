/** Shared pieces of `/api/admin/invitations/**` and the invitations page's forms. */
import { z } from 'zod';
import type { Locale } from '../../i18n/config.ts';
import { actorFromUser } from '../auth/actor.ts';
import { problem } from '../http/problem.ts';
import { getDb } from '../db.ts';
import { getAuthMode } from '../auth/mode.ts';
import { editionIdsSchema } from '../auth/edition-scope.ts';
import { roles } from '../auth/roles.ts';
import type { AuthUser } from '../auth/types.ts';
import { createInvitation, resendInvitation, revokeInvitation, type Invitation, type InvitationError, type InvitationResult } from './invitations.ts';

export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'EMAIL_INVALID' })),
  role: z.enum(roles, { error: 'ROLE_INVALID' }),
  /** The editions the invited account will be limited to (docs/decisions/059): `all` (or absent) = every edition. */
  editions: z.union([z.literal('all'), editionIdsSchema], { error: 'EDITIONS_REQUIRED' }).optional(),
});

/** Under Clerk, invitations are sent from the Clerk dashboard. */
export function refuseUnlessLocalInvitations(): Response | null {
  if (getAuthMode().kind === 'local') return null;
  return problem(409, 'INVITATIONS_MANAGED_BY_CLERK', 'Invitations are managed in the Clerk dashboard');
}

/** The JSON shape of an invitation (never its token hash). */
export function toInvitationJson({ tokenHash: _hidden, ...invitation }: Invitation) {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    ...invitation,
    createdAt: iso(invitation.createdAt),
    expiresAt: iso(invitation.expiresAt),
    acceptedAt: iso(invitation.acceptedAt),
    revokedAt: iso(invitation.revokedAt),
    lastSentAt: iso(invitation.lastSentAt),
  };
}

const errorStatus: Record<InvitationError, { status: number; title: string }> = {
  ACCOUNT_EXISTS: { status: 409, title: 'This address already has an account' },
  ALREADY_INVITED: { status: 409, title: 'This address already has a pending invitation; resend it instead' },
  INVITATION_NOT_FOUND: { status: 404, title: 'No invitation has this id' },
  INVITATION_CLOSED: { status: 409, title: 'This invitation was accepted or revoked' },
  EDITION_NOT_FOUND: { status: 422, title: 'One of the chosen editions does not exist' },
};

/** The status of an invitation error (API and form). */
export const invitationErrorStatus = (code: InvitationError) => errorStatus[code].status;

/** The API response for a service result. */
export function invitationResponse(result: InvitationResult, okStatus = 200): Response {
  if (result.ok)
    return Response.json({ invitation: toInvitationJson(result.invitation) }, { status: okStatus, headers: { 'Cache-Control': 'private, no-store' } });
  const { status, title } = errorStatus[result.code];
  return problem(status, result.code, title);
}

export type InvitationIntent = 'invite' | 'resend' | 'revoke';

/** Runs one action of the invitations page or API for `user`. */
export async function runInvitationAction(
  user: AuthUser,
  action:
    { intent: 'invite'; email: string; role: (typeof roles)[number]; editions?: 'all' | number[] | undefined } | { intent: 'resend' | 'revoke'; id: number },
  locale: Locale,
): Promise<InvitationResult> {
  const db = await getDb();
  const actor = actorFromUser(user);
  if (action.intent === 'invite') return createInvitation(db, { email: action.email, role: action.role, editions: action.editions, actor, locale });
  if (action.intent === 'resend') return resendInvitation(db, action.id, actor, locale);
  return revokeInvitation(db, action.id, actor);
}

/** A positive integer id from a path segment or form field, else null. */
export function parseInvitationId(raw: unknown): number | null {
  const id = typeof raw === 'string' && /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
