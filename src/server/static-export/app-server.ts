/**
 * The hub the archive is made from: the built production server (`scripts/start.ts`) started as
 * a child process on 127.0.0.1 with the operator's environment (their database and uploads), so
 * every page is exactly what visitors get. It never loads demo content and keeps no page cache:
 * the crawl asks for each page once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../runtime/node-flags.ts';

export interface AppServer {
  origin: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** Variables that make a server write outside the request (files for nginx, shared cache purges). */
const SIDE_EFFECT_VARIABLES = /^(HUB_STATIC_DIR|HUB_PURGE_)/;

export interface AppServerOptions {
  root: string;
  /** The public origin the pages name (their canonical and absolute links). */
  siteOrigin: string | undefined;
  workers: number;
  env: NodeJS.ProcessEnv;
}

/** Starts the server; resolves with its origin once it listens. */
export async function startAppServer({ root, siteOrigin, workers, env }: AppServerOptions): Promise<AppServer> {
  const inherited = Object.fromEntries(Object.entries(env).filter(([name]) => !SIDE_EFFECT_VARIABLES.test(name)));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'scripts/start.ts')], {
    cwd: root,
    env: {
      ...inherited,
      ...SERVER_ENV,
      HOST: '127.0.0.1',
      PORT: '0',
      HUB_WORKERS: String(workers),
      HUB_DEMO: '0',
      HUB_FRONT_CACHE_MB: '0',
      ...(siteOrigin ? { PUBLIC_SITE_URL: siteOrigin } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`The hub server stopped before listening (exit ${code}):\n${output.slice(-4000)}`)));
  });
  // Its log is of no use to the archive past this point; keep the pipes drained.
  child.stdout!.removeAllListeners('data').resume();
  child.stderr!.removeAllListeners('data').resume();
  return {
    origin,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
