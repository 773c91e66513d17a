/**
 * Everything of `@clerk/astro` the product loads at run time, in one module that is imported
 * lazily and only when Clerk is the active adapter. Builds without the Clerk keys replace this
 * module with `clerk-astro-runtime.disabled.ts` (see `build.mjs`), so they contain no Clerk code.
 */
import type { APIContext, MiddlewareHandler, MiddlewareNext } from 'astro';
import { clerkMiddleware } from '@clerk/astro/server';
import type { ClerkAuthLike } from './claims.ts';

export { SignIn, SignOutButton, SignUp } from '@clerk/astro/components';
export { default as ClerkLocalization } from '../../../components/admin/auth/ClerkLocalization.astro';

/** True in builds that include the Clerk integration. */
export const clerkIncluded = true;

export interface ClerkMiddlewareOptions {
  /** PEM public key: session tokens are verified locally, without fetching Clerk's JWKS. */
  jwtKey: string | undefined;
  /** Origins allowed in the token's `azp` claim (PUBLIC_SITE_URL), when known. */
  authorizedParties: string[] | undefined;
}

export type ContinueWithAuth = (auth: ClerkAuthLike, context: APIContext, next: MiddlewareNext) => Promise<Response>;

/** Clerk's middleware, handing the verified auth object to `onAuth`. */
export function createClerkMiddleware(options: ClerkMiddlewareOptions, onAuth: ContinueWithAuth): MiddlewareHandler {
  return clerkMiddleware((auth, context, next) => onAuth(auth() as ClerkAuthLike, context as APIContext, next as MiddlewareNext), {
    ...(options.jwtKey ? { jwtKey: options.jwtKey } : {}),
    ...(options.authorizedParties ? { authorizedParties: options.authorizedParties } : {}),
  }) as MiddlewareHandler;
}
