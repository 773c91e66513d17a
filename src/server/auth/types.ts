/** What the middleware puts on `locals` for the rest of the request, whichever adapter ran. */
import type { EditionScope } from './edition-scope.ts';
import type { Role } from './roles.ts';

export type AuthProvider = 'local' | 'clerk';

export interface AuthUser {
  /** Stable id from the adapter (better-auth user id, or Clerk `sub`). */
  id: string;
  /** Lowercased; `null` when a Clerk session token carries no `email` claim. */
  email: string | null;
  name: string | null;
  /** Effective role (granted or from the allow-lists); `null` = signed in but no admin access. */
  role: Role | null;
  /** The editions they may write (docs/decisions/059); `null` = every edition. */
  editions: EditionScope;
  provider: AuthProvider;
}

export interface AuthSession {
  id: string;
  expiresAt: Date | null;
}
