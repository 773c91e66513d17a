/**
 * A real Varnish in front of a test server (docs/decisions/050): `deploy/varnish/default.vcl`
 * rendered as envsubst would, `varnishd` in the foreground on a free loopback port with its own
 * working folder, stopped with the test. Varnish is a CI requirement (`.ci/run` installs it):
 * without it this throws, so the tests that need it fail rather than skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from './db.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Replaces `${NAME}` as envsubst does; throws if the template names a variable not given. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the template needs \${${name}}`);
    return value;
  });
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningVarnish {
  origin: string;
  stop: () => Promise<void>;
  logs: () => string;
}

const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

/** Starts Varnish on `port` with the shipped VCL pointed at `backend`; resolves once it answers. */
export async function startVarnish(port: number, backend: URL): Promise<RunningVarnish> {
  if (spawnSync('varnishd', ['-V']).error) throw new Error('varnishd is not installed (apt-get install varnish varnish-modules)');
  const dir = makeTempDir('hub-varnish-');
  chmodSync(dir, 0o755);
  const vcl = join(dir, 'default.vcl');
  const template = readFileSync(join(root, 'deploy/varnish/default.vcl'), 'utf8');
  writeFileSync(vcl, renderTemplate(template, { BACKEND_HOST: backend.hostname, BACKEND_PORT: backend.port }));
  const child = spawn('varnishd', ['-F', '-j', 'none', '-a', `127.0.0.1:${port}`, '-f', vcl, '-n', join(dir, 'work'), '-s', 'malloc,64m'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  // Polled without vitest: the benchmark starts Varnish with this too.
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited:\n${output}`);
    try {
      await (await fetch(`${origin}/robots.txt`)).arrayBuffer();
      break;
    } catch (error) {
      if (Date.now() - started > 30_000) throw new Error(`varnishd did not answer: ${String(error)}\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    origin,
    logs: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      running.delete(child);
    },
  };
}
