/**
 * `npm run bench [-- --events 100000 | --sizes 10000,100000] [--duration 5] [--connections 32]
 *   [--misses 60] [--front-cache-mb 24] [--workers N] [--crawl 2000] [--static-files | --static-files-only]
 *   [--varnish | --varnish-only]`
 * Builds, generates databases with the seed generator, and for each size:
 * - one single-process server (HUB_WORKERS=1): cached pages (home, hub, event and edition in
 *   identity, gzip and brotli; timetable, venue and curator in identity and gzip) driven by wrk
 *   (autocannon when wrk is absent), against nginx serving the same bytes in the same run, and a
 *   bare Node server on those bytes (Node's own ceiling on this machine);
 *   cache-miss latencies at one connection of every public page type (also the timetable and event
 *   page in another time zone, organizer, agenda, embeds) and of searches, plain and stemmed (each
 *   sample after a purging write through the admin API, and verified to be a miss);
 *   admin API and write path; JS bytes; a cold crawl (each event URL once, 8 connections, by wrk
 *   when it is the load generator: a crawling `fetch` here would take CPU from the server it measures);
 * - the same single-process server with SENTRY_DSN at a local stand-in: the cached event page;
 * - one server with every worker (HUB_WORKERS, default the machine's cores): the same cold crawl
 *   on other URLs, then every worker's page cache filled and the RSS of all processes summed.
 * - with `--static-files`: the app with HUB_STATIC_DIR behind nginx (deploy/nginx/hub.conf) against
 *   nginx on the same bytes, and correction-to-visible through the files (`--static-files-only`:
 *   that alone, a quick run; decision 051).
 * - with `--varnish` (or only that with `--varnish-only`): cached pages through a real Varnish
 *   purged by tag against nginx on the same bytes, and correction-to-visible through it
 *   (`lib/varnish.ts`, decision 050).
 * Prints a Markdown table and writes JSON under bench/results/. It stops everything it started.
 * Benchmarks are not tests: nothing here asserts a timing.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSite, isBuildStale } from '../src/server/runtime/build-state.ts';
import { makeTempDir } from '../tests/helpers/db.ts';
import { startSentryStandIn } from '../tests/helpers/sentry-stand-in.ts';
import { startTestServer, type TestServer } from '../tests/helpers/server.ts';
import { measureAdmin, renameEvent, signIn } from './lib/admin.ts';
import { crawlCold, crawlUntilFull, eventSlugs } from './lib/crawl.ts';
import { databaseBytes, ensureBenchDatabase, type BenchDatabase } from './lib/databases.ts';
import { measureHubJs } from './lib/js-bytes.ts';
import { findLoadGenerator, runLoad, timeSequential, type LoadResult } from './lib/load.ts';
import { startBareNode } from './lib/bare-node.ts';
import { findNginx, startNginx } from './lib/nginx.ts';
import { pickSamples } from './lib/samples.ts';
import { renderReport, type HitEncoding, type SizeReport } from './lib/report.ts';
import { measureStaticFiles, type StaticFilesReport } from './lib/static-files.ts';
import { measureVarnish, renderVarnishReport, type VarnishReport } from './lib/varnish.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    events: { type: 'string' },
    sizes: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    misses: { type: 'string', default: '60' },
    'front-cache-mb': { type: 'string', default: '24' },
    workers: { type: 'string', default: String(availableParallelism()) },
    crawl: { type: 'string', default: '2000' },
    'static-files': { type: 'boolean', default: false },
    'static-files-only': { type: 'boolean', default: false },
    varnish: { type: 'boolean', default: false },
    'varnish-only': { type: 'boolean', default: false },
  },
});
const sizes = (values.events ?? values.sizes).split(',').map((size) => Number(size.replace(/k$/i, '000').replace(/m$/i, '000000')));
const duration = Number(values.duration);
const connections = Number(values.connections);
const missCount = Number(values.misses);
const workers = Number(values.workers);
const crawlCount = Number(values.crawl);
const cacheMb = Number(values['front-cache-mb']);

if (isBuildStale(root)) {
  console.log('Building…');
  if (!buildSite(root)) throw new Error('build failed');
}

const generator = findLoadGenerator();
const nginx = findNginx();
console.log(
  `Load generator: ${generator === 'wrk' ? 'wrk (C, one thread)' : 'autocannon (Node; wrk is not installed, so cached-page figures flatter the app)'}`,
);
console.log(nginx ? `Static reference: nginx (${nginx}), one worker, sendfile, gzip_static` : 'Static reference: none (nginx is not installed)');

const ENCODINGS: Record<HitEncoding, Record<string, string>> = {
  identity: {},
  gzip: { 'accept-encoding': 'gzip' },
  br: { 'accept-encoding': 'br, gzip' },
};
const WARM_UP_MISSES = 5;

function startBenchServer(database: BenchDatabase, workerCount: number, env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({
    ...env,
    DATABASE_URL: database.url,
    UPLOADS_DIR: database.uploadsDir,
    HUB_DEMO: '0',
    HUB_WORKERS: String(workerCount),
    HUB_ADMIN_EMAILS: 'bench-admin@bench.example',
    CONTACT_RATE_LIMIT: '0',
    HUB_FRONT_CACHE_MB: String(cacheMb),
  });
}

/**
 * Memory of `pid` and every process below it (the primary and its workers), in MB: the sum of
 * their RSS, and of their PSS, which counts a page the processes share (the Node binary's, the
 * libraries') once instead of once per process.
 */
function treeMemoryMb(pid: number): { rss: number; pss: number } {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we listed.
    }
  }
  let rssKb = 0;
  let pssKb = 0;
  const visit = (id: number) => {
    try {
      rssKb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
      pssKb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${id}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      return;
    }
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return { rss: rssKb / 1024, pss: pssKb / 1024 };
}

/** The cached `path` with server-side error reporting on: SENTRY_DSN at a local stand-in. */
async function measureWithSentry(database: BenchDatabase, path: string): Promise<SizeReport['sentry']> {
  const standIn = await startSentryStandIn();
  const server = await startBenchServer(database, 1, { SENTRY_DSN: standIn.dsn() });
  try {
    const results: SizeReport['sentry'] = {};
    for (const encoding of ['identity', 'gzip'] as const) {
      await (await fetch(server.origin + path, { headers: ENCODINGS[encoding] })).arrayBuffer();
      results[encoding] = await runLoad(generator, server.origin + path, { connections, duration, headers: ENCODINGS[encoding] });
      console.log(`hit event ${encoding} with SENTRY_DSN: ${results[encoding]!.rps.toFixed(0)} req/s, p99 ${results[encoding]!.p99.toFixed(2)} ms`);
    }
    return results;
  } finally {
    await server.stop();
    await standIn.close();
  }
}

const reports: SizeReport[] = [];
const staticFiles: Record<number, StaticFilesReport> = {};
const withStaticFiles = values['static-files'] || values['static-files-only'];
const varnishReports: (VarnishReport & { events: number })[] = [];

for (const size of sizes) {
  console.log(`\n== ${size} events ==`);
  const database = ensureBenchDatabase(root, size);
  const samples = await pickSamples(database.url);
  const pages = {
    home: '/en',
    hub: '/en/hub',
    event: `/en/hub/event/${samples.eventSlug}`,
    edition: `/en/hub/edition/${samples.editionSlug}`,
  };
  // Page types added since the first benchmark. Each is purged before a miss sample by renaming an
  // event it shows: the embed and the time-zone variant of the event page by the event itself, the
  // others (tagged with the edition's events or with `hub`) by another event of the edition.
  const newPages: Record<string, { path: string; purgedBy: 'event' | 'editionEvent' }> = {
    schedule: { path: `/en/hub/edition/${samples.editionSlug}/schedule`, purgedBy: 'editionEvent' },
    'schedule ?tz=Asia/Tokyo': { path: `/en/hub/edition/${samples.editionSlug}/schedule?tz=Asia/Tokyo`, purgedBy: 'editionEvent' },
    'event ?tz=Asia/Tokyo': { path: `/en/hub/event/${samples.eventSlug}?tz=Asia/Tokyo`, purgedBy: 'event' },
    venue: { path: `/en/hub/venue/${samples.venueSlug}`, purgedBy: 'editionEvent' },
    curator: { path: `/en/hub/curator/${samples.curatorSlug}`, purgedBy: 'editionEvent' },
    organizer: { path: `/en/hub/organizer/${samples.organizerSlug}`, purgedBy: 'editionEvent' },
    // Commas stay literal: the agenda redirects any other spelling to this one.
    agenda: { path: `/en/hub/agenda?events=${samples.agendaIds.join(',')}`, purgedBy: 'editionEvent' },
    'embed events': { path: '/en/embed/events', purgedBy: 'editionEvent' },
    'embed event': { path: `/en/embed/event/${samples.eventSlug}`, purgedBy: 'event' },
  };
  // Cached throughput of the new types: the three heaviest, in identity and gzip (the two encodings
  // with a target; brotli's path does not depend on the page and is measured on the pages above).
  const newHitPages = ['schedule', 'venue', 'curator'] as const;
  const hitPages: Record<string, { path: string; encodings: HitEncoding[] }> = {
    ...Object.fromEntries(Object.entries(pages).map(([name, path]) => [name, { path, encodings: ['identity', 'gzip', 'br'] as HitEncoding[] }])),
    ...Object.fromEntries(newHitPages.map((name) => [name, { path: newPages[name]!.path, encodings: ['identity', 'gzip'] as HitEncoding[] }])),
  };
  // The first five as before; then stemmed queries (decision 005): a plural, an -ing form, and German
  // written without umlauts (`zuhoeren` must find `zuhören`) and inflected (`Gespraeche`).
  const searches = (
    [
      ['concert', 'en'],
      ['théâtre', 'fr'],
      ['atel', 'fr'],
      ['workshop family', 'en'],
      ['vortrag', 'de'],
      ['concerts', 'en'],
      ['dancing', 'en'],
      ['ateliers', 'fr'],
      ['Zuhoeren', 'de'],
      ['Gespraeche', 'de'],
    ] as const
  ).map(([q, locale]) => ({ name: `search "${q}"`, path: `/${locale}/hub/search?q=${encodeURIComponent(q)}` }));
  // Distinct URLs for each crawl and for filling the caches: nothing crawled was cached before.
  if (values.varnish || values['varnish-only']) {
    const varnishReport = await measureVarnish({
      startServer: (env) => startBenchServer(database, 1, env),
      signIn,
      generator,
      nginx,
      connections,
      duration,
      pages: { hub: pages.hub, event: pages.event, edition: pages.edition },
      event: { id: samples.eventId, path: pages.event },
    });
    varnishReports.push({ events: size, ...varnishReport });
    if (values['varnish-only']) continue;
  }
  const crawlSlugs = await eventSlugs(database.url, 0, crawlCount * 2);
  const [singleSlugs, allSlugs] = [crawlSlugs.slice(0, crawlCount), crawlSlugs.slice(crawlCount)];
  const fillSlugs = await eventSlugs(database.url, crawlCount * 2, 6_000 * Math.max(1, workers));

  if (withStaticFiles) {
    if (!nginx) throw new Error('bench: --static-files needs nginx (apt-get install nginx-light)');
    staticFiles[size] = await measureStaticFiles({
      generator,
      nginx,
      startServer: (env) => startBenchServer(database, 1, env),
      pages,
      eventId: samples.eventId,
      eventPath: pages.event,
      connections,
      duration,
      corrections: Math.min(missCount, 20),
    });
    if (values['static-files-only']) continue;
  }

  const single = await startBenchServer(database, 1);
  let report: Omit<SizeReport, 'crawlAll' | 'rssAllFullMb' | 'pssAllFullMb' | 'workers'>;
  try {
    const cookie = await signIn(single.origin);
    const misses: Record<string, { p50: number; p95: number }> = {};
    const missTargets: [string, string, number][] = [
      ...Object.entries(pages).map(([name, path]): [string, string, number] => [name, path, name === 'event' ? samples.eventId : samples.editionEventId]),
      ...searches.map((s): [string, string, number] => [s.name, s.path, samples.editionEventId]),
      ...Object.entries(newPages).map(([name, page]): [string, string, number] => [
        name,
        page.path,
        page.purgedBy === 'event' ? samples.eventId : samples.editionEventId,
      ]),
    ];
    for (const [name, path, purged] of missTargets) {
      const purge = () => renameEvent(single.origin, cookie, purged);
      // A miss figure is only honest if every sample was one: a page the write did not purge would
      // be timed as a cache hit, so the run stops instead.
      const get = async () => {
        // A redirect is not followed: it would be timed as the page (and fails the check).
        const response = await fetch(single.origin + path, { headers: ENCODINGS.br, redirect: 'manual' });
        if (response.status !== 200 || response.headers.get('x-cache') === 'HIT') {
          throw new Error(`bench: ${path} answered ${response.status} x-cache ${response.headers.get('x-cache')} after a purging write`);
        }
        return response;
      };
      // A server that has just started compiles each route's code on its first renders: the
      // figures are those of a running server, after a few unmeasured misses of the same page.
      await timeSequential(WARM_UP_MISSES, get, purge);
      const timings = await timeSequential(missCount, get, purge);
      misses[name] = { p50: timings.p50, p95: timings.p95 };
      console.log(`miss ${name}: p50 ${timings.p50.toFixed(1)} ms, p95 ${timings.p95.toFixed(1)} ms`);
    }

    const hits: SizeReport['hits'] = {};
    const statics: SizeReport['statics'] = {};
    const bare: SizeReport['bare'] = {};
    const html: Record<string, string> = {};
    for (const [name, { path }] of Object.entries(hitPages)) html[name] = await (await fetch(single.origin + path)).text();
    // nginx and a bare Node server on the same bytes, each load right after the app's: the host's
    // speed drifts over minutes (decision 012), so the three are compared page by page, not block by block.
    const dir = makeTempDir('hub-bench-nginx-');
    const port = 20000 + Math.floor(Math.random() * 20000);
    const staticServer = nginx ? await startNginx(nginx, dir, port, html) : undefined;
    const bareNode = staticServer ? await startBareNode(join(dir, 'www'), port + 1) : undefined;
    try {
      for (const [name, { path, encodings }] of Object.entries(hitPages)) {
        hits[name] = {};
        statics[name] = {};
        bare[name] = {};
        for (const encoding of encodings) {
          const headers = ENCODINGS[encoding];
          // One unmeasured request makes the encoding's copy (a real client would have).
          await (await fetch(single.origin + path, { headers })).arrayBuffer();
          hits[name][encoding] = await runLoad(generator, single.origin + path, { connections, duration, headers });
          console.log(`hit ${name} ${encoding}: ${hits[name][encoding]!.rps.toFixed(0)} req/s, p99 ${hits[name][encoding]!.p99.toFixed(2)} ms`);
          // nginx has no brotli here: the app's brotli is compared with nginx's gzip (report.ts).
          if (!staticServer || !bareNode || encoding === 'br') continue;
          const result: LoadResult = await runLoad(generator, `${staticServer.origin}/${name}.html`, { connections, duration, headers });
          if (result.non2xx > 0 || result.errors > 0) throw new Error(`nginx failed ${name}: ${JSON.stringify(result)}`);
          statics[name][encoding] = result;
          console.log(`nginx ${name} ${encoding}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(2)} ms`);
          bare[name][encoding] = await runLoad(generator, `${bareNode.origin}/${name}.html`, { connections, duration, headers });
          console.log(`bare Node ${name} ${encoding}: ${bare[name][encoding]!.rps.toFixed(0)} req/s, p99 ${bare[name][encoding]!.p99.toFixed(2)} ms`);
        }
      }
    } finally {
      staticServer?.stop();
      bareNode?.stop();
    }

    const admin = await measureAdmin(single.origin, cookie, samples, missCount);
    const js = await measureHubJs(single.origin, {
      ...pages,
      search: searches[0]!.path,
      contact: '/en/hub/contact',
      ...Object.fromEntries(Object.entries(newPages).map(([name, page]) => [name, page.path])),
    });
    const crawlSingle = await crawlCold(generator, single.origin, singleSlugs);
    console.log(`cold crawl, 1 worker: ${crawlSingle.pagesPerSecond.toFixed(0)} pages/s (${crawlSingle.pages} pages, ${crawlSingle.failures} failures)`);
    const rssMb = treeMemoryMb(single.process.pid!).rss;
    const filled = await crawlUntilFull(single.origin, fillSlugs, cacheMb * 1024 * 1024);
    const rssFullMb = treeMemoryMb(single.process.pid!).rss;
    console.log(`1 worker: RSS ${rssMb.toFixed(0)} MB, ${rssFullMb.toFixed(0)} MB once ${filled.pages} pages filled the cache`);
    report = {
      events: size,
      seedSeconds: database.seedSeconds,
      databaseMb: databaseBytes(database.file) / 1024 / 1024,
      rssMb,
      rssFullMb,
      cacheMb,
      misses,
      hits,
      statics,
      bare,
      admin,
      js,
      crawlSingle,
      sentry: {},
    };
  } finally {
    await single.stop();
  }

  report.sentry = await measureWithSentry(database, pages.event);

  const all = await startBenchServer(database, workers);
  try {
    // Like the single server before its crawl, every worker has rendered pages before: a freshly
    // started worker compiles each route's code on its first renders.
    await crawlCold(generator, all.origin, fillSlugs.slice(0, 16 * workers));
    const crawlAll = await crawlCold(generator, all.origin, allSlugs);
    console.log(`cold crawl, ${workers} workers: ${crawlAll.pagesPerSecond.toFixed(0)} pages/s (${crawlAll.pages} pages, ${crawlAll.failures} failures)`);
    const filled = await crawlUntilFull(all.origin, fillSlugs, workers * cacheMb * 1024 * 1024);
    const { rss: rssAllFullMb, pss: pssAllFullMb } = treeMemoryMb(all.process.pid!);
    console.log(
      `${workers} workers: RSS of all processes ${rssAllFullMb.toFixed(0)} MB (PSS ${pssAllFullMb.toFixed(0)} MB) once ${filled.pages} pages filled every cache`,
    );
    reports.push({ ...report, workers, crawlAll, rssAllFullMb, pssAllFullMb });
  } finally {
    await all.stop();
  }
}

const markdown = [
  ...(reports.length > 0 ? [renderReport(reports, { connections, duration, generator, nginx: Boolean(nginx) })] : []),
  ...varnishReports.map((report) => renderVarnishReport(report.events, report)),
].join('\n\n');
console.log(`\n${markdown}`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, 'bench/results', `${new Date().toISOString().replaceAll(':', '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      connections,
      duration,
      generator,
      reports,
      ...(withStaticFiles ? { staticFiles } : {}),
      ...(varnishReports.length > 0 ? { varnish: varnishReports } : {}),
    },
    null,
    2,
  ),
);
console.log(`Results written to ${file}`);
