/**
 * Who a Clerk session token says is signed in. The role comes from the token, so no request
 * needs Clerk's API: in the Clerk dashboard (Sessions → Customize session token) add
 *   { "role": "{{user.public_metadata.role}}", "email": "{{user.primary_email_address}}",
 *     "email_verified": "{{user.email_verified}}", "name": "{{user.full_name}}" }
 * and give staff `{ "role": "admin" }`, `{ "role": "editor" }` or `{ "role": "contributor" }` as public
 * metadata, with `"editions": [<edition id>, …]` to limit them to some editions (add
 * `"editions": "{{user.public_metadata.editions}}"` to the template). A token that
 * embeds the whole metadata (`"metadata": "{{user.public_metadata}}"`) works too.
 * The e-mail allow-lists (HUB_ADMIN_EMAILS / HUB_EDITOR_EMAILS) count only an address whose
 * `email_verified` claim is true: anyone can type someone else's address into a profile.
 */
import { readEditionScope } from '../edition-scope.ts';
import { resolveRole, type RoleAllowLists } from '../roles.ts';
import type { AuthSession, AuthUser } from '../types.ts';

/** The part of Clerk's auth object we read (`context.locals.auth()` / the middleware handler). */
export interface ClerkAuthLike {
  userId: string | null;
  sessionId?: string | null;
  sessionClaims?: Record<string, unknown> | null;
}

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function nested(claims: Record<string, unknown>, key: string, field: string): unknown {
  const value = claims[key];
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
}

/** The role claim, wherever the session-token template put it. */
export function roleClaim(claims: Record<string, unknown>): unknown {
  return claims.role ?? nested(claims, 'metadata', 'role') ?? nested(claims, 'public_metadata', 'role') ?? nested(claims, 'publicMetadata', 'role');
}

/** The editions claim (an array of edition ids), wherever the template put it; absent = every edition. */
export function editionsClaim(claims: Record<string, unknown>): unknown {
  return (
    claims.editions ?? nested(claims, 'metadata', 'editions') ?? nested(claims, 'public_metadata', 'editions') ?? nested(claims, 'publicMetadata', 'editions')
  );
}

/** True when the token vouches that its `email` belongs to the user (Clerk's shortcode may render as a string). */
export function emailVerifiedClaim(claims: Record<string, unknown>): boolean {
  return claims.email_verified === true || claims.email_verified === 'true';
}

/** The signed-in user of a verified Clerk session, or `null` when signed out. */
export function userFromClerkAuth(auth: ClerkAuthLike, lists: RoleAllowLists): { user: AuthUser; session: AuthSession } | null {
  if (!auth.userId) return null;
  const claims = auth.sessionClaims ?? {};
  const email = stringClaim(claims.email)?.toLowerCase() ?? null;
  return {
    user: {
      id: auth.userId,
      email,
      name: stringClaim(claims.name),
      // An unverified address is shown but never matched against the allow-lists.
      role: resolveRole(roleClaim(claims), emailVerifiedClaim(claims) ? email : null, lists),
      editions: readEditionScope(editionsClaim(claims)),
      provider: 'clerk',
    },
    // Clerk session tokens live a minute and are refreshed by clerk-js; the session's own end is Clerk's.
    session: { id: auth.sessionId ?? auth.userId, expiresAt: null },
  };
}
