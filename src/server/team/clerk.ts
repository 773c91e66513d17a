/**
 * The team screen under Clerk: accounts, invitations, resets and second factors are Clerk's, the
 * role is ours. It lives in each user's public metadata (`{ "role": "admin" }`), which the
 * session-token template copies into the `role` claim (clerk/claims.ts); this module lists the
 * users and changes that metadata through Clerk's Backend API. A change reaches the user's next
 * session token (they live a minute). Decision 020.
 */
import { createClerkClient, type User } from '@clerk/backend';
import { writeTransaction, type Database } from '../../../db/client.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit, roleChangeAction } from '../audit/record.ts';
import { editionsClaim, roleClaim } from '../auth/clerk/claims.ts';
import { readEditionScope, type EditionScope } from '../auth/edition-scope.ts';
import { isRole, resolveRole, type Role, type RoleAllowLists } from '../auth/roles.ts';

export interface ClerkSettings {
  secretKey: string;
  /** CLERK_API_URL; Clerk's own when undefined. */
  apiUrl?: string | undefined;
}

export interface ClerkMember {
  id: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
  /** The role in the user's public metadata. */
  grantedRole: Role | null;
  /** In effect: granted, or raised by the allow-lists (verified address only). */
  role: Role | null;
  twoFactorEnabled: boolean;
  lastSignInAt: Date | null;
  disabled: boolean;
  /** The editions in the public metadata (`"editions": [id, …]`), as a session token carries them; null = every edition. */
  editions: EditionScope;
  /** Clerk's BCP-47 locale of the user, when known. */
  locale: string | null;
}

export type ClerkTeamError = 'USER_NOT_FOUND' | 'LAST_ADMIN' | 'CLERK_UNAVAILABLE';

/** Users asked for per page, and the pages read at most (a programme team, not a customer base). */
const PAGE = 100;
const MAX_PAGES = 20;

function clientFor(settings: ClerkSettings) {
  return createClerkClient({ secretKey: settings.secretKey, ...(settings.apiUrl ? { apiUrl: settings.apiUrl } : {}) });
}

function toMember(user: User, lists: RoleAllowLists): ClerkMember {
  const primary = user.emailAddresses.find((address) => address.id === user.primaryEmailAddressId) ?? user.emailAddresses[0];
  const email = primary?.emailAddress.toLowerCase() ?? null;
  const emailVerified = primary?.verification?.status === 'verified';
  const metadata = { public_metadata: user.publicMetadata };
  const granted = roleClaim(metadata);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || '';
  return {
    id: user.id,
    name,
    email,
    emailVerified,
    grantedRole: isRole(granted) ? granted : null,
    // As for a session token: an unverified address never matches the allow-lists.
    role: resolveRole(granted, emailVerified ? email : null, lists),
    twoFactorEnabled: user.twoFactorEnabled,
    lastSignInAt: user.lastSignInAt ? new Date(user.lastSignInAt) : null,
    disabled: user.banned || user.locked,
    editions: readEditionScope(editionsClaim(metadata)),
    locale: user.locale ?? null,
  };
}

async function allUsers(settings: ClerkSettings): Promise<User[]> {
  const client = clientFor(settings);
  const users: User[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { data } = await client.users.getUserList({ limit: PAGE, offset: page * PAGE, orderBy: '-created_at' });
    users.push(...data);
    if (data.length < PAGE) break;
  }
  return users;
}

/** Clerk's users as the team screen shows them: staff first (admins, editors), then by name. */
export async function listClerkTeam(
  settings: ClerkSettings,
  lists: RoleAllowLists,
): Promise<{ ok: true; members: ClerkMember[] } | { ok: false; code: 'CLERK_UNAVAILABLE' }> {
  try {
    const members = (await allUsers(settings)).map((user) => toMember(user, lists));
    const rank = (member: ClerkMember) => (member.role === 'admin' ? 0 : member.role === 'editor' ? 1 : 2);
    members.sort((a, b) => rank(a) - rank(b) || (a.name || a.email || '').localeCompare(b.name || b.email || ''));
    return { ok: true, members };
  } catch (error) {
    console.error('[team] Clerk Backend API', error);
    return { ok: false, code: 'CLERK_UNAVAILABLE' };
  }
}

/** How long one reading of Clerk's users serves the features that read the team on every request. */
const BRIEF_TTL_MS = 60_000;
let brief: { key: string; at: number; listed: ReturnType<typeof listClerkTeam> } | undefined;

/**
 * `listClerkTeam` for what reads the team on every request (an edit screen's mention picker, a
 * review or note mail): one Backend API reading (up to 20 pages) serves a minute, and concurrent
 * callers share it. A failure is not kept, so the next call asks Clerk again.
 */
export function listClerkTeamBriefly(settings: ClerkSettings, lists: RoleAllowLists, now = Date.now()): ReturnType<typeof listClerkTeam> {
  const key = JSON.stringify([settings.apiUrl ?? '', lists]);
  if (brief && brief.key === key && now - brief.at < BRIEF_TTL_MS) return brief.listed;
  const entry = { key, at: now, listed: listClerkTeam(settings, lists) };
  brief = entry;
  void entry.listed.then((result) => {
    if (!result.ok && brief === entry) brief = undefined;
  });
  return entry.listed;
}

/** Drops the brief reading (a role changed here, so the next reader sees it at once). */
export function forgetClerkTeam(): void {
  brief = undefined;
}

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}

/**
 * Sets (or, with null, removes) the role in a Clerk user's public metadata, unless that leaves
 * no administrator among Clerk's users; audited here, as the team's local actions are.
 */
export async function setClerkRole(
  db: Database,
  settings: ClerkSettings,
  actor: Actor,
  userId: string,
  role: Role | null,
  lists: RoleAllowLists,
): Promise<{ ok: true; changed: boolean } | { ok: false; code: ClerkTeamError }> {
  let users: User[];
  try {
    users = await allUsers(settings);
  } catch (error) {
    console.error('[team] Clerk Backend API', error);
    return { ok: false, code: 'CLERK_UNAVAILABLE' };
  }
  const members = users.map((user) => toMember(user, lists));
  const target = members.find((member) => member.id === userId);
  if (!target) return { ok: false, code: 'USER_NOT_FOUND' };
  if (target.grantedRole === role) return { ok: true, changed: false };
  const isAdmin = (member: ClerkMember) => !member.disabled && member.role === 'admin';
  const after = (member: ClerkMember): ClerkMember =>
    member.id === userId ? { ...member, grantedRole: role, role: resolveRole(role, member.emailVerified ? member.email : null, lists) } : member;
  if (members.some(isAdmin) && !members.some((member) => isAdmin(after(member)))) return { ok: false, code: 'LAST_ADMIN' };
  try {
    // Deep merge: other metadata keys stay; `null` removes the role.
    await clientFor(settings).users.updateUserMetadata(userId, { publicMetadata: { role } });
  } catch (error) {
    if (statusOf(error) === 404) return { ok: false, code: 'USER_NOT_FOUND' };
    console.error('[team] Clerk Backend API', error);
    return { ok: false, code: 'CLERK_UNAVAILABLE' };
  }
  forgetClerkTeam();
  // Clerk holds the change now; the audit row follows (Clerk is not in our transaction).
  await writeTransaction(db, (tx) =>
    recordAudit(tx, actor, [
      {
        action: roleChangeAction(target.grantedRole, role),
        entity: 'user',
        entityId: userId,
        changedFields: ['role'],
        title: target.name && target.email ? `${target.name} <${target.email}>` : target.email || target.name || userId,
        changes: [{ kind: 'value', field: 'role', from: target.grantedRole, to: role }],
      },
    ]),
  );
  return { ok: true, changed: true };
}
