/**
 * Role management for local accounts, shared by `/api/admin/users/**` and `npm run users`.
 * A change that would leave no administrator is refused.
 */
import { asc, eq } from 'drizzle-orm';
import { authUsers } from '../../../../db/auth-schema.ts';
import { writeTransaction, type Database, type Executor } from '../../../../db/client.ts';
import { resolveRole, type Role, type RoleAllowLists } from '../roles.ts';

export interface UserSummary {
  id: string;
  email: string;
  name: string;
  /** Role stored on the account. */
  grantedRole: Role | null;
  /** Role in effect (granted, or raised by the allow-lists). */
  role: Role | null;
  createdAt: Date;
}

export type RoleChange = { ok: true; user: UserSummary } | { ok: false; code: 'USER_NOT_FOUND' | 'LAST_ADMIN' };

export type UserRef = { id: string } | { email: string };

type UserRow = typeof authUsers.$inferSelect;

function summarise(row: UserRow, lists: RoleAllowLists): UserSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    grantedRole: row.role ?? null,
    role: resolveRole(row.role, row.email, lists, row.emailVerified),
    createdAt: row.createdAt,
  };
}

/** Every local account, oldest first. */
export async function listUsers(db: Executor, lists: RoleAllowLists): Promise<UserSummary[]> {
  const rows = await db.select().from(authUsers).orderBy(asc(authUsers.createdAt), asc(authUsers.email));
  return rows.map((row) => summarise(row, lists));
}

function whereRef(ref: UserRef) {
  return 'id' in ref ? eq(authUsers.id, ref.id) : eq(authUsers.email, ref.email.trim().toLowerCase());
}

/** Stores `role` (or none) on the account, unless that would leave no administrator. */
export function setGrantedRole(db: Database, ref: UserRef, role: Role | null, lists: RoleAllowLists): Promise<RoleChange> {
  return writeTransaction(db, async (tx) => {
    const [target] = await tx.select().from(authUsers).where(whereRef(ref)).limit(1);
    if (!target) return { ok: false, code: 'USER_NOT_FOUND' } as const;
    const everyone = await tx.select().from(authUsers);
    const isAdminAfter = (row: UserRow) => resolveRole(row.id === target.id ? role : row.role, row.email, lists, row.emailVerified) === 'admin';
    const hadAdmin = everyone.some((row) => resolveRole(row.role, row.email, lists, row.emailVerified) === 'admin');
    if (hadAdmin && !everyone.some(isAdminAfter)) return { ok: false, code: 'LAST_ADMIN' } as const;
    const [updated] = await tx.update(authUsers).set({ role, updatedAt: new Date() }).where(eq(authUsers.id, target.id)).returning();
    return { ok: true, user: summarise(updated!, lists) } as const;
  });
}
