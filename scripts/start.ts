/**
 * `npm start`: validates the environment, builds when the build is missing or stale, applies
 * migrations, loads demo content into an empty embedded database, then serves the hub with
 * `HUB_WORKERS` worker processes (node:cluster; 1 = this process serves). The primary has the
 * one-time work done by a child process (`scripts/prepare-start.ts`), relays cache purges between
 * its workers and counts their rate limits, gives the machine's duties to one worker at a time,
 * replaces a worker that dies, and on SIGTERM/SIGINT lets every worker finish its requests
 * (decision 012).
 */
import { spawn } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/client.ts';
import { EnvError, parseEnv, type Env } from '../src/server/config/env.ts';
import { announcePurge, assignDuties, receiveFromPrimary, relayPurges } from '../src/server/page-cache/cluster.ts';
import type { ProcessPageCache } from '../src/server/page-cache/process-cache.ts';
import { serveSharedLimits } from '../src/server/rate-limit/shared.ts';
import type { PurgeOptions } from '../src/server/page-cache/request.ts';
import type { MachineDuties } from '../src/server/runtime/machine-duties.ts';
import { siteUrlProblem } from '../src/server/config/site-origin.ts';
import { logLine } from '../src/server/log/log-line.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  fail(error instanceof EnvError ? error.message : String(error));
}
const siteProblem = siteUrlProblem(env, process.env.NODE_ENV);
if (siteProblem) fail(siteProblem);

/**
 * The serving processes' modules (database driver, Drizzle and its schema, the page cache, the
 * machine's duties) are imported when a process serves: the primary of several workers never
 * loads them, which keeps tens of MB out of it (decision 012).
 */
async function openDb(): Promise<Database> {
  const { openDatabase } = await import('../db/client.ts');
  return openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
}

async function newPageCache(fanOut: (tags: readonly string[], options: PurgeOptions) => void): Promise<ProcessPageCache> {
  const { ProcessPageCache } = await import('../src/server/page-cache/process-cache.ts');
  return new ProcessPageCache({ maxBytes: env.HUB_FRONT_CACHE_MB * 1024 * 1024, fanOut, showsState: env.HUB_DEBUG_CACHE_HEADER ?? false });
}

async function startDuties(db: Database, apply: (tags: readonly string[]) => void, takeover = false): Promise<MachineDuties> {
  const { startMachineDuties } = await import('../src/server/runtime/machine-duties.ts');
  return startMachineDuties(db, env, apply, { takeover });
}

/** The one-time work, in this process (no workers: this process serves and needs it all anyway). */
async function prepare(): Promise<Database> {
  const { PrepareError, prepareMachine } = await import('../src/server/runtime/prepare.ts');
  try {
    return await prepareMachine(root, env, openDb);
  } catch (error) {
    if (error instanceof PrepareError) fail(error.message);
    throw error;
  }
}

/**
 * The one-time work in a child process, before any worker starts: a primary that only supervises
 * workers should not keep the migrator, the seed generator, the build tooling or the heap that
 * work grew (decision 012). Same V8 flags and environment as this process.
 */
async function prepareInChild(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, join(root, 'scripts/prepare-start.ts')], { cwd: root, stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) process.exit(1);
}

/** Serves HTTP in this process; resolves with a function that drains it. */
async function serve(db: Database, pageCache: ProcessPageCache, health: Record<string, unknown>): Promise<{ port: number; drain: () => Promise<void> }> {
  const [{ shareDatabase }, { checkReadiness }, { clerkOriginFromKey }, { shutDownGracefully, startHttpServer }, { tileOriginOf }] = await Promise.all([
    import('../src/server/db.ts'),
    import('../src/server/operations/health.ts'),
    import('../src/server/runtime/security-headers.ts'),
    import('../src/server/runtime/http-server.ts'),
    import('../src/server/venues/map.ts'),
  ]);
  shareDatabase(db);
  const server = await startHttpServer({
    root,
    host: env.HOST,
    port: env.PORT,
    readiness: () => checkReadiness(db),
    pageCache,
    health,
    staticDir: env.HUB_STATIC_DIR,
    security: {
      https: env.PUBLIC_SITE_URL?.startsWith('https:') ?? false,
      clerkOrigin: env.AUTH_PROVIDER === 'clerk' ? clerkOriginFromKey(env.PUBLIC_CLERK_PUBLISHABLE_KEY) : undefined,
      embedOrigins: env.HUB_EMBED_ORIGINS,
      mapTileOrigin: env.HUB_MAP_TILE_URL ? tileOriginOf(env.HUB_MAP_TILE_URL) : undefined,
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

/** Every serving process sends cache purges to the shared caches, one process per target at a time (decision 050). */
async function startEdgePurgeDelivery(db: Database) {
  const { startEdgePurges } = await import('../src/server/edge-purge/start.ts');
  return startEdgePurges(db, env);
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
  // Purges come from requests, which start after `duties` is set.
  const pageCache = await newPageCache((tags, options) => duties.publish(tags, options));
  const duties = await startDuties(db, (tags) => pageCache.apply(tags));
  const { port, drain } = await serve(db, pageCache, {});
  const mailSender = await startMailDelivery(db);
  const webhookSender = await startWebhookDelivery(db);
  const edgePurges = await startEdgePurgeDelivery(db);
  const stopScheduled = await startScheduledChanges(db, pageCache);
  console.log(listeningLine(port));
  onShutdownSignal(async (signal) => {
    console.log(`${signal} received: finishing in-flight requests…`);
    await drain();
    // In-flight writes have published their purges by now; a poll in progress finishes first.
    await Promise.all([duties.stop(), mailSender.stop(), webhookSender.stop(), edgePurges?.stop(), stopScheduled()]);
    db.$client.close();
    console.log('Stopped.');
  });
}

async function runWorker(): Promise<void> {
  const db = await openDb();
  // Set once the primary gives this worker the machine's duties (one worker at a time holds them).
  let duties: MachineDuties | undefined;
  let dutiesStarting: Promise<MachineDuties> | undefined;
  const pageCache = await newPageCache((tags, options) => {
    announcePurge(tags, options);
    duties?.publish(tags, options);
  });
  receiveFromPrimary(
    (tags, options) => {
      pageCache.apply(tags);
      duties?.publish(tags, options);
    },
    (takeover) => {
      // Another machine's purge: applied here, and through the primary on every other worker.
      dutiesStarting ??= startDuties(
        db,
        (tags) => {
          pageCache.apply(tags);
          announcePurge(tags, {});
        },
        takeover,
      ).then((started) => (duties = started));
    },
  );
  const { drain } = await serve(db, pageCache, { worker: cluster.worker!.id });
  const mailSender = await startMailDelivery(db);
  const webhookSender = await startWebhookDelivery(db);
  const edgePurges = await startEdgePurgeDelivery(db);
  const stopScheduled = await startScheduledChanges(db, pageCache);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void drain()
      .then(() =>
        Promise.all([
          dutiesStarting?.then(
            (started) => started.stop(),
            () => undefined,
          ),
          mailSender.stop(),
          webhookSender.stop(),
          edgePurges?.stop(),
          stopScheduled(),
        ]),
      )
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

/**
 * Supervises the workers: relays their purges and counts their rate limits, gives the machine's
 * duties to one listening worker at a time (again when it exits), and replaces a worker that dies.
 */
async function runPrimary(workers: number): Promise<void> {
  await prepareInChild();
  serveSharedLimits();
  relayPurges();
  const listeningWorkers = new Set<Worker>();
  let dutiesHolder: Worker | undefined;
  // True from a holder's death until the next holder has them (it then purges what it cannot know).
  let dutiesLost = false;
  const giveDuties = (worker: Worker) => {
    dutiesHolder = worker;
    assignDuties(worker, dutiesLost);
    dutiesLost = false;
    console.log(`worker ${worker.id} holds the machine's duties`);
  };
  cluster.on('listening', (worker) => {
    listeningWorkers.add(worker);
    if (!dutiesHolder) giveDuties(worker);
  });

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
    listeningWorkers.delete(worker);
    if (closing) return;
    if (worker === dutiesHolder) {
      dutiesHolder = undefined;
      dutiesLost = true;
      // Another worker takes them over now; with none listening, the replacement will.
      const next = [...listeningWorkers].find((candidate) => candidate.isConnected());
      if (next) giveDuties(next);
    }
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
    console.log('Stopped.');
  });
}

if (cluster.isWorker) await runWorker();
else if (env.HUB_WORKERS === 1) await runSingleProcess();
else await runPrimary(env.HUB_WORKERS);
