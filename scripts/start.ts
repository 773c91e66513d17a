/**
 * `npm start`: validates the environment, builds when the build is missing or stale, applies
 * migrations, loads demo content into an empty embedded database, then serves the hub.
 */
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedDatabase } from '../db/seed/generate.ts';
import { EnvError, parseEnv } from '../src/server/config/env.ts';
import { buildSite, isBuildStale } from '../src/server/runtime/build-state.ts';
import { shareDatabase } from '../src/server/db.ts';
import { checkReadiness } from '../src/server/operations/health.ts';
import { startPublishingPurges } from '../src/server/hub-cache/node-purges.ts';
import { FrontCache, registerFrontCache } from '../src/server/runtime/front-cache.ts';
import { PurgePoller } from '../src/server/runtime/purge-poller.ts';
import { clerkOriginFromKey } from '../src/server/runtime/security-headers.ts';
import { siteUrlProblem } from '../src/server/seo/site.ts';
import { shutDownGracefully, startHttpServer } from '../src/server/runtime/http-server.ts';
import { startLeftoverSweeps } from '../src/server/uploads/leftovers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  fail(error instanceof EnvError ? error.message : String(error));
}
const siteProblem = siteUrlProblem(env, process.env.NODE_ENV);
if (siteProblem) fail(siteProblem);

if (isBuildStale(root)) {
  console.log('Building the site…');
  if (!buildSite(root)) fail('The build failed; see the output above.');
}

const db = await openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
await migrateDatabase(db);
if (env.HUB_DEMO) {
  const result = await seedDatabase(db, { uploadsDir: env.UPLOADS_DIR });
  if (result.inserted) console.log(`Loaded demo content in ${(result.ms / 1000).toFixed(1)} s.`);
}
shareDatabase(db);
const frontCache = env.HUB_FRONT_CACHE_MB > 0 ? new FrontCache(env.HUB_FRONT_CACHE_MB * 1024 * 1024) : undefined;
if (frontCache) registerFrontCache(frontCache);
// Other nodes' writes reach this node's caches through the cache_purges table (decision 010).
const purgePoller = env.HUB_PURGE_POLL_MS > 0 ? new PurgePoller({ db, intervalMs: env.HUB_PURGE_POLL_MS, own: startPublishingPurges() }) : undefined;
await purgePoller?.start();

const server = await startHttpServer({
  root,
  host: env.HOST,
  port: env.PORT,
  readiness: () => checkReadiness(db),
  frontCache,
  security: {
    https: env.PUBLIC_SITE_URL?.startsWith('https:') ?? false,
    clerkOrigin: env.AUTH_PROVIDER === 'clerk' ? clerkOriginFromKey(env.PUBLIC_CLERK_PUBLISHABLE_KEY) : undefined,
  },
});
const address = server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
// PORT=0 asks for any free port: name the one bound, which the default site origin is built on.
process.env.PORT = String(port);
// Staged uploads and storage writes a crash interrupted are removed once idle, at start and hourly.
startLeftoverSweeps(env.UPLOADS_DIR);
console.log(`Edition Hub is listening on http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${port}`);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: finishing in-flight requests…`);
    const cleanup = async () => {
      // In-flight writes have published their purges by now; a poll in progress finishes first.
      await purgePoller?.stop();
      db.$client.close();
    };
    void shutDownGracefully(server, { cleanup }).then(() => {
      console.log('Stopped.');
      process.exit(0);
    });
  });
}
