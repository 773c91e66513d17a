/**
 * Builds (when stale) and starts one production server for the whole e2e run, on a free port of
 * 127.0.0.1 with its own demo database; it is stopped in the returned teardown.
 */
import { fileURLToPath } from 'node:url';
import { buildSite, isBuildStale } from '../../src/server/runtime/build-state.ts';
import { startTestServer } from '../helpers/server.ts';
import { prepareSeededTemplate } from '../helpers/template.ts';

/** The e2e server's count cap of admin searches (HUB_ADMIN_LIST_COUNT_CAP). */
export const E2E_LIST_COUNT_CAP = 12;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  if (isBuildStale(root)) {
    if (!buildSite(root)) throw new Error('astro build failed before the e2e tests');
  }
  await prepareSeededTemplate();
  // Every spec signs up its own accounts from 127.0.0.1 on this one server; drafts scheduled with
  // "Publish changes at" are looked for every second, so a journey waits seconds past their time.
  // Admin searches count up to E2E_LIST_COUNT_CAP items, so a spec can pass the cap with a few events.
  const server = await startTestServer({ HUB_SIGN_UP_LIMIT: '0', HUB_SCHEDULE_POLL_MS: '1000', HUB_ADMIN_LIST_COUNT_CAP: String(E2E_LIST_COUNT_CAP) });
  process.env.E2E_BASE_URL = server.origin;
  process.env.E2E_SERVER_DIR = server.dir;
  process.env.E2E_DATABASE_URL = server.databaseUrl;
  return () => server.stop();
}
