/**
 * The static ceiling: nginx (Debian's nginx-light, when installed) serving the very HTML the app
 * produced, as files, on 127.0.0.1, with one worker and sendfile, precompressed like the app's
 * (`gzip_static` with the same gzip level), so both send the same bytes. nginx-light has no
 * brotli: brotli answers are compared with its gzip. Skipped with a note when nginx is absent.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface StaticServer {
  origin: string;
  stop: () => void;
}

/** Path of the nginx binary, or null when it is not installed. */
export function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return null;
}

/** Writes `pages` (name → HTML) under `dir` and serves them with nginx on `port`. */
export async function startNginx(binary: string, dir: string, port: number, pages: Record<string, string>): Promise<StaticServer> {
  const root = join(dir, 'www');
  mkdirSync(root, { recursive: true });
  // nginx started as root serves with an unprivileged worker user: the files must be readable by it
  // (a private temporary folder would make every request a 403).
  chmodSync(dir, 0o755);
  chmodSync(root, 0o755);
  for (const [name, html] of Object.entries(pages)) {
    writeFileSync(join(root, `${name}.html`), html);
    writeFileSync(join(root, `${name}.html.gz`), gzipSync(html, { level: 6 }));
  }
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip_static on;
  etag on;
  default_type text/html;
  client_body_temp_path ${join(dir, 'tmp')};
  proxy_temp_path ${join(dir, 'tmp')};
  fastcgi_temp_path ${join(dir, 'tmp')};
  uwsgi_temp_path ${join(dir, 'tmp')};
  scgi_temp_path ${join(dir, 'tmp')};
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  const child: ChildProcess = spawn(binary, ['-c', config, '-p', dir], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await fetch(`${origin}/`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  for (const name of Object.keys(pages)) {
    const response = await fetch(`${origin}/${name}.html`, { headers: { 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
    if (!response.ok) {
      child.kill('SIGQUIT');
      throw new Error(`nginx answered ${response.status} for ${name}.html; see ${join(dir, 'error.log')}`);
    }
  }
  return { origin, stop: () => child.kill('SIGQUIT') };
}
