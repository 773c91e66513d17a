/** Who is signed in with a local account, from the session cookie (one indexed lookup). */
import type { APIContext } from 'astro';
import { getEnv } from '../../config/env.ts';
import { allowListsFrom, resolveRole } from '../roles.ts';
import { readEditionScope } from '../edition-scope.ts';
import type { AuthSession, AuthUser } from '../types.ts';
import { getLocalAuth, isSecureRequest } from './instance.ts';

export interface LocalAuthentication {
  user: AuthUser | null;
  session: AuthSession | null;
  /** Cookies better-auth wants set (a refreshed expiry, or clearing a dead session). */
  setCookies: string[];
}

/** Reads the session of the request, if any, and resolves the user's effective role. */
export async function authenticateLocal(context: Pick<APIContext, 'request' | 'url'>): Promise<LocalAuthentication> {
  const env = getEnv();
  const auth = await getLocalAuth(isSecureRequest(context.url, env));
  const { headers, response } = await auth.api.getSession({ headers: context.request.headers, returnHeaders: true });
  const setCookies = headers?.getSetCookie() ?? [];
  // A disabled account's sessions are deleted when it is disabled; this also refuses one that
  // was being created at that very moment.
  if (!response || response.user.banned) return { user: null, session: null, setCookies };
  const lists = allowListsFrom(env);
  return {
    user: {
      id: response.user.id,
      email: response.user.email.toLowerCase(),
      name: response.user.name || null,
      role: resolveRole(response.user.role, response.user.email, lists, response.user.emailVerified),
      editions: readEditionScope(response.user.editions),
      provider: 'local',
    },
    session: { id: response.session.id, expiresAt: response.session.expiresAt },
    setCookies,
  };
}
