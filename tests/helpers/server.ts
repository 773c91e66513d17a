/**
 * The one way tests start the production server (`scripts/start.ts`): on 127.0.0.1 with its own
 * database, plus plain HTTP and read access to that database for the test's assertions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createClient, type Client } from '@libsql/client';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from './db.ts';
import { copySeededTemplate } from './template.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../src/server/runtime/node-flags.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface TestServer {
  origin: string;
  dir: string;
  databaseUrl: string;
  logs: () => string;
  stop: () => Promise<void>;
  process: ChildProcess;
  /** GET (or `init`) on the server without following redirects. */
  get: (path: string, init?: RequestInit) => Promise<Response>;
  /** GET a page and read its body. */
  html: (path: string) => Promise<{ status: number; body: string; headers: Headers }>;
  /** Reads the server's database directly (SQL with `?` arguments). */
  query: <T>(sql: string, args?: (string | number | null)[]) => Promise<T[]>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

export interface TestServerOptions {
  /** Another app node on the same database file and uploads folder (nothing is copied). */
  sharingWith?: TestServer;
}

/** Spawns the server and resolves once it is listening; it is killed when the test process exits. */
export async function startTestServer(env: Record<string, string> = {}, { sharingWith }: TestServerOptions = {}): Promise<TestServer> {
  const dir = sharingWith?.dir ?? makeTempDir('hub-server-');
  const databaseUrl = env.DATABASE_URL ?? sharingWith?.databaseUrl ?? `file:${join(dir, 'hub.db')}`;
  // Demo servers start from the run's seeded template (same content the seed would write).
  if (!sharingWith && !env.DATABASE_URL && env.HUB_DEMO !== '0' && !env.UPLOADS_DIR) copySeededTemplate(dir);
  // Started the way `npm start` starts it (same V8 flags and allocator settings).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...SERVER_ENV,
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // The run's servers share V8's compiled code of the same modules: a boot parses less.
      NODE_COMPILE_CACHE: join(root, 'node_modules', '.cache', 'node-compile-cache'),
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: join(dir, 'uploads'),
      // Mail without SMTP_URL becomes files: in the server's folder, not the working copy's data/.
      MAIL_DIR: join(dir, 'mail'),
      HUB_DEMO: '1',
      // One process unless a test is about workers: the machine's cores are shared by the test files.
      HUB_WORKERS: '1',
      // Tests tell hits from misses by `X-Cache`, which production leaves out.
      HUB_DEBUG_CACHE_HEADER: '1',
      ...(process.env.HUB_DIST_DIR ? { HUB_DIST_DIR: process.env.HUB_DIST_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  let client: Client | undefined;
  const database = () =>
    (client ??= createClient({
      url: databaseUrl,
      intMode: 'number',
      ...(env.DATABASE_AUTH_TOKEN ? { authToken: env.DATABASE_AUTH_TOKEN } : {}),
      // A test's write waits for the server's (the mail sender, a purge) instead of failing at once.
      ...(databaseUrl.startsWith('file:') ? { timeout: 10_000 } : {}),
    }));
  const get = (path: string, init?: RequestInit) => fetch(`${origin}${path}`, { redirect: 'manual', ...init });
  return {
    origin,
    dir,
    databaseUrl,
    process: child,
    logs: () => output,
    get,
    async html(path: string) {
      const response = await get(path);
      return { status: response.status, body: await response.text(), headers: response.headers };
    },
    async query<T>(sql: string, args: (string | number | null)[] = []) {
      return (await database().execute({ sql, args })).rows as unknown as T[];
    },
    stop: () =>
      new Promise<void>((resolve) => {
        client?.close();
        // A process killed by a signal has a signalCode and no exitCode.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
