/**
 * Stand-in for `clerk-astro-runtime.ts` in builds without the Clerk keys (swapped in by
 * `build.mjs`): the same names, no Clerk code. The middleware refuses the admin when the
 * runtime has Clerk keys but the build does not include Clerk.
 */
import type { MiddlewareHandler } from 'astro';

export const clerkIncluded = false;
export const SignIn = null;
export const SignUp = null;
export const SignOutButton = null;
export const ClerkLocalization = null;

export function createClerkMiddleware(): MiddlewareHandler {
  throw new Error('This build does not include Clerk: rebuild with PUBLIC_CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY set.');
}
