/**
 * `npm run soak [-- --seconds 60 --visitors 200 --editors 5 --front-cache-mb 64]`: a soak test of the production
 * server (not part of `npm test`). Starts it on 127.0.0.1 with a fresh demo database, drives
 * `visitors` concurrent connections through hub pages (autocannon, in its own process) while
 * `editors` signed-in editors create and update events through the admin API, then stops the
 * server gracefully and checks in the database file that every acknowledged write is there.
 * Prints the figures; exits 1 on any connection error, any 5xx, or any missing write.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../db/client.ts';
import { percentile } from '../bench/lib/load.ts';
import { startTestServer, type TestServer } from '../tests/helpers/server.ts';

interface VisitorOptions {
  url: string;
  connections: number;
  duration: number;
  requests: { method: 'GET'; path: string }[];
}

interface VisitorFigures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
}

// The subset of autocannon's API used here (it ships no types; see bench/autocannon.d.ts).
type RunLoad = (options: VisitorOptions & { pipelining: number }) => Promise<{
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}>;

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    visitors: { type: 'string', default: '200' },
    editors: { type: 'string', default: '5' },
    // Passed to the server as HUB_FRONT_CACHE_MB (unset: the server's default).
    'front-cache-mb': { type: 'string' },
    worker: { type: 'string' },
  },
});

/** Worker mode: one autocannon run in this process, its figures as JSON on stdout. */
async function runVisitorWorker(options: VisitorOptions): Promise<void> {
  const result = await (autocannon as unknown as RunLoad)({ ...options, pipelining: 1 });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]));
  const figures: VisitorFigures = {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
  process.stdout.write(JSON.stringify(figures));
}

function startVisitors(options: VisitorOptions): Promise<VisitorFigures> {
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [self, '--worker', JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as VisitorFigures) : reject(new Error(`visitor load exited with ${code}`))));
  });
}

const PASSWORD = 'soak-password-of-some-length';
/** Seconds the visitors browse alone before the editors start (their connections open meanwhile). */
const WARM_UP_SECONDS = 3;

async function signUp(origin: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ name: email.split('@')[0], email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-up of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0])
    .join('; ');
}

interface Acknowledged {
  id: number;
  version: number;
  title: string;
}

interface EditorFigures {
  attempted: number;
  /** Writes answered 2xx. */
  acked: number;
  acknowledged: Map<number, Acknowledged>;
  failures: string[];
  latencies: number[];
}

/** One editor: create an event, rename it, repeat until `until`. Each 2xx answer is recorded. */
async function runEditor(origin: string, cookie: string, index: number, tagIds: number[], until: number, figures: EditorFigures): Promise<void> {
  const send = async (method: string, path: string, body: unknown) => {
    figures.attempted++;
    const started = performance.now();
    try {
      const response = await fetch(`${origin}${path}`, { method, headers: { cookie, origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const text = await response.text();
      figures.latencies.push(performance.now() - started);
      if (response.ok) {
        figures.acked++;
        return JSON.parse(text) as { id: number; version: number };
      }
      figures.failures.push(`${method} ${path} → ${response.status} ${text.slice(0, 200)}`);
    } catch (error) {
      figures.failures.push(`${method} ${path} → ${String(error)}`);
    }
    return undefined;
  };
  for (let n = 0; Date.now() < until; n++) {
    const title = `Soak ${index}-${n}`;
    const created = await send('POST', '/api/admin/events', {
      startsAt: '2034-05-01T18:00:00+02:00',
      endsAt: '2034-05-01T20:00:00+02:00',
      timeZone: 'Europe/Berlin',
      venueAddress: 'Soak Hall',
      status: 'published',
      tagIds: [tagIds[n % tagIds.length]!],
      translations: { en: { title }, fr: { title: `${title} (fr)` }, de: { title: `${title} (de)` } },
    });
    if (!created) continue;
    figures.acknowledged.set(created.id, { id: created.id, version: created.version, title });
    const renamed = `${title} renamed`;
    const patched = await send('PATCH', `/api/admin/events/${created.id}`, { version: created.version, translations: { en: { title: renamed } } });
    if (patched) figures.acknowledged.set(created.id, { id: created.id, version: patched.version, title: renamed });
  }
}

/** Acknowledged writes missing (or older than acknowledged) in the database file. */
async function findMissingWrites(databaseUrl: string, writes: Acknowledged[]): Promise<string[]> {
  const db = await openDatabase({ url: databaseUrl });
  const missing: string[] = [];
  try {
    for (const write of writes) {
      const result = await db.$client.execute({
        sql: "SELECT e.version, t.title FROM events e JOIN event_translations t ON t.event_id = e.id AND t.locale = 'en' WHERE e.id = ?",
        args: [write.id],
      });
      const row = result.rows[0];
      if (!row || Number(row['version']) !== write.version || row['title'] !== write.title)
        missing.push(`event ${write.id} (${write.title}, v${write.version})`);
    }
  } finally {
    db.$client.close();
  }
  return missing;
}

async function pickPages(databaseUrl: string): Promise<string[]> {
  const db = await openDatabase({ url: databaseUrl });
  try {
    const slugs = async (sql: string) => (await db.$client.execute(sql)).rows.map((row) => String(row['slug']));
    const events = await slugs("SELECT slug FROM events WHERE status = 'published' AND publish_at IS NULL ORDER BY id LIMIT 4");
    const editions = await slugs("SELECT slug FROM editions WHERE status = 'published' ORDER BY id LIMIT 3");
    return ['en', 'fr', 'de'].flatMap((locale) => [
      `/${locale}/hub`,
      `/${locale}/hub/search?q=music`,
      ...events.slice(0, 4).map((slug) => `/${locale}/hub/event/${slug}`),
      ...editions.map((slug) => `/${locale}/hub/edition/${slug}`),
    ]);
  } finally {
    db.$client.close();
  }
}

function formatRow(label: string, value: string | number): string {
  return `  ${label.padEnd(30)} ${value}`;
}

async function main(): Promise<number> {
  const seconds = Number(values.seconds);
  const visitors = Number(values.visitors);
  const editorCount = Number(values.editors);
  const emails = Array.from({ length: editorCount }, (_, i) => `soak-editor-${i}@soak.example`);
  console.log(`Starting the production server with demo content…`);
  let server: TestServer | undefined;
  try {
    const frontCache = values['front-cache-mb'];
    server = await startTestServer({ HUB_EDITOR_EMAILS: emails.join(','), ...(frontCache === undefined ? {} : { HUB_FRONT_CACHE_MB: frontCache }) });
    const origin = server.origin;
    await signUp(origin, 'soak-admin@soak.example'); // the first account becomes admin
    const cookies = await Promise.all(emails.map((email) => signUp(origin, email)));
    const pages = await pickPages(server.databaseUrl);
    for (const page of pages) {
      const response = await fetch(`${origin}${page}`);
      if (response.status !== 200) throw new Error(`${page} answered ${response.status} before the soak`);
    }
    const tags = await fetch(`${origin}/api/admin/tags?limit=10`, { headers: { cookie: cookies[0]!, origin } }).then(
      (r) => r.json() as Promise<{ items: { id: number }[] }>,
    );

    console.log(`Soaking ${origin} for ${seconds} s: ${visitors} visitors on ${pages.length} hub pages, ${editorCount} editors writing…`);
    const editors: EditorFigures = { attempted: 0, acked: 0, acknowledged: new Map(), failures: [], latencies: [] };
    // Visitors connect first, editors start once those connections are open: a server whose
    // event loop is busy rendering accepts new connections slowly (see docs/decisions/010), and
    // a connection storm at the same instant as the first writes would measure that, not the soak.
    const visitorLoad = startVisitors({
      url: origin,
      connections: visitors,
      duration: seconds + WARM_UP_SECONDS,
      requests: pages.map((path) => ({ method: 'GET', path })),
    });
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_SECONDS * 1000));
    const until = Date.now() + seconds * 1000;
    const [visitorFigures] = await Promise.all([
      visitorLoad,
      ...cookies.map((cookie, i) =>
        runEditor(
          origin,
          cookie,
          i,
          tags.items.map((tag) => tag.id),
          until,
          editors,
        ),
      ),
    ]);

    const readiness = await fetch(`${origin}/readyz`).then((r) => r.status);
    const databaseUrl = server.databaseUrl;
    await server.stop();
    server = undefined;
    const writes = [...editors.acknowledged.values()];
    const missing = await findMissingWrites(databaseUrl, writes);
    const fiveHundreds = Object.entries(visitorFigures.statuses)
      .filter(([code]) => Number(code) >= 500)
      .reduce((sum, [, count]) => sum + count, 0);

    console.log('\nSoak figures');
    console.log(formatRow('duration', `${seconds} s of writes (+${WARM_UP_SECONDS} s visitors alone first)`));
    console.log(formatRow('visitor requests', visitorFigures.requests));
    console.log(formatRow('visitor req/s (mean)', visitorFigures.rps.toFixed(0)));
    console.log(formatRow('visitor latency p50 / p99', `${visitorFigures.p50} ms / ${visitorFigures.p99} ms`));
    console.log(formatRow('visitor statuses', JSON.stringify(visitorFigures.statuses)));
    console.log(formatRow('visitor errors / timeouts', `${visitorFigures.errors} / ${visitorFigures.timeouts}`));
    console.log(formatRow('visitor 5xx', fiveHundreds));
    console.log(formatRow('writes attempted', editors.attempted));
    console.log(formatRow('writes acknowledged (2xx)', editors.acked));
    console.log(
      formatRow('write latency p50 / p99', `${percentile(editors.latencies, 50).toFixed(1)} ms / ${percentile(editors.latencies, 99).toFixed(1)} ms`),
    );
    console.log(formatRow('write failures', editors.failures.length));
    console.log(formatRow('events written (final state)', writes.length));
    console.log(formatRow('verified present after stop', writes.length - missing.length));
    console.log(formatRow('/readyz right after the load', readiness));
    for (const failure of editors.failures.slice(0, 10)) console.log(`  failure: ${failure}`);
    for (const item of missing.slice(0, 10)) console.log(`  missing: ${item}`);

    const ok =
      visitorFigures.errors === 0 &&
      visitorFigures.timeouts === 0 &&
      fiveHundreds === 0 &&
      editors.failures.length === 0 &&
      missing.length === 0 &&
      writes.length > 0;
    console.log(ok ? '\nSOAK PASSED' : '\nSOAK FAILED');
    return ok ? 0 : 1;
  } finally {
    await server?.stop();
  }
}

if (values.worker) await runVisitorWorker(JSON.parse(values.worker) as VisitorOptions);
else process.exitCode = await main();
