/**
 * The team directory: the colleagues that features naming or mailing people ask for (a note's
 * mentions, review requests, the inbox's notices to administrators), with what a mail and a
 * permission check need. One seam for both adapters, chosen by the auth mode: local accounts are
 * read from the accounts table; under Clerk the users come from Clerk's Backend API (read at most
 * once a minute, team/clerk.ts), so no feature asks the local table for a team that lives at Clerk
 * (docs/decisions/061, 064). Clerk unreachable is an answer here, not an exception: callers save
 * what they save and skip the mails.
 */
import { authUsers } from '../../../db/auth-schema.ts';
import type { Executor } from '../../../db/client.ts';
import { defaultLocale, isLocale, type Locale } from '../../i18n/config.ts';
import { readEditionScope, type EditionScope } from '../auth/edition-scope.ts';
import { getAuthMode } from '../auth/mode.ts';
import { hasPermission } from '../auth/permissions.ts';
import { allowListsFrom, resolveRole, type Role } from '../auth/roles.ts';
import { getEnv } from '../config/env.ts';
import { logLine } from '../log/log-line.ts';
import type { ClerkMember } from './clerk.ts';

/** Someone a feature may name or mail: their name as colleagues see it, address and language. */
export interface TeamRecipient {
  id: string;
  label: string;
  email: string;
  locale: Locale;
}

/** A team member, with whether they may open the admin's items, and their role and editions. */
export interface TeamMember extends TeamRecipient {
  canRead: boolean;
  role: Role | null;
  editions: EditionScope;
}

/** The team, or `unavailable` when it could not be read (Clerk unreachable). */
export type TeamDirectory = { ok: true; members: TeamMember[] } | { ok: false; code: 'TEAM_UNAVAILABLE' };

/** The name an account shows to colleagues: its name, else its address. */
export const accountLabel = (account: { name: string | null; email: string }) => account.name?.trim() || account.email;

/** The site's language for a BCP-47 tag ("fr-CH" → fr); the site's default when unknown. */
export function localeFromTag(tag: string | null | undefined): Locale {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : defaultLocale;
}

/**
 * A Clerk user as a team member, or null without a verified primary address: anyone can type
 * someone else's address into a profile, so an unverified one is never mailed (nor offered).
 */
export function memberFromClerk(member: ClerkMember): TeamMember | null {
  if (!member.email || !member.emailVerified) return null;
  const role = member.disabled ? null : member.role;
  return {
    id: member.id,
    label: member.name.trim() || member.email,
    email: member.email,
    locale: localeFromTag(member.locale),
    canRead: hasPermission(role, 'content.read'),
    role,
    editions: member.editions,
  };
}

async function listLocalMembers(db: Executor): Promise<TeamMember[]> {
  const lists = allowListsFrom(getEnv());
  const rows = await db.select().from(authUsers);
  return rows.map((row) => {
    const resolved = resolveRole(row.role, row.email, lists, row.emailVerified);
    const disabled = Boolean(row.banned) && !(row.banExpires && row.banExpires.getTime() < Date.now());
    const role = disabled ? null : resolved;
    return {
      id: row.id,
      label: accountLabel(row),
      email: row.email,
      locale: isLocale(row.locale) ? row.locale : defaultLocale,
      canRead: hasPermission(role, 'content.read'),
      role,
      editions: readEditionScope(row.editions),
    };
  });
}

async function listClerkMembers(): Promise<TeamDirectory> {
  const env = getEnv();
  const { listClerkTeamBriefly } = await import('./clerk.ts');
  const listed = await listClerkTeamBriefly({ secretKey: env.CLERK_SECRET_KEY ?? '', apiUrl: env.CLERK_API_URL }, allowListsFrom(env));
  if (!listed.ok) return { ok: false, code: 'TEAM_UNAVAILABLE' };
  return { ok: true, members: listed.members.flatMap((member) => memberFromClerk(member) ?? []) };
}

/** Every team member of the active adapter, by name (a misconfigured adapter serves no admin: nobody). */
export async function readTeamDirectory(db: Executor): Promise<TeamDirectory> {
  const mode = getAuthMode().kind;
  const read = mode === 'local' ? { ok: true as const, members: await listLocalMembers(db) } : mode === 'clerk' ? await listClerkMembers() : null;
  if (!read) return { ok: true, members: [] };
  if (read.ok) read.members.sort((a, b) => a.label.localeCompare(b.label));
  return read;
}

/**
 * The team for the mails of `purpose`; nobody when it cannot be read, which is logged: the step
 * that mails still happens, only its mails are skipped.
 */
export async function readTeamForMail(db: Executor, purpose: string): Promise<TeamMember[]> {
  const directory = await readTeamDirectory(db);
  if (directory.ok) return directory.members;
  logLine('warn', 'team directory unavailable: mails skipped', { purpose });
  return [];
}
