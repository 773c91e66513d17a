/**
 * The build's static files, answered by the server from a list made at start-up
 * (src/server/runtime/static-files.ts); everything else reaches Astro.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFiles, listStaticFiles } from '../../src/server/runtime/static-files.ts';
import { makeTempDir } from '../helpers/db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('the static file list', () => {
  const client = makeTempDir('hub-client-');
  mkdirSync(join(client, '_astro'), { recursive: true });
  mkdirSync(join(client, 'en/hub/about'), { recursive: true });
  mkdirSync(join(client, '.well-known'), { recursive: true });
  writeFileSync(join(client, '_astro/app.3f9a.js'), 'console.log(1)');
  writeFileSync(join(client, 'en/hub/about/index.html'), '<!doctype html><title>About</title>');
  writeFileSync(join(client, '.env'), 'SECRET=1');
  writeFileSync(join(client, '.well-known/security.txt'), 'Contact: mailto:team@example.org');

  it('maps files, prerendered folders with and without their slash, and no dot files', () => {
    const files = listStaticFiles(client);
    expect(Object.fromEntries(files)).toEqual({
      '/_astro/app.3f9a.js': '_astro/app.3f9a.js',
      '/en/hub/about/index.html': 'en/hub/about/index.html',
      '/en/hub/about/': 'en/hub/about/index.html',
      '/en/hub/about': 'en/hub/about/index.html',
      '/.well-known/security.txt': '.well-known/security.txt',
    });
  });

  let server: Server;
  let origin: string;
  beforeAll(async () => {
    const serve = createStaticFiles(client);
    server = createServer((req, res) => {
      if (!serve(req, res)) res.writeHead(418).end('not static');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());

  it('sends assets for a year, pages with validators, and leaves everything else alone', async () => {
    const asset = await fetch(`${origin}/_astro/app.3f9a.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(await asset.text()).toBe('console.log(1)');

    const page = await fetch(`${origin}/en/hub/about?ref=home`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<title>About</title>');
    // `fetch` marks conditional requests no-cache (a reload), so revalidate as a browser does.
    const again = await new Promise<number>((resolve, reject) =>
      request(`${origin}/en/hub/about`, { headers: { 'if-none-match': page.headers.get('etag')! } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end(),
    );
    expect(again).toBe(304);
    const part = await fetch(`${origin}/_astro/app.3f9a.js`, { headers: { range: 'bytes=0-6' } });
    expect([part.status, await part.text()]).toEqual([206, 'console']);

    for (const path of ['/.env', '/en/hub', '/en/hub/about/../../.env', '/%E0%A4%A']) {
      const other = await fetch(`${origin}${path}`);
      expect([path, other.status]).toEqual([path, 418]);
    }
    const post = await fetch(`${origin}/_astro/app.3f9a.js`, { method: 'POST' });
    expect(post.status).toBe(418);
  });
});

describe('static files in the production server', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ HUB_DEMO: '0' });
  });
  afterAll(() => app?.stop());

  it('serves pages with their security policy, and assets, through the server', async () => {
    const about = await fetch(`${app.origin}/fr/hub/about`);
    expect(about.status).toBe(200);
    expect(about.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(await about.text()).toContain('<html lang="fr"');
    const html = await (await fetch(`${app.origin}/en/hub`)).text();
    const script = /<script[^>]+src="(\/_astro\/[^"]+)"/.exec(html) ?? /href="(\/_astro\/[^"]+\.css)"/.exec(html);
    expect(script?.[1]).toBeTruthy();
    const asset = await fetch(`${app.origin}${script![1]}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${app.origin}/en/hub/no-such-page`)).status).toBe(404);
    expect((await fetch(`${app.origin}/en/hub/%E0%A4%A`)).status).toBe(400);
  });
});
