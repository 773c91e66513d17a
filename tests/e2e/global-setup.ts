/**
 * Builds (when stale) and starts one production server per e2e worker, each on a free port of
 * 127.0.0.1 with its own demo database; they are stopped in the returned teardown. Worker slot `i`
 * finds its server in E2E_BASE_URL_i, E2E_DATABASE_URL_i and E2E_SERVER_DIR_i (playwright.config.ts
 * copies them to E2E_BASE_URL… in the worker). A stand-in of DeepL on 127.0.0.1 answers their
 * translation suggestions (decision 056), stopped with the servers.
 */
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { buildSite, isBuildStale } from '../../src/server/runtime/build-state.ts';
import { useRunTempRoot } from '../helpers/db.ts';
import { startTestServer } from '../helpers/server.ts';
import { prepareSeededTemplate } from '../helpers/template.ts';
import { TranslationStandIn } from '../helpers/translation-stand-in.ts';

/** The e2e server's count cap of admin searches (HUB_ADMIN_LIST_COUNT_CAP). */
export const E2E_LIST_COUNT_CAP = 12;

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  if (isBuildStale(root)) {
    if (!buildSite(root)) throw new Error('astro build failed before the e2e tests');
  }
  const removeTempRoot = useRunTempRoot();
  await prepareSeededTemplate();
  const translation = await new TranslationStandIn().start();
  // Every spec signs up its own accounts from 127.0.0.1 on its worker's server; drafts scheduled with
  // "Publish changes at" are looked for every second, so a journey waits seconds past their time.
  // Admin searches count up to E2E_LIST_COUNT_CAP items, so a spec can pass the cap with a few events.
  const servers = await Promise.all(
    Array.from({ length: Math.max(1, config.workers) }, () =>
      startTestServer({
        HUB_SIGN_UP_LIMIT: '0',
        HUB_WEBHOOK_ALLOW_PRIVATE: '1',
        HUB_SCHEDULE_POLL_MS: '1000',
        HUB_ADMIN_LIST_COUNT_CAP: String(E2E_LIST_COUNT_CAP),
        DEEPL_API_KEY: 'e2e-stand-in:fx',
        DEEPL_API_URL: translation.origin,
      }),
    ),
  );
  servers.forEach((server, slot) => {
    process.env[`E2E_BASE_URL_${slot}`] = server.origin;
    process.env[`E2E_SERVER_DIR_${slot}`] = server.dir;
    process.env[`E2E_DATABASE_URL_${slot}`] = server.databaseUrl;
  });
  return async () => {
    await Promise.all([...servers.map((server) => server.stop()), translation.stop()]);
    removeTempRoot();
  };
}
