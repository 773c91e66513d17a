import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** Raw GET (fetch would decode bodies transparently). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(path, server.origin);
  return new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('front cache in the production server', () => {
  it('serves public pages compressed from memory, with ETag and 304', async () => {
    const first = await rawGet('/fr/hub', { 'accept-encoding': 'gzip, br' });
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const hit = await rawGet('/fr/hub', { 'accept-encoding': 'gzip, br' });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.headers.vary).toMatch(/Accept-Encoding/);
    expect(hit.headers['x-hub-cache']).toBeUndefined();
    expect(hit.headers['cache-control']).toMatch(/public.*s-maxage=\d+/);
    const html = brotliDecompressSync(hit.body).toString();
    expect(html).toContain('<html lang="fr"');

    const gzip = await rawGet('/fr/hub', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    const plain = await rawGet('/fr/hub');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);

    const notModified = await rawGet('/fr/hub', { 'if-none-match': String(hit.headers.etag), 'accept-encoding': 'br' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });

  it('never stores or serves admin pages, API answers or anything that sets cookies', async () => {
    for (const path of ['/en/admin', '/en/admin/events', '/api/admin/me', '/en/admin/sign-in']) {
      for (let i = 0; i < 2; i++) {
        const response = await rawGet(path, { cookie: 'session=someone' });
        expect(response.headers['x-cache'], path).toBeUndefined();
        expect(String(response.headers['cache-control']), path).toMatch(/private|no-store/);
      }
    }
  });

  it('keys on the full URL, so filtered views are cached apart', async () => {
    await rawGet('/en/hub?when=past');
    const past = await rawGet('/en/hub?when=past');
    const upcoming = await rawGet('/en/hub');
    expect(past.headers['x-cache']).toBe('HIT');
    expect(past.body.equals(upcoming.body)).toBe(false);
  });
});
