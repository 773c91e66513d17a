/**
 * Which adapter serves this process: picked at start-up from the environment, and checked
 * against what the build contains (Clerk's integration is a build-time choice, decision 002).
 * A mismatch refuses the admin instead of silently falling back: with Clerk keys set, an
 * operator expects Clerk, and a fallback to local accounts would let the first sign-up be admin.
 */
import { getEnv, type Env } from '../config/env.ts';

/** Replaced at build time by astro.config.mjs (`vite.define`); absent outside Astro builds. */
declare const __HUB_CLERK_BUILD__: boolean | undefined;

export type AuthMode = { kind: 'local' } | { kind: 'clerk' } | { kind: 'misconfigured'; reason: string };

/** True when the running build includes the Clerk integration. */
export function isClerkBuild(): boolean {
  return typeof __HUB_CLERK_BUILD__ === 'boolean' ? __HUB_CLERK_BUILD__ : false;
}

/** The active adapter for `env`, given whether the build includes Clerk. */
export function resolveAuthMode(env: Pick<Env, 'AUTH_PROVIDER'>, clerkBuild: boolean): AuthMode {
  if (env.AUTH_PROVIDER === 'clerk') {
    return clerkBuild
      ? { kind: 'clerk' }
      : {
          kind: 'misconfigured',
          reason: 'Clerk keys are set, but this build was made without them: build again with PUBLIC_CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY set.',
        };
  }
  return clerkBuild
    ? {
        kind: 'misconfigured',
        reason:
          'This build includes Clerk, but PUBLIC_CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY are not set: set them, or build again without them for local accounts.',
      }
    : { kind: 'local' };
}

let cached: AuthMode | undefined;

/** The active adapter of this process (decided once). */
export function getAuthMode(): AuthMode {
  cached ??= resolveAuthMode(getEnv(), isClerkBuild());
  return cached;
}
