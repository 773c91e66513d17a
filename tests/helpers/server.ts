/** Starts the production server (`scripts/start.ts`) on 127.0.0.1 with its own database. */
import { spawn, type ChildProcess } from 'node:child_process';
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
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: join(dir, 'uploads'),
      HUB_DEMO: '1',
      // One process unless a test is about workers: the machine's cores are shared by the test files.
      HUB_WORKERS: '1',
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
  return {
    origin,
    dir,
    databaseUrl,
    process: child,
    logs: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
