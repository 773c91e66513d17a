/**
 * Role management for local accounts, shared by `/api/admin/users/**`, the team screen and
 * `npm run users`. A change that would leave no administrator is refused, and every change is
 * written to the audit log in the same transaction.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { authUsers } from '../../../db/auth-schema.ts';
import { editions } from '../../../db/schema.ts';
import { readEditionScope, type EditionScope } from '../auth/edition-scope.ts';
import { writeTransaction, type Database, type Executor, type Transaction } from '../../../db/client.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit, roleChangeAction, type AuditAction } from '../audit/record.ts';
import { resolveRole, type Role, type RoleAllowLists } from '../auth/roles.ts';

export interface UserSummary {
  id: string;
  email: string;
  name: string;
  /** Role stored on the account. */
  grantedRole: Role | null;
  /** Role in effect (granted, or raised by the allow-lists). */
  role: Role | null;
  /** The editions the account may write; `null` = every edition. */
  editions: EditionScope;
  createdAt: Date;
}

export type RoleChange = { ok: true; user: UserSummary } | { ok: false; code: 'USER_NOT_FOUND' | 'LAST_ADMIN' | 'EDITION_NOT_FOUND' };

export type UserRef = { id: string } | { email: string };

export type UserRow = typeof authUsers.$inferSelect;

/** Who changes roles from the command line (`npm run users`), as the audit log names them. */
export const commandLineActor: Actor = { id: 'command-line', label: 'npm run users', can: () => true };

function summarise(row: UserRow, lists: RoleAllowLists): UserSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    grantedRole: row.role ?? null,
    role: resolveRole(row.role, row.email, lists, row.emailVerified),
    editions: readEditionScope(row.editions),
    createdAt: row.createdAt,
  };
}

/** How an account reads in the audit log. */
export function accountTitle(row: Pick<UserRow, 'name' | 'email'>): string {
  return row.name ? `${row.name} <${row.email}>` : row.email;
}

/** Every local account, oldest first. */
export async function listUsers(db: Executor, lists: RoleAllowLists): Promise<UserSummary[]> {
  const rows = await db.select().from(authUsers).orderBy(asc(authUsers.createdAt), asc(authUsers.email));
  return rows.map((row) => summarise(row, lists));
}

function whereRef(ref: UserRef) {
  return 'id' in ref ? eq(authUsers.id, ref.id) : eq(authUsers.email, ref.email.trim().toLowerCase());
}

/** The account `ref` points at, inside a transaction. */
export async function findAccount(tx: Executor, ref: UserRef): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(authUsers).where(whereRef(ref)).limit(1);
  return row;
}

/**
 * True when changing `target` to `patch` would leave no working administrator (an admin role,
 * granted or from the allow-list, on an account that is not disabled) where there was one.
 */
export async function leavesNoAdmin(tx: Executor, target: UserRow, patch: { role?: Role | null; banned?: boolean }, lists: RoleAllowLists): Promise<boolean> {
  const everyone = await tx.select().from(authUsers);
  const isAdmin = (row: UserRow) => !row.banned && resolveRole(row.role, row.email, lists, row.emailVerified) === 'admin';
  const after = (row: UserRow): UserRow => (row.id === target.id ? { ...row, ...patch } : row);
  return everyone.some(isAdmin) && !everyone.some((row) => isAdmin(after(row)));
}

/** Stores `role` on `target` and audits it (inside `tx`); `action` names what the admin did. */
export async function writeRole(tx: Transaction, actor: Actor, target: UserRow, role: Role | null, action: AuditAction): Promise<UserRow> {
  const [updated] = await tx.update(authUsers).set({ role, updatedAt: new Date() }).where(eq(authUsers.id, target.id)).returning();
  await recordAudit(tx, actor, [
    {
      action,
      entity: 'user',
      entityId: target.id,
      changedFields: ['role'],
      title: accountTitle(target),
      changes: [{ kind: 'value', field: 'role', from: target.role ?? null, to: role }],
    },
  ]);
  return updated!;
}

/** The editions of a scope as the audit log shows them (their slugs), `null` = every edition. */
async function describeScope(tx: Executor, scope: EditionScope): Promise<string | null> {
  if (!scope) return null;
  const rows = await tx
    .select({ id: editions.id, slug: editions.slug })
    .from(editions)
    .where(inArray(editions.id, [...scope]));
  const slugOf = new Map(rows.map((row) => [row.id, row.slug]));
  return scope.map((id) => slugOf.get(id) ?? `#${id}`).join(', ');
}

/** The ids of `scope` that name no edition (an administrator must pick existing ones). */
export async function unknownEditions(tx: Executor, scope: EditionScope): Promise<number[]> {
  if (!scope) return [];
  const rows = await tx
    .select({ id: editions.id })
    .from(editions)
    .where(inArray(editions.id, [...scope]));
  const known = new Set(rows.map((row) => row.id));
  return scope.filter((id) => !known.has(id));
}

/** True when two scopes allow the same editions. */
export function sameScope(a: EditionScope, b: EditionScope): boolean {
  if (!a || !b) return a === b;
  return a.length === b.length && a.every((id) => b.includes(id));
}

/** Stores the edition scope on `target` and audits it (inside `tx`); `null` = every edition. */
export async function writeEditions(tx: Transaction, actor: Actor, target: UserRow, scope: EditionScope): Promise<UserRow> {
  const stored = scope ? JSON.stringify([...scope].sort((a, b) => a - b)) : null;
  const [updated] = await tx.update(authUsers).set({ editions: stored, updatedAt: new Date() }).where(eq(authUsers.id, target.id)).returning();
  await recordAudit(tx, actor, [
    {
      action: 'change-editions',
      entity: 'user',
      entityId: target.id,
      changedFields: ['editions'],
      title: accountTitle(target),
      changes: [{ kind: 'value', field: 'editions', from: await describeScope(tx, readEditionScope(target.editions)), to: await describeScope(tx, scope) }],
    },
  ]);
  return updated!;
}

/** Stores `role` (or none) on the account, unless that would leave no administrator. */
export function setGrantedRole(
  db: Database,
  ref: UserRef,
  role: Role | null,
  lists: RoleAllowLists,
  actor: Actor = commandLineActor,
  /** The editions to limit the account to (`null` = every edition); undefined leaves them as they are. */
  scope?: EditionScope,
): Promise<RoleChange> {
  return writeTransaction(db, async (tx) => {
    let target = await findAccount(tx, ref);
    if (!target) return { ok: false, code: 'USER_NOT_FOUND' } as const;
    if (scope !== undefined && (await unknownEditions(tx, scope)).length > 0) return { ok: false, code: 'EDITION_NOT_FOUND' } as const;
    if ((target.role ?? null) !== role) {
      if (await leavesNoAdmin(tx, target, { role }, lists)) return { ok: false, code: 'LAST_ADMIN' } as const;
      target = await writeRole(tx, actor, target, role, roleChangeAction(target.role, role));
    }
    if (scope !== undefined && !sameScope(readEditionScope(target.editions), scope)) target = await writeEditions(tx, actor, target, scope);
    return { ok: true, user: summarise(target, lists) } as const;
  });
}
