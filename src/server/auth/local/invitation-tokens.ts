/**
 * The side of an invitation its link uses: finding it by the token in the mail, and marking it
 * accepted inside the sign-up that uses it (audited there). Creating, resending and revoking them
 * is the team's (src/server/team/invitations.ts).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { authInvitations } from '../../../../db/auth-schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { recordAudit } from '../../audit/record.ts';
import { hashToken } from './account-mail.ts';

export type InvitationStatus = 'pending' | 'accepted' | 'expired' | 'revoked';

type InvitationRow = typeof authInvitations.$inferSelect;

export interface Invitation extends InvitationRow {
  status: InvitationStatus;
}

/** Where an invitation stands now. */
export function invitationStatusOf(row: InvitationRow, now = new Date()): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** An invitation row with its state now. */
export const invitationWithStatus = (row: InvitationRow): Invitation => ({ ...row, status: invitationStatusOf(row) });

/** The invitation a link's token belongs to, whatever its state; `undefined` for an unknown token. */
export async function findInvitationByToken(db: Executor, token: string): Promise<Invitation | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select()
    .from(authInvitations)
    .where(eq(authInvitations.tokenHash, hashToken(token)))
    .limit(1);
  return row ? invitationWithStatus(row) : undefined;
}

/**
 * Marks the invitation accepted by `userId`, inside the sign-up's transaction; false when it was
 * accepted, revoked or expired meanwhile (the sign-up is then rolled back).
 */
export async function consumeInvitation(tx: Executor, id: number, userId: string, label: string): Promise<boolean> {
  const now = new Date();
  const consumed = await tx
    .update(authInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(authInvitations.id, id), isNull(authInvitations.acceptedAt), isNull(authInvitations.revokedAt), gt(authInvitations.expiresAt, now)))
    .returning({ id: authInvitations.id });
  if (consumed.length === 0) return false;
  await recordAudit(tx, { id: userId, label }, [{ action: 'accept', entity: 'invitation', entityId: id, changedFields: ['acceptedAt'] }]);
  return true;
}
