/** The team's local accounts as the team screen lists them (their last sign-in is recorded by auth/local/last-sign-in.ts). */
import { and, count, eq, gt, isNull, notInArray, or, sql } from 'drizzle-orm';
import { authSessions, authUsers } from '../../../db/auth-schema.ts';
import type { Executor } from '../../../db/client.ts';
import { readEditionScope, type EditionScope } from '../auth/edition-scope.ts';
import { resolveRole, type Role, type RoleAllowLists } from '../auth/roles.ts';

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  /** Role stored on the account. */
  grantedRole: Role | null;
  /** Role in effect (granted, or raised by the allow-lists). */
  role: Role | null;
  /** The editions the account may write; `null` = every edition. */
  editions: EditionScope;
  disabled: boolean;
  /** Signed up, holds no role and is not disabled: waits for an administrator. */
  pending: boolean;
  twoFactorEnabled: boolean;
  lastSignInAt: Date | null;
  /** Sessions that have not expired. */
  activeSessions: number;
  createdAt: Date;
}

/** Every account, sign-ups waiting for approval first (oldest first), then the others by name. */
export async function listTeam(db: Executor, lists: RoleAllowLists, now = new Date()): Promise<TeamMember[]> {
  // Counted apart: inside one select, drizzle writes `auth_users.id` unqualified, so a correlated
  // subquery on `auth_sessions` compared each session with its own id and always counted 0.
  const [users, sessions] = await Promise.all([
    db.select().from(authUsers),
    db.select({ userId: authSessions.userId, count: count() }).from(authSessions).where(gt(authSessions.expiresAt, now)).groupBy(authSessions.userId),
  ]);
  const activeSessionsOf = new Map(sessions.map((row) => [row.userId, row.count]));
  const rows = users.map((user) => ({ user, activeSessions: activeSessionsOf.get(user.id) ?? 0 }));
  const members = rows.map(({ user, activeSessions }): TeamMember => {
    const role = resolveRole(user.role, user.email, lists);
    const disabled = Boolean(user.banned);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      grantedRole: user.role ?? null,
      role,
      editions: readEditionScope(user.editions),
      disabled,
      pending: role === null && !disabled,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      lastSignInAt: user.lastSignInAt ?? null,
      activeSessions,
      createdAt: user.createdAt,
    };
  });
  return members.sort((a, b) =>
    a.pending !== b.pending
      ? a.pending
        ? -1
        : 1
      : a.pending
        ? a.createdAt.getTime() - b.createdAt.getTime()
        : a.name.localeCompare(b.name) || a.email.localeCompare(b.email),
  );
}

/**
 * How many sign-ups wait for an administrator (the team screen's "Waiting for approval"): local
 * accounts with no role of their own, not on an allow-list, not disabled. The navigation shows it.
 */
export async function countPendingSignUps(db: Executor, lists: RoleAllowLists): Promise<number> {
  const listed = [...lists.adminEmails, ...lists.editorEmails];
  const [row] = await db
    .select({ n: count() })
    .from(authUsers)
    .where(
      and(
        isNull(authUsers.role),
        or(isNull(authUsers.banned), eq(authUsers.banned, false)),
        listed.length > 0 ? notInArray(sql`lower(${authUsers.email})`, listed) : undefined,
      ),
    );
  return row?.n ?? 0;
}
