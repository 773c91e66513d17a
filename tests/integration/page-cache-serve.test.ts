import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** Raw request (fetch would decode bodies transparently). */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(path, server.origin);
  return new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path, headers, method }, (res) => {
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

  it('compresses a miss once for its client and adds the encoding a later client prefers', async () => {
    const page = '/de/hub/search?when=upcoming';
    const miss = await rawGet(page, { 'accept-encoding': 'gzip' });
    expect([miss.headers['x-cache'], miss.headers['content-encoding']]).toEqual(['MISS', 'gzip']);
    const html = gunzipSync(miss.body).toString();
    // Brotli is preferred but only gzip is stored yet: gzip now, brotli once it has been made.
    const first = await rawGet(page, { 'accept-encoding': 'br, gzip' });
    expect([first.headers['x-cache'], first.headers['content-encoding']]).toEqual(['HIT', 'gzip']);
    let later = first;
    for (let attempt = 0; attempt < 100 && later.headers['content-encoding'] !== 'br'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      later = await rawGet(page, { 'accept-encoding': 'br, gzip' });
    }
    expect(later.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(later.body).toString()).toBe(html);
    expect(later.headers['content-length']).toBe(String(later.body.length));
    // A client accepting only brotli, before any brotli copy exists, gets one made for it at once.
    await rawGet(`${page}&page=1`, { 'accept-encoding': 'gzip' });
    const brOnly = await rawGet(`${page}&page=1`, { 'accept-encoding': 'br' });
    expect([brOnly.headers['x-cache'], brOnly.headers['content-encoding']]).toEqual(['HIT', 'br']);
    expect(brotliDecompressSync(brOnly.body).toString()).toContain('<html lang="de"');
  });

  it('answers a miss with a quickly made brotli copy, and a page asked again with a smaller one', async () => {
    const page = '/en?ref=quick';
    const miss = await rawGet(page, { 'accept-encoding': 'br' });
    expect([miss.headers['x-cache'], miss.headers['content-encoding']]).toEqual(['MISS', 'br']);
    const html = brotliDecompressSync(miss.body).toString();
    const hit = await rawGet(page, { 'accept-encoding': 'br' });
    expect(hit.body.equals(miss.body)).toBe(true);
    let later = hit;
    for (let attempt = 0; attempt < 100 && later.body.length >= miss.body.length; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      later = await rawGet(page, { 'accept-encoding': 'br' });
    }
    expect(later.body.length).toBeLessThan(miss.body.length);
    expect(brotliDecompressSync(later.body).toString()).toBe(html);
    expect(later.headers['content-length']).toBe(String(later.body.length));
    expect(later.headers.etag).toBe(miss.headers.etag);
  });

  it('never keeps what a visitor typed into search, in this server or a CDN', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await rawGet('/en/hub/search?q=jazz');
      expect(response.status).toBe(200);
      expect(response.headers['x-cache']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
    // The same page without typed words is an ordinary page.
    await rawGet('/en/hub/search?type=event');
    expect((await rawGet('/en/hub/search?type=event')).headers['x-cache']).toBe('HIT');
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

  it('answers a hit with the same headers the rendered page had (security headers, CSP, cache policy)', async () => {
    const path = '/de/hub';
    const miss = await rawGet(path, { 'accept-encoding': 'gzip' });
    const hit = await rawGet(path, { 'accept-encoding': 'gzip' });
    expect([miss.headers['x-cache'], hit.headers['x-cache']]).toEqual(['MISS', 'HIT']);
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, 'x-cache': _state, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
      return rest;
    };
    expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
    expect(hit.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
    expect(hit.headers['content-length']).toBe(String(hit.body.length));
    expect(hit.body.equals(miss.body)).toBe(true);
  });

  it('answers HEAD exactly as GET, so HEAD tells nothing GET would not', async () => {
    const path = '/de/hub?when=past';
    const head = await rawGet(path, { 'accept-encoding': 'gzip' }, 'HEAD');
    const get = await rawGet(path, { 'accept-encoding': 'gzip' });
    const headAgain = await rawGet(path, { 'accept-encoding': 'gzip' }, 'HEAD');
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
      return rest;
    };
    // A cold HEAD renders and keeps the page as a GET would: it is a miss, and the GET a hit.
    expect([head.status, head.headers['x-cache'], get.headers['x-cache']]).toEqual([200, 'MISS', 'HIT']);
    expect(head.body.length).toBe(0);
    expect(comparable(headAgain.headers)).toEqual(comparable(get.headers));
    expect(head.headers['content-length']).toBe(String(get.body.length));
  });

  it('keeps an identity copy for clients that send no Accept-Encoding', async () => {
    const path = '/fr/hub?when=past';
    const miss = await rawGet(path);
    const hit = await rawGet(path);
    expect([miss.headers['x-cache'], hit.headers['x-cache']]).toEqual(['MISS', 'HIT']);
    expect(hit.headers['content-encoding']).toBeUndefined();
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(hit.body.toString()).toContain('<html lang="fr"');
    // A compressed client then gets its own copy, decoding to the same page.
    const gzip = await rawGet(path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(hit.body)).toBe(true);
  });

  it('answers 405 with Allow to methods a hub page does not serve, and never leaks internal headers', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const path of ['/en/hub', '/fr', `/de/hub/search?q=x`]) {
        const response = await rawGet(path, { origin: server.origin, 'content-type': 'application/x-www-form-urlencoded' }, method);
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.allow, `${method} ${path}`).toBe('GET, HEAD');
        expect(
          Object.keys(response.headers).filter((name) => /^x-(hub|astro)-/.test(name)),
          `${method} ${path}`,
        ).toEqual([]);
      }
    }
    // The contact form posts to its page.
    expect((await rawGet('/en/hub/contact', { 'content-type': 'text/plain' }, 'PUT')).headers.allow).toBe('GET, HEAD, POST');
  });

  it('never leaks an internal header on a URL too long to be kept', async () => {
    const path = `/en?ref=${'a'.repeat(2100)}`;
    for (const method of ['GET', 'HEAD']) {
      const response = await rawGet(path, { 'accept-encoding': 'gzip' }, method);
      expect(response.status).toBe(200);
      expect(response.headers['x-cache']).toBeUndefined();
      expect(Object.keys(response.headers).filter((name) => /^x-(hub|astro)-/.test(name))).toEqual([]);
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

describe('front cache without the diagnostic header', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({ HUB_DEBUG_CACHE_HEADER: '0' });
  });
  afterAll(() => plain?.stop());

  it('does not tell a visitor whether someone else fetched the page', async () => {
    const first = await plain.get('/en/hub');
    const second = await plain.get('/en/hub');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual([null, null]);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  });
});
