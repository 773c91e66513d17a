/**
 * Who the administrators are, as mail addresses: the operator's `HUB_ADMIN_EMAILS` and the local
 * accounts holding the admin role. A disabled account is told nothing (better-auth's admin plugin
 * sets `banned`). Used by the notices the administrators get (a contact message, a sign-up waiting).
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { authUsers } from '../../../db/auth-schema.ts';
import type { Executor } from '../../../db/client.ts';

/** The local administrators' addresses plus `adminEmails`, lowercased (duplicates possible). */
export async function listLocalAdminAddresses(tx: Executor, adminEmails: readonly string[]): Promise<string[]> {
  const granted = or(eq(authUsers.role, 'admin'), adminEmails.length > 0 ? inArray(authUsers.email, [...adminEmails]) : undefined);
  const rows = await tx
    .select({ email: authUsers.email })
    .from(authUsers)
    .where(and(granted, or(isNull(authUsers.banned), eq(authUsers.banned, false), sql`${authUsers.banExpires} < ${Date.now()}`)));
  return [...adminEmails, ...rows.map((row) => row.email)].map((address) => address.toLowerCase());
}
