/**
 * A real nginx (Debian's nginx-light) in front of a test server, configured with the shipped
 * deploy/nginx/hub.conf: its placeholders filled in as envsubst would, inside an `http { }` of its
 * own, in a folder of its own. It stops when the test process exits.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface TestNginx {
  origin: string;
  dir: string;
  stop: () => Promise<void>;
}

/** A port that was free a moment ago (nginx cannot listen on port 0 and tell which it got). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** The shipped server block with its placeholders filled in (`envsubst '${LISTEN} ${UPSTREAM} ${STATIC_DIR}'`). */
export function renderHubConf(values: { LISTEN: string; UPSTREAM: string; STATIC_DIR: string }): string {
  const template = readFileSync(join(root, 'deploy/nginx/hub.conf'), 'utf8');
  return template.replace(/\$\{(LISTEN|UPSTREAM|STATIC_DIR)\}/g, (_, name: keyof typeof values) => values[name]);
}

/** A folder nginx's workers (another user) can read: mkdtemp makes it private. */
export function makeSharedDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

/**
 * Starts nginx on a free port in front of `upstream` (host:port), serving `staticDir`; fails when
 * nginx is missing. `accessLog: false` for loads (the benchmark): no log line per request.
 */
export async function startNginx(upstream: string, staticDir: string, { accessLog = true } = {}): Promise<TestNginx> {
  if (spawnSync('nginx', ['-v']).error) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const dir = makeSharedDir('hub-nginx-');
  const port = await freePort();
  writeFileSync(join(dir, 'hub.conf'), renderHubConf({ LISTEN: `127.0.0.1:${port}`, UPSTREAM: upstream, STATIC_DIR: staticDir }));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${join(dir, name)};`).join('\n  ');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
error_log ${join(dir, 'error.log')} warn;
pid ${join(dir, 'nginx.pid')};
events { worker_connections 256; }
http {
  access_log ${accessLog ? join(dir, 'access.log') : 'off'};
  keepalive_requests 100000;
  ${temp}
  include ${join(dir, 'hub.conf')};
}
`,
  );
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf')];
  const check = spawnSync('nginx', [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child = spawn('nginx', [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    const ready = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin,
    dir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}
