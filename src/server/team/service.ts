/**
 * What an administrator does to an account on the team screen. Each action is one write
 * transaction with its audit entry; none may leave the team without a working administrator.
 * Disabling sets better-auth's `banned` column (its admin plugin then refuses new sessions) and
 * deletes the account's sessions in the same transaction, so it is signed out at once.
 */
import { eq } from 'drizzle-orm';
import { authAccounts, authSessions, authTwoFactors, authUsers } from '../../../db/auth-schema.ts';
import { writeTransaction, type Database, type Transaction } from '../../../db/client.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit, roleChangeAction, type AuditChange } from '../audit/record.ts';
import { defaultLocale } from '../../i18n/config.ts';
import { accountLocale, enqueueTwoFactorChangedMail } from '../auth/local/account-mail.ts';
import { revokeDeviceTrust } from '../auth/local/device-trust.ts';
import { accountTitle, findAccount, leavesNoAdmin, sameScope, unknownEditions, writeEditions, writeRole, type UserRow } from './users.ts';
import { readEditionScope, type EditionScope } from '../auth/edition-scope.ts';
import { resolveRole, type Role, type RoleAllowLists } from '../auth/roles.ts';

export const teamActionNames = ['approve', 'refuse', 'role', 'disable', 'enable', 'end-sessions', 'disable-two-factor'] as const;
export type TeamActionName = (typeof teamActionNames)[number];

/** Stable codes the screen and the API translate (`admin.team.error.<code>`). */
export type TeamErrorCode =
  'USER_NOT_FOUND' | 'LAST_ADMIN' | 'NOT_PENDING' | 'SELF' | 'SELF_TWO_FACTOR' | 'ROLE_REQUIRED' | 'EDITIONS_REQUIRED' | 'EDITION_NOT_FOUND';

export type TeamCommand =
  | { action: 'approve'; role: Role }
  | { action: 'refuse' }
  /** `editions`: the scope to set (`null` = every edition); absent leaves it as it is. */
  | { action: 'role'; role: Role | null; editions?: EditionScope }
  | { action: 'disable' }
  | { action: 'enable' }
  | { action: 'end-sessions' }
  | { action: 'disable-two-factor' };

export type TeamOutcome = { ok: true; action: TeamActionName; changed: boolean } | { ok: false; code: TeamErrorCode };

const refused = (code: TeamErrorCode): TeamOutcome => ({ ok: false, code });

/** Ends the account's sessions and forgets every device it trusted (device-trust.ts). */
async function endSessions(tx: Transaction, userId: string): Promise<number> {
  await revokeDeviceTrust(tx, userId);
  const ended = await tx.delete(authSessions).where(eq(authSessions.userId, userId)).returning({ id: authSessions.id });
  return ended.length;
}

async function audit(
  tx: Transaction,
  actor: Actor,
  target: UserRow,
  action: 'refuse' | 'disable' | 'enable' | 'end-sessions' | 'disable-two-factor',
  changes: AuditChange[],
) {
  await recordAudit(tx, actor, [
    {
      action,
      entity: 'user',
      entityId: target.id,
      title: accountTitle(target),
      changedFields: changes.flatMap((c) => ('field' in c ? [c.field] : [])),
      changes,
    },
  ]);
}

function isPending(target: UserRow, lists: RoleAllowLists): boolean {
  return !target.banned && resolveRole(target.role, target.email, lists) === null;
}

async function apply(tx: Transaction, actor: Actor, target: UserRow, command: TeamCommand, lists: RoleAllowLists): Promise<TeamOutcome> {
  const done = (changed = true): TeamOutcome => ({ ok: true, action: command.action, changed });
  switch (command.action) {
    case 'approve':
      if (!isPending(target, lists)) return refused('NOT_PENDING');
      await writeRole(tx, actor, target, command.role, 'approve');
      return done();
    case 'refuse': {
      if (!isPending(target, lists)) return refused('NOT_PENDING');
      const sessions = await endSessions(tx, target.id);
      await audit(tx, actor, target, 'refuse', sessions ? [{ kind: 'value', field: 'sessions', from: null, to: sessions }] : []);
      // Its credentials and second factor go with it, whether or not the connection enforces foreign keys.
      await tx.delete(authAccounts).where(eq(authAccounts.userId, target.id));
      await tx.delete(authTwoFactors).where(eq(authTwoFactors.userId, target.id));
      await tx.delete(authUsers).where(eq(authUsers.id, target.id));
      return done();
    }
    case 'role': {
      const { editions } = command;
      const roleChanged = (target.role ?? null) !== command.role;
      const scopeChanged = editions !== undefined && !sameScope(readEditionScope(target.editions), editions);
      if (!roleChanged && !scopeChanged) return done(false);
      if (scopeChanged && (await unknownEditions(tx, editions)).length > 0) return refused('EDITION_NOT_FOUND');
      if (roleChanged) {
        if (await leavesNoAdmin(tx, target, { role: command.role }, lists)) return refused('LAST_ADMIN');
        await writeRole(tx, actor, target, command.role, roleChangeAction(target.role, command.role));
      }
      if (scopeChanged) await writeEditions(tx, actor, target, editions);
      return done();
    }
    case 'disable': {
      if (target.id === actor.id) return refused('SELF');
      if (target.banned) return done(false);
      if (await leavesNoAdmin(tx, target, { banned: true }, lists)) return refused('LAST_ADMIN');
      await tx.update(authUsers).set({ banned: true, banReason: null, banExpires: null, updatedAt: new Date() }).where(eq(authUsers.id, target.id));
      const sessions = await endSessions(tx, target.id);
      await audit(tx, actor, target, 'disable', [
        { kind: 'value', field: 'disabled', from: false, to: true },
        ...(sessions ? [{ kind: 'value', field: 'sessions', from: null, to: sessions } as const] : []),
      ]);
      return done();
    }
    case 'enable':
      if (!target.banned) return done(false);
      await tx.update(authUsers).set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() }).where(eq(authUsers.id, target.id));
      await audit(tx, actor, target, 'enable', [{ kind: 'value', field: 'disabled', from: true, to: false }]);
      return done();
    case 'end-sessions': {
      const sessions = await endSessions(tx, target.id);
      await audit(tx, actor, target, 'end-sessions', [{ kind: 'value', field: 'sessions', from: null, to: sessions }]);
      return done(sessions > 0);
    }
    case 'disable-two-factor': {
      // For a lost phone and lost recovery codes. One's own second factor is turned off on the
      // account page, with the password: the refusal says so, not "your own account".
      if (target.id === actor.id) return refused('SELF_TWO_FACTOR');
      if (!target.twoFactorEnabled) return done(false);
      // The same writes as better-auth's own "disable": the flag, then the secret and recovery codes.
      await tx.update(authUsers).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(authUsers.id, target.id));
      await tx.delete(authTwoFactors).where(eq(authTwoFactors.userId, target.id));
      await revokeDeviceTrust(tx, target.id);
      await audit(tx, actor, target, 'disable-two-factor', [{ kind: 'value', field: 'twoFactor', from: true, to: false }]);
      const locale = await accountLocale(tx, target.id, defaultLocale);
      await enqueueTwoFactorChangedMail(tx, target, { enabled: false, by: 'admin', at: new Date() }, locale);
      return done();
    }
  }
}

/** Runs one team action on account `userId` as `actor`. */
export function runTeamCommand(db: Database, actor: Actor, userId: string, command: TeamCommand, lists: RoleAllowLists): Promise<TeamOutcome> {
  return writeTransaction(db, async (tx) => {
    const target = await findAccount(tx, { id: userId });
    if (!target) return refused('USER_NOT_FOUND');
    return apply(tx, actor, target, command, lists);
  });
}
