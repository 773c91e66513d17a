/**
 * `node bench/export-profile.ts <events> [--per-kind N]`: what each kind of archived page costs
 * the hub server (decision 052). Starts the server the export starts (`startAppServer`, no page
 * cache) on a benchmark database and asks for a sample of each kind one at a time, reading the
 * server's CPU time before and after each request, so the figures hold on a shared machine
 * (CPU seconds, unlike wall time, do not grow with other sessions' load; 10 ms ticks, so read
 * them as averages over the sample). Prints JSON: per kind, requests, mean server CPU ms and mean
 * wall ms.
 */
import { createClient } from '@libsql/client';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startAppServer } from '../src/server/static-export/app-server.ts';
import { watchPeakRss } from '../src/server/static-export/peak-rss.ts';
import { urlKindOf } from '../src/server/static-export/url-kinds.ts';
import { ensureBenchDatabase } from './lib/databases.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'per-kind': { type: 'string', default: '40' } } });
const perKind = Number(values['per-kind']);
const database = ensureBenchDatabase(root, Number(positionals[0] ?? 2000));
const client = createClient({ url: database.url });
const now = Date.now();
const PUBLIC = `status = 'published' AND (publish_at IS NULL OR publish_at <= ${now}) AND (unpublish_at IS NULL OR unpublish_at > ${now})`;
const column = async (sql: string) => (await client.execute(sql)).rows.map((row) => String(Object.values(row)[0]));
const eventSlugs = await column(`SELECT slug FROM events WHERE ${PUBLIC} ORDER BY random() LIMIT ${perKind}`);
const [pastCount] = await column(`SELECT count(*) FROM events WHERE ${PUBLIC} AND ends_at < ${now}`);
const tags = await column(`SELECT slug FROM tags LIMIT 5`);
const editions = await column(`SELECT slug FROM editions WHERE ${PUBLIC}`);
const venues = await column(`SELECT slug FROM venues WHERE status = 'published'`);
client.close();
const lastPastPage = Math.max(2, Math.ceil(Number(pastCount) / 24));
// Deep pages spread over the whole past list, as the archive asks for every one of them.
const deepPages = Array.from({ length: perKind }, (_, i) => 2 + Math.floor((i * (lastPastPage - 1)) / perKind));
const locales = ['en', 'fr', 'de'];
const urls = [
  ...eventSlugs.map((slug, i) => `/${locales[i % 3]}/hub/event/${slug}`),
  ...eventSlugs.map((slug, i) => `/${locales[i % 3]}/embed/event/${slug}`),
  ...deepPages.map((page, i) => `/${locales[i % 3]}/hub?when=past&page=${page}`),
  ...tags.flatMap((tag) => locales.map((locale) => `/${locale}/hub?tag=${tag}&when=past`)),
  ...editions.flatMap((slug) => locales.map((locale) => `/${locale}/hub/edition/${slug}`)),
  ...venues.flatMap((slug) => locales.map((locale) => `/${locale}/hub/venue/${slug}`)),
];
const server = await startAppServer({
  root,
  siteOrigin: undefined,
  workers: 1,
  env: { ...process.env, DATABASE_URL: database.url, UPLOADS_DIR: database.uploadsDir },
});
const cpu = watchPeakRss(server.process.pid!);
const byKind: Record<string, { requests: number; statuses: Record<number, number>; serverCpuMs: number; wallMs: number }> = {};
try {
  // One warm-up pass (compiled code paths, SQLite page cache), then the measured pass.
  for (const url of urls) await (await fetch(new URL(url, server.origin))).arrayBuffer();
  for (const url of urls) {
    const before = cpu.cpuSeconds();
    const startedAt = performance.now();
    const response = await fetch(new URL(url, server.origin), { redirect: 'manual' });
    await response.arrayBuffer();
    const wall = performance.now() - startedAt;
    const entry = (byKind[urlKindOf(url)] ??= { requests: 0, statuses: {}, serverCpuMs: 0, wallMs: 0 });
    entry.requests++;
    entry.statuses[response.status] = (entry.statuses[response.status] ?? 0) + 1;
    entry.serverCpuMs += (cpu.cpuSeconds() - before) * 1000;
    entry.wallMs += wall;
  }
} finally {
  await server.stop();
}
const perRequest = Object.fromEntries(
  Object.entries(byKind).map(([kind, e]) => [
    kind,
    {
      requests: e.requests,
      statuses: e.statuses,
      serverCpuMsPerRequest: +(e.serverCpuMs / e.requests).toFixed(1),
      wallMsPerRequest: +(e.wallMs / e.requests).toFixed(1),
    },
  ]),
);
console.log(JSON.stringify({ events: database.events, pastListPages: lastPastPage, byKind: perRequest }, null, 2));
