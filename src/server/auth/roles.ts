/**
 * Roles and how a user gets one: granted on the account (local accounts: the `role` column;
 * Clerk: the `role` claim from public metadata) or through the e-mail allow-lists of the
 * environment. The higher of the two wins, so an allow-list can raise a role but never lower it.
 */
import { authRoles } from '../../../db/auth-schema.ts';

export const roles = authRoles;
export type Role = (typeof roles)[number];

/** Allow-lists from HUB_ADMIN_EMAILS / HUB_EDITOR_EMAILS (already lowercased by the env schema). */
export interface RoleAllowLists {
  adminEmails: readonly string[];
  editorEmails: readonly string[];
  /** HUB_VERIFY_EMAIL: an address not yet verified holds no role at all. */
  requireVerifiedEmail?: boolean | undefined;
}

const rank: Record<Role, number> = { contributor: 1, editor: 2, admin: 3 };

/** True when `role` ranks above `other` (no role ranks below every role). */
export function outranks(role: Role | null | undefined, other: Role | null | undefined): boolean {
  return (role ? rank[role] : 0) > (other ? rank[other] : 0);
}

/** Narrows an arbitrary value (a DB column, a token claim, a CLI argument) to a role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/** The role an e-mail address holds through the allow-lists, if any. */
export function roleFromAllowLists(email: string | null | undefined, lists: RoleAllowLists): Role | null {
  if (!email) return null;
  const normalised = email.trim().toLowerCase();
  if (lists.adminEmails.includes(normalised)) return 'admin';
  if (lists.editorEmails.includes(normalised)) return 'editor';
  return null;
}

/**
 * The effective role: the higher of the granted role and the allow-list role (`null` = none).
 * None at all for an unverified address when verification is required: otherwise whoever signs
 * up first, or with an allow-listed address they do not own, would hold its role.
 */
export function resolveRole(granted: unknown, email: string | null | undefined, lists: RoleAllowLists, emailVerified = true): Role | null {
  if (lists.requireVerifiedEmail && !emailVerified) return null;
  const candidates = [isRole(granted) ? granted : null, roleFromAllowLists(email, lists)];
  return candidates.reduce<Role | null>((best, role) => (role && (!best || rank[role] > rank[best]) ? role : best), null);
}

/** The allow-lists from the validated environment. */
export function allowListsFrom(env: {
  HUB_ADMIN_EMAILS: readonly string[];
  HUB_EDITOR_EMAILS: readonly string[];
  HUB_VERIFY_EMAIL?: boolean | undefined;
}): RoleAllowLists {
  return { adminEmails: env.HUB_ADMIN_EMAILS, editorEmails: env.HUB_EDITOR_EMAILS, requireVerifiedEmail: env.HUB_VERIFY_EMAIL ?? false };
}
