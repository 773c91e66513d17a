/**
 * Pages as files (decision 051): the app with HUB_STATIC_DIR behind nginx configured with
 * deploy/nginx/hub.conf, against nginx serving the same bytes with a bare config (the static
 * ceiling), page by page and encoding by encoding; and how long a correction (an event renamed
 * through the admin API) takes to show through the files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../../tests/helpers/db.ts';
import { makeSharedDir, startNginx as startHubNginx } from '../../tests/helpers/nginx.ts';
import type { TestServer } from '../../tests/helpers/server.ts';
import { signIn } from './admin.ts';
import { percentile, runLoad, type LoadGenerator, type LoadResult } from './load.ts';
import { startNginx as startReferenceNginx } from './nginx.ts';

export interface StaticFilesReport {
  /** Per page and encoding: nginx answering the app's files, nginx on the same bytes, and their ratio. */
  pages: Record<string, Record<string, { files: LoadResult; reference: LoadResult; ratio: number }>>;
  /** From the start of a renaming write to the new title through nginx, in ms. */
  correction: { samples: number; p50: number; p95: number; max: number };
}

export interface StaticFilesOptions {
  generator: LoadGenerator;
  nginx: string;
  /** Starts the app with the extra environment (the bench's server settings). */
  startServer: (env: Record<string, string>) => Promise<TestServer>;
  /** Name → path of the pages to load (each becomes a file). */
  pages: Record<string, string>;
  /** An event whose page (`eventPath`) shows its title: renamed for each correction sample. */
  eventId: number;
  eventPath: string;
  connections: number;
  duration: number;
  corrections: number;
}

const ENCODINGS = { identity: { 'accept-encoding': 'identity' }, gzip: { 'accept-encoding': 'gzip' } } as const;

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The served folder the app named in the include it wrote for nginx. */
function servedFolder(staticDir: string): string {
  const include = readFileSync(join(staticDir, 'nginx.conf'), 'utf8');
  return join(staticDir, /set \$hub_files "([^"]+)";/.exec(include)![1]!);
}

export async function measureStaticFiles(options: StaticFilesOptions): Promise<StaticFilesReport> {
  const { generator, connections, duration } = options;
  const staticDir = makeSharedDir('hub-bench-files-');
  const server = await options.startServer({ HUB_STATIC_DIR: staticDir });
  const html: Record<string, string> = {};
  try {
    for (const [name, path] of Object.entries(options.pages)) html[name] = await (await fetch(server.origin + path)).text();
    await until(() => existsSync(join(staticDir, 'nginx.conf')), 'the nginx include');
    const folder = servedFolder(staticDir);
    for (const path of Object.values(options.pages)) await until(() => existsSync(join(folder, path.slice(1), 'index.html')), `the file of ${path}`);
    // As the reference: no access log, the same keep-alive (bench/lib/nginx.ts).
    const files = await startHubNginx(new URL(server.origin).host, staticDir, { accessLog: false });
    const referenceDir = makeTempDir('hub-bench-reference-');
    const reference = await startReferenceNginx(options.nginx, referenceDir, 20000 + Math.floor(Math.random() * 20000), html);
    const report: StaticFilesReport = { pages: {}, correction: { samples: 0, p50: 0, p95: 0, max: 0 } };
    try {
      for (const [name, path] of Object.entries(options.pages)) {
        report.pages[name] = {};
        for (const [encoding, headers] of Object.entries(ENCODINGS)) {
          const probe = await fetch(files.origin + path, { headers });
          await probe.arrayBuffer();
          // Answered by nginx from the file: the app would say whether it was a hit or a miss.
          if (probe.headers.get('x-cache') !== null) throw new Error(`bench: ${path} was not answered from its file`);
          const fromFiles = await runLoad(generator, files.origin + path, { connections, duration, headers });
          const fromReference = await runLoad(generator, `${reference.origin}/${name}.html`, { connections, duration, headers });
          const ratio = fromFiles.rps / fromReference.rps;
          report.pages[name][encoding] = { files: fromFiles, reference: fromReference, ratio };
          console.log(`files ${name} ${encoding}: ${fromFiles.rps.toFixed(0)} req/s vs nginx ${fromReference.rps.toFixed(0)} req/s (${ratio.toFixed(2)}×)`);
        }
      }
      report.correction = await measureCorrections(server, files.origin, options);
      console.log(`correction through the files: p50 ${report.correction.p50.toFixed(0)} ms, p95 ${report.correction.p95.toFixed(0)} ms`);
    } finally {
      reference.stop();
      await files.stop();
    }
    return report;
  } finally {
    await server.stop();
  }
}

/** Renames the event through the admin API, then polls nginx until its page shows the new title. */
async function measureCorrections(server: TestServer, nginxOrigin: string, options: StaticFilesOptions): Promise<StaticFilesReport['correction']> {
  const headers = { cookie: await signIn(server.origin), origin: server.origin, 'content-type': 'application/json' };
  const eventUrl = `${server.origin}/api/admin/events/${options.eventId}`;
  const timings: number[] = [];
  for (let i = 0; i < options.corrections; i++) {
    const { version } = (await (await fetch(eventUrl, { headers })).json()) as { version: number };
    const title = `Bench correction ${i} ${Date.now()}`;
    const startedAt = performance.now();
    const response = await fetch(eventUrl, { method: 'PATCH', headers, body: JSON.stringify({ version, translations: { en: { title } } }) });
    if (!response.ok) throw new Error(`bench: renaming event ${options.eventId} answered ${response.status}`);
    await response.arrayBuffer();
    await until(async () => (await (await fetch(nginxOrigin + options.eventPath)).text()).includes(title), 'the correction through nginx');
    timings.push(performance.now() - startedAt);
  }
  return { samples: timings.length, p50: percentile(timings, 50), p95: percentile(timings, 95), max: Math.max(...timings) };
}
