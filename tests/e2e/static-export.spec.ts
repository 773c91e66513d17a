/**
 * The static archive (decision 052) in Chromium, served by a plain static file server and
 * nothing else: the export's own server has stopped, and no request leaves the static host. A
 * visitor goes home → edition → event → search, and Pagefind answers in German with and without
 * umlauts ("Gespräch", "Gesprach", "Gespraech").
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { exportSite } from '../../src/server/static-export/export-site.ts';
import { makeTempDir } from '../helpers/db.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

/** What any static host does: files as they are, a folder's index.html, a slash added to a folder. */
function serveFolder(dir: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) {
      if (!path.endsWith('/')) return void res.writeHead(301, { location: `${path}/` }).end();
      return send(join(file, 'index.html'));
    }
    send(file);
    function send(target: string) {
      if (!existsSync(target)) return void res.writeHead(404).end('not found');
      res.writeHead(200, { 'content-type': types[extname(target)] ?? 'application/octet-stream' });
      createReadStream(target).pipe(res);
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server })),
  );
}

let site: { origin: string; server: Server };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const out = join(makeTempDir('hub-archive-'), 'site');
  const serverDir = process.env.E2E_SERVER_DIR!;
  await exportSite(
    root,
    { out, edition: 'common-ground-autumn-2026' },
    { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL!, UPLOADS_DIR: join(serverDir, 'uploads'), MAIL_DIR: join(serverDir, 'mail') },
  );
  site = await serveFolder(out);
});

test.afterAll(() => new Promise<void>((resolve) => site.server.close(() => resolve())));

/** Every request the page makes, so the test can say none left the static host. */
function recordOrigins(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  return origins;
}

test('a visitor browses the archive from a static host and searches it', async ({ page }) => {
  const origins = recordOrigins(page);
  await page.goto(`${site.origin}/`);
  await page.waitForURL(`${site.origin}/en/`);
  await page.getByRole('link', { name: 'See the edition and its programme' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Common Ground/);
  const eventLink = page.locator('a.programme-title').filter({ visible: true }).first();
  const title = (await eventLink.textContent())!.trim();
  await eventLink.click();
  await expect(page).toHaveURL(/\/en\/hub\/event\/[a-z0-9-]+\/$/);
  const eventUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('#archive-note')).toBeVisible();
  // Every image the page shows came from the archive.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));

  await page.getByRole('link', { name: 'Search', exact: true }).first().click();
  await page.locator('.pagefind-ui__search-input').fill(title);
  const result = page.locator('.pagefind-ui__result-link', { hasText: title }).first();
  await result.click();
  await expect(page).toHaveURL(eventUrl);
  expect([...origins]).toEqual([site.origin]);
});

test('the German search finds "Gespräch" typed with, without and spelled around its umlaut', async ({ page }) => {
  const counts: Record<string, number> = {};
  for (const query of ['Gespräch', 'Gesprach', 'Gespraech']) {
    await page.goto(`${site.origin}/de/hub/search/?q=${encodeURIComponent(query)}`);
    await expect(page.locator('.pagefind-ui__message')).toHaveText(/\d/);
    counts[query] = await page.locator('.pagefind-ui__result').count();
  }
  expect(counts['Gespräch']).toBeGreaterThan(0);
  expect(counts).toEqual({ Gespräch: counts['Gespräch'], Gesprach: counts['Gespräch'], Gespraech: counts['Gespräch'] });
});

test('the search keeps the hub search facets', async ({ page }) => {
  await page.goto(`${site.origin}/de/hub/search/?q=Gespr%C3%A4ch`);
  await expect(page.locator('.pagefind-ui__result').first()).toBeVisible();
  for (const facet of ['Art', 'Ausgabe', 'Thema', 'Wann']) await expect(page.locator('.pagefind-ui__filter-name', { hasText: facet })).toBeVisible();
});
