/**
 * `node scripts/measure-admin-js.ts`: how much JavaScript a first load of each admin screen
 * makes the browser download, gzipped — the issue's budget is 150 KB.
 *
 * For each page it reads the HTML the server sends (signed in), takes every script it references
 * (module scripts, modulepreloads, each island's component and renderer, inline scripts) and
 * follows their static imports through the built chunks in `<dist>/client`; dynamic `import()`s
 * (e.g. the Markdown preview) load later and are not counted. Sizes are gzip level 6, what a
 * typical server or CDN sends.
 *
 * Options:
 *   --origin <url> --cookie <cookie>  measure a running server (otherwise one is started on a
 *                                     temporary demo database and its first account is used)
 *   --pages </en/admin/events,…>      pages to load (default: every list, create and edit page, and
 *                                     every admin screen without an id: dashboard, programme, …)
 *   --budget <KB>                     exit 1 when a page exceeds it (default 150)
 *   --json                            print JSON (for the benchmark) instead of a table
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { collectionNames } from '../src/lib/collections/declare.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

const { values: options } = parseArgs({
  options: {
    origin: { type: 'string' },
    cookie: { type: 'string', default: '' },
    pages: { type: 'string' },
    budget: { type: 'string', default: '150' },
    json: { type: 'boolean', default: false },
  },
});

export interface PageMeasure {
  page: string;
  files: { url: string; bytes: number; gzip: number }[];
  inlineGzip: number;
  totalGzip: number;
}

const gzipSize = (data: string | Buffer) => gzipSync(data, { level: 6 }).length;

/** Static import specifiers of a built ES module (not `import()`). */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** Script URLs referenced by a page's HTML, and the text of its inline scripts. */
function scriptsOf(html: string): { urls: string[]; inline: string[] } {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) if (match[1]) urls.add(match[1]);
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  for (const code of inline) for (const spec of staticImports(code)) if (spec.startsWith('/')) urls.add(spec);
  return { urls: [...urls], inline };
}

/** Measures one page: its scripts and the closure of their static imports. */
export function measureHtml(page: string, html: string, clientDir: string): PageMeasure {
  const { urls, inline } = scriptsOf(html);
  const seen = new Map<string, { bytes: number; gzip: number }>();
  const queue = urls.filter((url) => url.startsWith('/'));
  while (queue.length) {
    const url = queue.shift()!.split('?')[0]!;
    if (seen.has(url)) continue;
    const code = readFileSync(join(clientDir, url), 'utf8');
    seen.set(url, { bytes: Buffer.byteLength(code), gzip: gzipSize(code) });
    for (const spec of staticImports(code)) queue.push(new URL(spec, `http://x${url}`).pathname);
  }
  const files = [...seen].map(([url, size]) => ({ url, ...size })).sort((a, b) => b.gzip - a.gzip);
  const inlineGzip = inline.filter((code) => code.trim()).reduce((sum, code) => sum + gzipSize(code), 0);
  return { page, files, inlineGzip, totalGzip: files.reduce((sum, file) => sum + file.gzip, 0) + inlineGzip };
}

interface Session {
  origin: string;
  cookie: string;
  stop: () => void;
}

/** Starts the production server on a temporary demo database and signs up its first account. */
async function startServer(): Promise<Session> {
  const dir = mkdtempSync(join(tmpdir(), 'measure-admin-js-'));
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATABASE_URL: `file:${join(dir, 'hub.db')}`, UPLOADS_DIR: join(dir, 'uploads'), HUB_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  const origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const account = { email: 'measure@example.test', password: 'a long measuring password' };
  const post = (path: string, body: unknown) =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
  // Signing up creates the account without signing it in (its answer sets no session): sign in after.
  const created = await post('/api/auth/sign-up/email', { name: 'Measure', ...account });
  if (!created.ok) throw new Error(`sign-up failed: ${created.status}`);
  const signedIn = await post('/api/auth/sign-in/email', account);
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .filter((c) => !/;\s*max-age=0/i.test(c))
    .map((c) => c.split(';', 1)[0])
    .join('; ');
  return { origin, cookie, stop };
}

/** Admin screens that take no id (`src/pages/[locale]/admin/**.astro` without a `[…]` segment), less the signed-out ones. */
export function staticAdminScreens(pagesDir = join(root, 'src/pages/[locale]/admin')): string[] {
  const signedOut = /^(sign-in|sign-up|forbidden|unauthorized)(\/|$)/;
  return (readdirSync(pagesDir, { recursive: true }) as string[])
    .map((file) => file.split(sep).join('/'))
    .filter((file) => file.endsWith('.astro') && !file.includes('['))
    .map((file) => file.replace(/\.astro$/, ''))
    .filter((screen) => !signedOut.test(screen))
    .map((screen) => `/en/admin/${screen.replace(/(^|\/)index$/, '')}`.replace(/\/$/, ''))
    .sort();
}

/** Every admin screen: each collection's list, create and first edit page, and every screen without an id. */
async function defaultPages(origin: string, cookie: string): Promise<string[]> {
  const pages: string[] = [];
  for (const collection of collectionNames) {
    pages.push(`/en/admin/${collection}`, `/en/admin/${collection}/new`);
    const list = await fetch(`${origin}/api/admin/${collection}?limit=1`, { headers: { cookie } });
    const first = list.ok ? ((await list.json()) as { items: { id: number }[] }).items[0] : undefined;
    if (first) pages.push(`/en/admin/${collection}/${first.id}`);
  }
  return [...pages, ...staticAdminScreens()];
}

async function main(): Promise<void> {
  const clientDir = join(root, process.env.HUB_DIST_DIR || 'dist', 'client');
  const session = options.origin ? { origin: options.origin, cookie: options.cookie!, stop: () => undefined } : await startServer();
  try {
    const pages = options.pages ? options.pages.split(',') : await defaultPages(session.origin, session.cookie);
    const results: PageMeasure[] = [];
    for (const page of pages) {
      const response = await fetch(`${session.origin}${page}`, { headers: { cookie: session.cookie }, redirect: 'manual' });
      if (response.status !== 200) throw new Error(`${page} answered ${response.status}: is the cookie of a staff account?`);
      results.push(measureHtml(page, await response.text(), clientDir));
    }
    const budget = Number(options.budget) * 1024;
    const worst = Math.max(...results.map((r) => r.totalGzip));
    if (options.json) {
      console.log(JSON.stringify({ budgetBytes: budget, maxGzipBytes: worst, pages: results }, null, 2));
    } else {
      for (const result of results) console.log(`${(result.totalGzip / 1024).toFixed(1).padStart(7)} KB  ${result.page}  (${result.files.length} files)`);
      const heaviest = results.find((r) => r.totalGzip === worst)!;
      console.log(`\nHeaviest first load: ${heaviest.page}, ${(worst / 1024).toFixed(1)} KB gzipped (budget ${options.budget} KB)`);
      for (const file of heaviest.files) console.log(`${(file.gzip / 1024).toFixed(1).padStart(7)} KB  ${file.url}`);
      if (heaviest.inlineGzip) console.log(`${(heaviest.inlineGzip / 1024).toFixed(1).padStart(7)} KB  (inline scripts)`);
    }
    process.exitCode = worst > budget ? 1 : 0;
  } finally {
    session.stop();
  }
}

// Run as a command, not when a test imports `staticAdminScreens`.
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
