/**
 * Invitations of local accounts: an administrator invites an address with a role; the link in
 * the mail (a one-time token, 7 days) lets its owner choose a name and password. Only the
 * token's hash is stored. Every change is audited in the transaction that makes it, with its mail.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { authInvitations, authUsers } from '../../../db/auth-schema.ts';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { isLocale, type Locale } from '../../i18n/config.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit, type AuditAction } from '../audit/record.ts';
import type { Role } from '../auth/roles.ts';
import { unknownEditions } from './users.ts';
import { enqueueInvitationMail, hashToken } from '../auth/local/account-mail.ts';
import { invitationStatusOf as statusOf, invitationWithStatus as withStatus, type Invitation } from '../auth/local/invitation-tokens.ts';

export type { Invitation, InvitationStatus } from '../auth/local/invitation-tokens.ts';

export const INVITATION_LIFETIME_MS = 7 * 24 * 3600_000;

export type InvitationError = 'ACCOUNT_EXISTS' | 'ALREADY_INVITED' | 'INVITATION_NOT_FOUND' | 'INVITATION_CLOSED' | 'EDITION_NOT_FOUND';

export type InvitationResult = { ok: true; invitation: Invitation } | { ok: false; code: InvitationError };

const newToken = () => randomBytes(32).toString('base64url');

async function audit(tx: Executor, actor: Actor, action: AuditAction, id: number, changedFields: string[]) {
  await recordAudit(tx, actor, [{ action, entity: 'invitation', entityId: id, changedFields }]);
}

async function hasAccount(tx: Executor, email: string): Promise<boolean> {
  const [row] = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email)).limit(1);
  return Boolean(row);
}

/** Every invitation, newest first. */
export async function listInvitations(db: Executor): Promise<Invitation[]> {
  const rows = await db.select().from(authInvitations).orderBy(desc(authInvitations.createdAt), desc(authInvitations.id));
  return rows.map(withStatus);
}

export interface NewInvitation {
  email: string;
  role: Role;
  /** Edition ids the account will be limited to; `all`, null or absent = every edition. */
  editions?: 'all' | readonly number[] | null | undefined;
  actor: Actor;
  /** Language of the mail. */
  locale: Locale;
}

/** Invites `email` with `role` and queues the mail; refused when the address has an account or a pending invitation. */
export function createInvitation(db: Database, { email, role, editions, actor, locale }: NewInvitation): Promise<InvitationResult> {
  const address = email.trim().toLowerCase();
  const scope = editions && editions !== 'all' ? [...new Set(editions)].sort((a, b) => a - b) : null;
  return writeTransaction(db, async (tx) => {
    if (await hasAccount(tx, address)) return { ok: false, code: 'ACCOUNT_EXISTS' } as const;
    if ((await unknownEditions(tx, scope)).length > 0) return { ok: false, code: 'EDITION_NOT_FOUND' } as const;
    const open = await tx
      .select({ id: authInvitations.id })
      .from(authInvitations)
      .where(
        and(
          eq(authInvitations.email, address),
          isNull(authInvitations.acceptedAt),
          isNull(authInvitations.revokedAt),
          gt(authInvitations.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (open.length > 0) return { ok: false, code: 'ALREADY_INVITED' } as const;
    const token = newToken();
    const now = new Date();
    const [row] = await tx
      .insert(authInvitations)
      .values({
        email: address,
        role,
        editions: scope ? JSON.stringify(scope) : null,
        tokenHash: hashToken(token),
        invitedBy: actor.id,
        invitedByLabel: actor.label,
        locale,
        createdAt: now,
        lastSentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      })
      .returning();
    await enqueueInvitationMail(tx, row!, token, locale);
    await audit(tx, actor, 'create', row!.id, scope ? ['email', 'role', 'editions'] : ['email', 'role']);
    return { ok: true, invitation: withStatus(row!) } as const;
  });
}

/**
 * Sends a new link (the old one stops working) and gives the invitation 7 more days, in the
 * invitation's own language (the invitee's, chosen when it was made), not the resender's page's;
 * `fallback` only for a row whose language is unknown.
 */
export function resendInvitation(db: Database, id: number, actor: Actor, fallback: Locale): Promise<InvitationResult> {
  return writeTransaction(db, async (tx) => {
    const [current] = await tx.select().from(authInvitations).where(eq(authInvitations.id, id)).limit(1);
    if (!current) return { ok: false, code: 'INVITATION_NOT_FOUND' } as const;
    const status = statusOf(current);
    if (status === 'accepted' || status === 'revoked') return { ok: false, code: 'INVITATION_CLOSED' } as const;
    if (await hasAccount(tx, current.email)) return { ok: false, code: 'ACCOUNT_EXISTS' } as const;
    const locale = isLocale(current.locale) ? current.locale : fallback;
    const token = newToken();
    const now = new Date();
    const [row] = await tx
      .update(authInvitations)
      .set({
        tokenHash: hashToken(token),
        locale,
        lastSentAt: now,
        sendCount: sql`${authInvitations.sendCount} + 1`,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      })
      .where(eq(authInvitations.id, id))
      .returning();
    await enqueueInvitationMail(tx, row!, token, locale);
    await audit(tx, actor, 'resend', id, ['expiresAt']);
    return { ok: true, invitation: withStatus(row!) } as const;
  });
}

/** Revokes a pending (or expired) invitation: its link stops working. */
export function revokeInvitation(db: Database, id: number, actor: Actor): Promise<InvitationResult> {
  return writeTransaction(db, async (tx) => {
    const [current] = await tx.select().from(authInvitations).where(eq(authInvitations.id, id)).limit(1);
    if (!current) return { ok: false, code: 'INVITATION_NOT_FOUND' } as const;
    const status = statusOf(current);
    if (status === 'accepted' || status === 'revoked') return { ok: false, code: 'INVITATION_CLOSED' } as const;
    const [row] = await tx.update(authInvitations).set({ revokedAt: new Date() }).where(eq(authInvitations.id, id)).returning();
    await audit(tx, actor, 'revoke', id, ['revokedAt']);
    return { ok: true, invitation: withStatus(row!) } as const;
  });
}
