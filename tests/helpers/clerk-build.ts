/** The build that includes Clerk (`dist-clerk`), shared by the Clerk integration and e2e tests. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuildStale } from '../../src/server/runtime/build-state.ts';
import { buildVariant } from './auth.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const CLERK_DIST = 'dist-clerk';
/** Publishable keys encode the Frontend API host; `pk_live_` avoids the dev-instance handshake. */
export const CLERK_FRONTEND_API = 'clerk.hub.test';
export const CLERK_PUBLISHABLE_KEY = `pk_live_${Buffer.from(`${CLERK_FRONTEND_API}$`).toString('base64')}`;
export const CLERK_SECRET_KEY = 'sk_live_edition_hub_test_secret';

function isClerkBuildFresh(): boolean {
  const chunks = join(root, CLERK_DIST, 'server', 'chunks');
  const hasClerk = existsSync(chunks) && readdirSync(chunks).some((file) => /^clerk-astro-runtime_/.test(file));
  return hasClerk && !isBuildStale(root, CLERK_DIST);
}

/**
 * Builds the Clerk variant unless a fresh one (containing Clerk) is already there, asked again
 * under the build lock: two Clerk files starting at once build it once, not under each other's server.
 */
export function ensureClerkBuild(): void {
  if (isClerkBuildFresh()) return;
  buildVariant(CLERK_DIST, { ...process.env, PUBLIC_CLERK_PUBLISHABLE_KEY: CLERK_PUBLISHABLE_KEY, CLERK_SECRET_KEY: CLERK_SECRET_KEY }, isClerkBuildFresh);
}
