/**
 * Compressed responses (decision 044): the build's text files get brotli and gzip copies
 * (src/server/runtime/precompress.ts) that the server sends by `Accept-Encoding`
 * (static-files.ts); rendered responses the page cache does not keep are compressed on the fly
 * (src/server/http/compress-responses.ts). Whatever the encoding, the client gets the same bytes.
 */
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_COMPRESSED_BYTES, withCompression } from '../../src/server/http/compress-responses.ts';
import { precompressFiles } from '../../src/server/runtime/precompress.ts';
import { createStaticFiles, listStaticFiles } from '../../src/server/runtime/static-files.ts';
import { makeTempDir } from '../helpers/db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface WireResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it came over the wire. */
  bytes: Buffer;
  /** The body once its content coding is undone. */
  decoded: Buffer;
}

/** One request through node:http, which (unlike `fetch`) shows the body as it was sent. */
function wire(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        // A HEAD (or 304) says how a body would be coded but has none to decode.
        const coding = bytes.length ? res.headers['content-encoding'] : undefined;
        const decoded = coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, decoded });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const stylesheet = `${'.programme-card { color: #1d1d1f; padding: 1rem 1.25rem; }\n'.repeat(200)}`;

describe('the build writes compressed copies of its text files', () => {
  const client = makeTempDir('hub-precompress-');
  mkdirSync(join(client, '_astro'), { recursive: true });
  writeFileSync(join(client, '_astro/hub.3f9a.css'), stylesheet);
  writeFileSync(join(client, '_astro/face.9b1c.woff2'), Buffer.alloc(4096, 7));
  writeFileSync(join(client, 'tiny.txt'), 'a');
  let summary: Awaited<ReturnType<typeof precompressFiles>>;
  beforeAll(async () => {
    summary = await precompressFiles(client);
  });
  afterAll(() => server?.close());

  it('writes brotli and gzip copies of the same bytes, none for fonts or where nothing is saved', () => {
    expect(brotliDecompressSync(readFileSync(join(client, '_astro/hub.3f9a.css.br'))).toString()).toBe(stylesheet);
    expect(gunzipSync(readFileSync(join(client, '_astro/hub.3f9a.css.gz'))).toString()).toBe(stylesheet);
    expect(existsSync(join(client, '_astro/face.9b1c.woff2.br'))).toBe(false);
    expect(existsSync(join(client, 'tiny.txt.br'))).toBe(false);
    expect(summary.files).toBe(2);
    expect(summary.sent.br).toBeLessThan(summary.bytes / 10);
    // The copies are encodings of their file, not URLs of their own.
    expect([...listStaticFiles(client).keys()].sort()).toEqual(['/_astro/face.9b1c.woff2', '/_astro/hub.3f9a.css', '/tiny.txt']);
  });

  let server: Server;
  it('sends the copy the client takes, and the file itself for a range', async () => {
    const serve = createStaticFiles(client);
    server = createServer((req, res) => {
      if (!serve(req, res)) res.writeHead(418).end();
    });
    const url = `${await listen(server)}/_astro/hub.3f9a.css`;
    const tags = new Set<string>();
    for (const [accept, coding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=1, br;q=0', 'gzip'],
      ['', undefined],
      ['br;q=0, gzip;q=0', undefined],
    ] as const) {
      const response = await wire(url, accept ? { 'accept-encoding': accept } : {});
      expect([accept, response.status, response.headers['content-encoding']]).toEqual([accept, 200, coding]);
      expect(response.decoded.toString()).toBe(stylesheet);
      expect(response.headers['content-length']).toBe(String(response.bytes.length));
      expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(response.headers['vary']).toBe('Accept-Encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      tags.add(response.headers.etag!);
      // Revalidation is answered for the copy the client holds, with the same caching headers.
      const again = await wire(url, { ...(accept ? { 'accept-encoding': accept } : {}), 'if-none-match': response.headers.etag! });
      expect([again.status, again.headers['cache-control'], again.headers.etag]).toEqual([304, 'public, max-age=31536000, immutable', response.headers.etag]);
      // HEAD tells what GET sends.
      const head = await wire(url, accept ? { 'accept-encoding': accept } : {}, 'HEAD');
      expect([head.headers['content-encoding'], head.headers['content-length'], head.bytes.length]).toEqual([coding, response.headers['content-length'], 0]);
    }
    expect(tags.size).toBe(3);

    const part = await wire(url, { 'accept-encoding': 'br, gzip', range: 'bytes=0-17' });
    expect([part.status, part.headers['content-encoding'], part.headers['content-range'], part.bytes.toString()]).toEqual([
      206,
      undefined,
      `bytes 0-17/${stylesheet.length}`,
      stylesheet.slice(0, 18),
    ]);
    expect((await wire(`${url}.br`)).status).toBe(418);
  });
});

describe('rendered responses are compressed on the fly', () => {
  const large = `<!doctype html><title>Inbox</title>${'<p>A message from a visitor about the programme.</p>\n'.repeat(100)}`;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer(
      withCompression((req, res: ServerResponse) => {
        const url = req.url ?? '/';
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        if (url === '/streamed') {
          // Written in pieces, length unannounced, as Astro's adapter writes a page.
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: 'W/"page"' });
          for (let i = 0; i < large.length; i += 500) res.write(Buffer.from(large.slice(i, i + 500)));
          return void res.end();
        }
        if (url === '/short') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        if (url === '/untouched') return void res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'private, no-transform' }).end(large);
        if (url === '/validated') return void res.writeHead(200, { 'content-type': 'image/svg+xml', etag: '"logo"' }).end(large);
        if (url === '/download') return void res.writeHead(200, { 'content-type': 'text/csv', 'accept-ranges': 'bytes' }).end(large);
        if (url === '/image') return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096));
        res.writeHead(404, { 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(large)) }).end(large);
      }),
    );
    origin = await listen(server);
  });
  afterAll(() => server?.close());

  it('compresses a streamed page for the encoding the client takes, keeping its weak tag', async () => {
    for (const [accept, coding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const response = await wire(`${origin}/streamed`, accept ? { 'accept-encoding': accept } : {});
      expect([response.status, response.headers['content-encoding'], response.headers['vary']]).toEqual([200, coding, 'Accept-Encoding']);
      expect(response.decoded.toString()).toBe(large);
      expect(response.headers.etag).toBe('W/"page"');
      expect(response.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    }
  });

  it('compresses any status with a compressible type and a declared length, dropping the length', async () => {
    const response = await wire(`${origin}/problem`, { 'accept-encoding': 'gzip' });
    expect([response.status, response.headers['content-encoding'], response.headers['content-length']]).toEqual([404, 'gzip', undefined]);
    expect(response.decoded.toString()).toBe(large);
  });

  it('sends short bodies, images, strongly tagged, rangeable and no-transform responses as they are', async () => {
    const short = await wire(`${origin}/short`, { 'accept-encoding': 'br' });
    expect([short.headers['content-encoding'], short.headers['content-length'], short.bytes.toString()]).toEqual([undefined, '11', '{"ok":true}']);
    expect(Buffer.byteLength('{"ok":true}')).toBeLessThan(MIN_COMPRESSED_BYTES);
    for (const path of ['/untouched', '/image', '/validated', '/download']) {
      const response = await wire(`${origin}${path}`, { 'accept-encoding': 'br' });
      expect([path, response.headers['content-encoding'], response.headers['vary']]).toEqual([path, undefined, undefined]);
    }
  });
});

describe('compression in the production server', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer();
  });
  afterAll(() => app?.stop());

  it('sends the stylesheet a hub page links in brotli, gzip or as it is, the same bytes each time', async () => {
    const page = await wire(`${app.origin}/en/hub`);
    const href =
      /<link[^>]+rel="stylesheet"[^>]+href="(\/_astro\/[^"]+\.css)"/.exec(page.bytes.toString())?.[1] ??
      /href="(\/_astro\/[^"]+\.css)"/.exec(page.bytes.toString())?.[1];
    expect(href).toBeTruthy();
    const identity = await wire(`${app.origin}${href}`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    for (const coding of ['br', 'gzip'] as const) {
      const response = await wire(`${app.origin}${href}`, { 'accept-encoding': coding });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.headers['vary']).toBe('Accept-Encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(Number(response.headers['content-length'])).toBe(response.bytes.length);
      expect(response.bytes.length).toBeLessThan(identity.bytes.length / 2);
      expect(response.decoded.equals(identity.bytes)).toBe(true);
    }
  });

  it('compresses rendered pages, kept in the page cache or not', async () => {
    for (const path of ['/en/hub', '/en/hub/no-such-page', '/en/admin/sign-in']) {
      const identity = await wire(`${app.origin}${path}`, { 'accept-encoding': 'identity' });
      expect(identity.headers['content-encoding'], path).toBeUndefined();
      expect(identity.bytes.length, path).toBeGreaterThan(MIN_COMPRESSED_BYTES);
      for (const coding of ['br', 'gzip'] as const) {
        const response = await wire(`${app.origin}${path}`, { 'accept-encoding': coding });
        expect([path, response.headers['content-encoding'], response.headers['vary']]).toEqual([path, coding, 'Accept-Encoding']);
        expect(response.decoded.toString(), path).toBe(identity.bytes.toString());
      }
    }
  });
});
