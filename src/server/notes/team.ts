/**
 * Who a note may mention: the local accounts that can open the admin's items (an effective role,
 * not disabled), by the name colleagues see. Under Clerk the accounts live at Clerk and the list
 * is empty (docs/decisions/061).
 */
import { authUsers } from '../../../db/auth-schema.ts';
import type { Executor } from '../../../db/client.ts';
import { defaultLocale, isLocale, type Locale } from '../../i18n/config.ts';
import type { MentionTarget } from '../../lib/notes/mentions.ts';
import { allowListsFrom, resolveRole } from '../auth/roles.ts';
import { getAuthMode } from '../auth/mode.ts';
import { getEnv } from '../config/env.ts';
import { hasPermission } from '../auth/permissions.ts';
import { readEditionScope, type EditionScope } from '../auth/edition-scope.ts';
import type { Role } from '../auth/roles.ts';

/** A colleague a note can name, with what their mail needs. */
export interface Mentionable extends MentionTarget {
  email: string;
  locale: Locale;
}

/** An account as `listAccounts` reads it: whether it may open items, and its role and editions (docs/decisions/064 mails publishers). */
export interface TeamAccount extends Mentionable {
  canRead: boolean;
  role: Role | null;
  editions: EditionScope;
}

/** The name an account shows to colleagues: its name, else its address. */
export const accountLabel = (account: { name: string | null; email: string }) => account.name?.trim() || account.email;

/** Every account, with whether it may read the admin's items (disabled or role-less accounts may not). */
export async function listAccounts(db: Executor): Promise<TeamAccount[]> {
  if (getAuthMode().kind !== 'local') return [];
  const lists = allowListsFrom(getEnv());
  const rows = await db.select().from(authUsers);
  return rows
    .map((row) => {
      const role = resolveRole(row.role, row.email, lists, row.emailVerified);
      const disabled = Boolean(row.banned) && !(row.banExpires && row.banExpires.getTime() < Date.now());
      return {
        id: row.id,
        label: accountLabel(row),
        email: row.email,
        locale: isLocale(row.locale) ? row.locale : defaultLocale,
        canRead: !disabled && hasPermission(role, 'content.read'),
        role: disabled ? null : role,
        editions: readEditionScope(row.editions),
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The team members a note may mention, by name. */
export async function listMentionable(db: Executor): Promise<MentionTarget[]> {
  return (await listAccounts(db)).filter((account) => account.canRead).map(({ id, label }) => ({ id, label }));
}
