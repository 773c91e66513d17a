/**
 * `npm run bench [-- --sizes 1000,10000,100000 --duration 5 --connections 32 --front-cache-mb 24]`
 * Builds, generates databases with the seed generator, starts the production server on
 * 127.0.0.1 for each size, drives it with autocannon from another process, compares cached
 * pages with nginx serving the same HTML, measures admin API and write-path latency, JS bytes,
 * RSS and database size, then prints a Markdown table and writes JSON under bench/results/.
 * It stops everything it started. Benchmarks are not tests: nothing here asserts a timing.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSite, isBuildStale } from '../src/server/runtime/build-state.ts';
import { makeTempDir } from '../tests/helpers/db.ts';
import { startTestServer } from '../tests/helpers/server.ts';
import { measureAdmin } from './lib/admin.ts';
import { crawlUntilFull } from './lib/crawl.ts';
import { databaseBytes, ensureBenchDatabase } from './lib/databases.ts';
import { measureHubJs } from './lib/js-bytes.ts';
import { runLoad, timeSequential, type LoadResult } from './lib/load.ts';
import { findNginx, startNginx } from './lib/nginx.ts';
import { pickSamples } from './lib/samples.ts';
import { renderReport, type SizeReport } from './lib/report.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    misses: { type: 'string', default: '60' },
    // 0 measures Astro's own route cache alone (the "before" of docs/decisions/012).
    'front-cache-mb': { type: 'string', default: '24' },
  },
});
const sizes = values.sizes.split(',').map((size) => Number(size.replace(/k$/i, '000')));
const duration = Number(values.duration);
const connections = Number(values.connections);
const missCount = Number(values.misses);

if (isBuildStale(root)) {
  console.log('Building…');
  if (!buildSite(root)) throw new Error('build failed');
}

const nginx = findNginx();
const reports: SizeReport[] = [];
const compressed = { 'accept-encoding': 'gzip' };
const WARM_UP_MISSES = 5;

for (const size of sizes) {
  console.log(`\n== ${size} events ==`);
  const database = ensureBenchDatabase(root, size);
  const server = await startTestServer({
    DATABASE_URL: database.url,
    UPLOADS_DIR: database.uploadsDir,
    HUB_DEMO: '0',
    HUB_TEST_HOOKS: '1',
    HUB_ADMIN_EMAILS: 'bench-admin@bench.example',
    CONTACT_RATE_LIMIT: '0',
    HUB_FRONT_CACHE_MB: values['front-cache-mb'],
  });
  try {
    const samples = await pickSamples(database.url);
    const pages = {
      home: '/en',
      hub: '/en/hub',
      event: `/en/hub/event/${samples.eventSlug}`,
      edition: `/en/hub/edition/${samples.editionSlug}`,
    };
    const searches = ['concert', 'théâtre', 'atel', 'workshop family', 'vortrag'].map((q, i) => {
      const locale = ['en', 'fr', 'fr', 'en', 'de'][i]!;
      return { name: `search "${q}"`, path: `/${locale}/hub/search?q=${encodeURIComponent(q)}` };
    });

    // Cache-miss latency: each sample purges the page through a real write, then requests it once.
    const purge = (slug: string) =>
      fetch(`${server.origin}/api/test/invalidate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin },
        body: JSON.stringify({ rename: { slug, locale: 'en', title: `Bench title ${Date.now()}` } }),
      }).then((response) => response.arrayBuffer());
    const misses: Record<string, { p50: number; p95: number }> = {};
    for (const [name, path] of [...Object.entries(pages), ...searches.map((s) => [s.name, s.path] as const)]) {
      const slug = name === 'event' ? samples.eventSlug : samples.editionEventSlug;
      // A server that has just started compiles each route's code on its first renders: the
      // figures are those of a running server, after a few unmeasured misses of the same page.
      await timeSequential(WARM_UP_MISSES, () => fetch(server.origin + path, { headers: compressed }), () => purge(slug));
      const timings = await timeSequential(
        missCount,
        () => fetch(server.origin + path, { headers: compressed }),
        () => purge(slug),
      );
      misses[name] = { p50: timings.p50, p95: timings.p95 };
      console.log(`miss ${name}: p50 ${timings.p50.toFixed(1)} ms, p95 ${timings.p95.toFixed(1)} ms`);
    }

    const hits: Record<string, LoadResult> = {};
    const html: Record<string, string> = {};
    for (const [name, path] of [...Object.entries(pages), ...searches.map((s) => [s.name, s.path] as const)]) {
      html[name] = await (await fetch(server.origin + path)).text();
      hits[name] = await runLoad(server.origin + path, { connections, duration, headers: compressed });
      console.log(`hit ${name}: ${hits[name].rps.toFixed(0)} req/s, p99 ${hits[name].p99} ms`);
    }

    const statics: Record<string, LoadResult> = {};
    if (nginx) {
      const dir = makeTempDir('hub-bench-nginx-');
      const port = 20000 + Math.floor(Math.random() * 20000);
      const staticServer = await startNginx(nginx, dir, port, Object.fromEntries(Object.keys(pages).map((name) => [name, html[name]!])));
      try {
        for (const name of Object.keys(pages)) {
          statics[name] = await runLoad(`${staticServer.origin}/${name}.html`, { connections, duration, headers: compressed });
          if (statics[name].non2xx > 0 || statics[name].errors > 0) throw new Error(`nginx failed ${name}: ${JSON.stringify(statics[name])}`);
          console.log(`nginx ${name}: ${statics[name].rps.toFixed(0)} req/s, p99 ${statics[name].p99} ms`);
        }
      } finally {
        staticServer.stop();
      }
    }

    const admin = await measureAdmin(server.origin, samples, missCount);
    const js = await measureHubJs(server.origin, { ...pages, search: searches[0]!.path, contact: '/en/hub/contact' });
    const rssMb = readRssMb(server.process.pid!);
    const cacheMb = Number(values['front-cache-mb']);
    const crawl = await crawlUntilFull(server.origin, database.url, cacheMb * 1024 * 1024);
    const rssFullMb = readRssMb(server.process.pid!);
    console.log(`crawled ${crawl.pages} event pages: RSS ${rssMb.toFixed(0)} → ${rssFullMb.toFixed(0)} MB`);
    reports.push({
      events: size,
      seedSeconds: database.seedSeconds,
      databaseMb: databaseBytes(database.file) / 1024 / 1024,
      rssMb,
      rssFullMb,
      crawl: { pages: crawl.pages, cacheMb },
      misses,
      hits,
      statics,
      admin,
      js,
    });
  } finally {
    await server.stop();
  }
}

const markdown = renderReport(reports, { connections, duration, nginx: Boolean(nginx) });
console.log(`\n${markdown}`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, 'bench/results', `${new Date().toISOString().replaceAll(':', '-')}.json`);
writeFileSync(file, JSON.stringify({ connections, duration, reports }, null, 2));
console.log(`Results written to ${file}`);

function readRssMb(pid: number): number {
  try {
    const status = spawnSync('cat', [`/proc/${pid}/status`]).stdout.toString();
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}
