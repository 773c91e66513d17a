/**
 * `npm start`: validates the environment, builds when the build is missing or stale, applies
 * migrations, loads demo content into an empty embedded database, then serves the hub with
 * `HUB_WORKERS` worker processes (node:cluster; 1 = this process serves). The primary does the
 * one-time work, relays cache purges and counts rate limits for its workers, replaces a worker
 * that dies, and on SIGTERM/SIGINT lets every worker finish its requests (decision 012).
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { openDatabase, writeTransaction, type Database } from '../db/client.ts';
import { EnvError, parseEnv, type Env } from '../src/server/config/env.ts';
import { announcePurge, broadcastPurge, receivePurges, relayPurges } from '../src/server/page-cache/cluster.ts';
import { OwnPurges } from '../src/server/page-cache/own-purges.ts';
import { ProcessPageCache } from '../src/server/page-cache/process-cache.ts';
import { insertPurge } from '../src/server/page-cache/purge-log.ts';
import { PurgePoller } from '../src/server/page-cache/purge-poller.ts';
import type { PurgeOptions } from '../src/server/page-cache/request.ts';
import { hubTags } from '../src/server/page-cache/tags.ts';
import { serveSharedLimits } from '../src/server/rate-limit/shared.ts';
import { siteUrlProblem } from '../src/server/seo/site.ts';
import { startDailyOperations } from '../src/server/operations/daily.ts';
import { startLeftoverSweeps } from '../src/server/uploads/leftovers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function logLine(level: 'info' | 'warn', msg: string, fields: Record<string, unknown> = {}): void {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
}

let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  fail(error instanceof EnvError ? error.message : String(error));
}
const siteProblem = siteUrlProblem(env, process.env.NODE_ENV);
if (siteProblem) fail(siteProblem);

const openDb = () => openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });

/**
 * Once per machine, before any worker starts. Imported here, not above: a primary that only
 * supervises workers should not keep the seed generator or the build tooling in memory.
 */
async function prepare(): Promise<Database> {
  const { buildSite, isBuildStale } = await import('../src/server/runtime/build-state.ts');
  if (isBuildStale(root)) {
    console.log('Building the site…');
    if (!buildSite(root)) fail('The build failed; see the output above.');
  }
  const db = await openDb();
  const { migrateDatabase } = await import('../db/migrate.ts');
  await migrateDatabase(db);
  if (env.HUB_DEMO) {
    const { seedDatabase } = await import('../db/seed/generate.ts');
    const result = await seedDatabase(db, { uploadsDir: env.UPLOADS_DIR });
    if (result.inserted) console.log(`Loaded demo content in ${(result.ms / 1000).toFixed(1)} s.`);
    // The seed writes its images to disk; with a bucket, that is where every node must find them.
    if (result.inserted && env.S3_BUCKET) {
      const [{ moveLocalUploads }, { getStorage }] = await Promise.all([
        import('../src/server/storage/copy-uploads.ts'),
        import('../src/server/storage/index.ts'),
      ]);
      await moveLocalUploads(env.UPLOADS_DIR, getStorage());
    }
  }
  return db;
}

/** Other machines' writes reach this one through the cache_purges table (decision 010). */
function pollerFor(db: Database, own: OwnPurges, apply: (tags: readonly string[]) => void): PurgePoller | undefined {
  if (env.HUB_PURGE_POLL_MS === 0) return undefined;
  return new PurgePoller({
    db,
    intervalMs: env.HUB_PURGE_POLL_MS,
    own,
    applyTags: async (tags) => apply(tags),
    applyEverything: async () => apply([hubTags.all]),
  });
}

/**
 * Makes a purge of this machine reach the others: notes the row the write recorded as our own
 * (the poller skips it), or writes one when the write did not. Nothing when polling is off.
 */
function purgePublisher(db: Database, own: OwnPurges): (tags: readonly string[], options: PurgeOptions) => void {
  return (tags, { purgeId }) => {
    if (env.HUB_PURGE_POLL_MS === 0 || tags.length === 0) return;
    if (purgeId !== undefined) return own.mark(purgeId);
    // Through the write queue: a second writer would wait on SQLite's lock and block the event loop.
    writeTransaction(db, (tx) => insertPurge(tx, tags)).then(
      (id) => own.mark(id),
      (error: unknown) => logLine('warn', 'recording a cache purge for the other nodes failed', { error: String(error) }),
    );
  };
}

/** Serves HTTP in this process; resolves with a function that drains it. */
async function serve(db: Database, pageCache: ProcessPageCache, health: Record<string, unknown>): Promise<{ port: number; drain: () => Promise<void> }> {
  const [{ shareDatabase }, { checkReadiness }, { clerkOriginFromKey }, { shutDownGracefully, startHttpServer }] = await Promise.all([
    import('../src/server/db.ts'),
    import('../src/server/operations/health.ts'),
    import('../src/server/runtime/security-headers.ts'),
    import('../src/server/runtime/http-server.ts'),
  ]);
  shareDatabase(db);
  const server = await startHttpServer({
    root,
    host: env.HOST,
    port: env.PORT,
    readiness: () => checkReadiness(db),
    pageCache,
    health,
    security: {
      https: env.PUBLIC_SITE_URL?.startsWith('https:') ?? false,
      clerkOrigin: env.AUTH_PROVIDER === 'clerk' ? clerkOriginFromKey(env.PUBLIC_CLERK_PUBLISHABLE_KEY) : undefined,
      embedOrigins: env.HUB_EMBED_ORIGINS,
    },
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // PORT=0 asks for any free port: name the one bound, which the default site origin is built on.
  process.env.PORT = String(port);
  return { port, drain: () => shutDownGracefully(server) };
}

/**
 * Every serving process delivers the outbox: it wakes when its own requests enqueue mail, and
 * the lease on each row keeps processes and machines from sending one message twice (decision 017).
 */
async function startMailDelivery(db: Database) {
  const { startMailSender } = await import('../src/server/mail/start.ts');
  return startMailSender(db, env);
}

/** Every serving process publishes scheduled working copies too, each claimed once (decision 035). */
async function startScheduledChanges(db: Database, pageCache: ProcessPageCache) {
  const { startScheduledCopies } = await import('../src/server/operations/scheduled-copies.ts');
  return startScheduledCopies({ db, pollMs: env.HUB_SCHEDULE_POLL_MS, pageCache: pageCache.handleFor() });
}

/** Every serving process delivers webhook messages too, leased the same way (decision 028). */
async function startWebhookDelivery(db: Database) {
  const { startWebhookSender } = await import('../src/server/webhooks/start.ts');
  return startWebhookSender(db, env);
}

const listeningLine = (port: number, suffix = '') =>
  `Edition Hub is listening on http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${port}${suffix}`;

/** Runs `stop` once on the first SIGTERM or SIGINT, then exits. */
function onShutdownSignal(stop: (signal: string) => Promise<void>): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void stop(signal).then(() => process.exit(0));
    });
  }
}

async function runSingleProcess(): Promise<void> {
  const db = await prepare();
  const own = new OwnPurges();
  const pageCache = new ProcessPageCache({ maxBytes: env.HUB_FRONT_CACHE_MB * 1024 * 1024, fanOut: purgePublisher(db, own) });
  const poller = pollerFor(db, own, (tags) => pageCache.apply(tags));
  await poller?.start();
  const { port, drain } = await serve(db, pageCache, {});
  // Staged uploads and storage writes a crash interrupted are removed once idle, at start and hourly.
  startLeftoverSweeps(env.UPLOADS_DIR);
  // Contact messages handled 12 months ago and old webhook deliveries are deleted, at start and daily.
  const stopRetention = startDailyOperations(db, env);
  const mailSender = await startMailDelivery(db);
  const webhookSender = await startWebhookDelivery(db);
  const stopScheduled = await startScheduledChanges(db, pageCache);
  console.log(listeningLine(port));
  onShutdownSignal(async (signal) => {
    console.log(`${signal} received: finishing in-flight requests…`);
    stopRetention();
    await drain();
    // In-flight writes have published their purges by now; a poll in progress finishes first.
    await poller?.stop();
    await Promise.all([mailSender.stop(), webhookSender.stop(), stopScheduled()]);
    db.$client.close();
    console.log('Stopped.');
  });
}

async function runWorker(): Promise<void> {
  const db = await openDb();
  const pageCache = new ProcessPageCache({ maxBytes: env.HUB_FRONT_CACHE_MB * 1024 * 1024, fanOut: announcePurge });
  receivePurges(pageCache);
  const { drain } = await serve(db, pageCache, { worker: cluster.worker!.id });
  const mailSender = await startMailDelivery(db);
  const webhookSender = await startWebhookDelivery(db);
  const stopScheduled = await startScheduledChanges(db, pageCache);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void drain()
      .then(() => Promise.all([mailSender.stop(), webhookSender.stop(), stopScheduled()]))
      .then(() => {
        db.$client.close();
        process.exit(0);
      });
  };
  // The primary decides when to stop: a signal sent to the whole group must not stop us early.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', stop);
  // A primary that died cannot relay purges or count limits any more: finish and go.
  process.on('disconnect', stop);
}

/** A worker that dies this soon after starting is replaced after a pause, not in a tight loop. */
const EARLY_EXIT_MS = 5_000;

async function runPrimary(workers: number): Promise<void> {
  const db = await prepare();
  const own = new OwnPurges();
  serveSharedLimits();
  relayPurges(purgePublisher(db, own));
  const poller = pollerFor(db, own, (tags) => broadcastPurge(tags));
  await poller?.start();
  startLeftoverSweeps(env.UPLOADS_DIR);
  const stopRetention = startDailyOperations(db, env);

  let closing = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    console.log(`worker ${worker.id} started (pid ${worker.process.pid})`);
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (closing) return;
    logLine('warn', 'worker exited: starting a replacement', { worker: worker.id, pid: worker.process.pid, code, signal });
    setTimeout(fork, lived < EARLY_EXIT_MS ? 1_000 : 0);
  });

  const listening = new Promise<number>((resolve) => {
    let count = 0;
    const onListening = (_worker: Worker, address: { port: number }) => {
      if (++count < workers) return;
      cluster.off('listening', onListening);
      resolve(address.port);
    };
    cluster.on('listening', onListening);
  });
  for (let i = 0; i < workers; i++) fork();
  console.log(listeningLine(await listening, ` (${workers} workers)`));

  onShutdownSignal(async (signal) => {
    closing = true;
    stopRetention();
    console.log(`${signal} received: every worker finishes its in-flight requests…`);
    const alive = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    await Promise.all(
      alive.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await poller?.stop();
    db.$client.close();
    console.log('Stopped.');
  });
}

if (cluster.isWorker) await runWorker();
else if (env.HUB_WORKERS === 1) await runSingleProcess();
else await runPrimary(env.HUB_WORKERS);
