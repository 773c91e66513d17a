import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeInBackground, encodeNow, etagFor } from '../../src/server/page-cache/bodies.ts';
import { acceptedEncodings } from '../../src/server/http/content-coding.ts';
import { isCacheCandidate, sendCached } from '../../src/server/page-cache/serve.ts';
import { FrontCache, type CachedResponse } from '../../src/server/page-cache/store.ts';

function entry(key: string, tags: string[], size = 1000, ttlMs = 60_000): CachedResponse {
  const body = Buffer.alloc(size, 'a');
  return { key, status: 200, headers: [], bodies: { gzip: encodeNow(body, 'gzip') }, etag: etagFor(body), tags, expiresAt: Date.now() + ttlMs, bytes: size };
}

/** What `sendCached` wrote: status, headers (flat list) and body. */
function answer(store: FrontCache, stored: CachedResponse, headers: Record<string, string>, method = 'GET') {
  const sent: { status?: number; head?: (string | number)[]; body?: Buffer | undefined } = {};
  const req = { method, headers } as unknown as IncomingMessage;
  const res = {
    writeHead(status: number, head: (string | number)[]) {
      Object.assign(sent, { status, head });
      return this;
    },
    end(body?: Buffer) {
      sent.body = body;
      return this;
    },
  } as unknown as ServerResponse;
  sendCached(store, req, res, stored, 'HIT');
  const header = (name: string) => {
    const index = sent.head!.indexOf(name);
    return index === -1 ? undefined : String(sent.head![index + 1]);
  };
  return { ...sent, header };
}

describe('front cache store', () => {
  it('purges exactly the entries carrying a purged tag', () => {
    const cache = new FrontCache(1_000_000);
    cache.set(entry('/en/hub/event/a', ['event:1', 'edition:7']));
    cache.set(entry('/fr/hub/event/a', ['event:1', 'edition:7']));
    cache.set(entry('/en/hub/event/b', ['event:2']));
    cache.set(entry('/en/hub', ['hub']));
    expect(cache.invalidateTags(['event:1'])).toBe(2);
    expect(cache.get('/en/hub/event/a')).toBeUndefined();
    expect(cache.get('/fr/hub/event/a')).toBeUndefined();
    expect(cache.get('/en/hub/event/b')).toBeDefined();
    expect(cache.get('/en/hub')).toBeDefined();
  });

  it('evicts the least recently used entries past its byte budget', () => {
    const cache = new FrontCache(3_000);
    cache.set(entry('/a', [], 700));
    cache.set(entry('/b', [], 700));
    cache.set(entry('/c', [], 700));
    cache.get('/a');
    cache.set(entry('/d', [], 700));
    cache.set(entry('/e', [], 700));
    expect(cache.bytes).toBeLessThanOrEqual(3_000);
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/b')).toBeUndefined();
  });

  it('drops expired entries and refuses oversize ones', () => {
    const cache = new FrontCache(10_000);
    cache.set(entry('/old', [], 100, -1));
    expect(cache.get('/old')).toBeUndefined();
    cache.set(entry('/huge', [], 5_000));
    expect(cache.get('/huge')).toBeUndefined();
  });

  it('does not store a render that started before a purge of one of its tags', () => {
    const cache = new FrontCache(1_000_000);
    const startedAt = cache.now();
    cache.invalidateTags(['event:1']);
    cache.set(entry('/en/hub/event/a', ['event:1']), startedAt);
    expect(cache.get('/en/hub/event/a')).toBeUndefined();
    cache.set(entry('/en/hub/event/a', ['event:1']), cache.now());
    expect(cache.get('/en/hub/event/a')).toBeDefined();
  });

  it('counts an added copy against the budget, and drops it for an entry no longer held', () => {
    const cache = new FrontCache(20_000);
    const first = entry('/a', []);
    cache.set(first);
    const before = cache.bytes;
    cache.addBody(first, 'br', Buffer.alloc(300));
    expect(cache.bytes).toBe(before + 300);
    expect(cache.get('/a')?.bodies.br?.length).toBe(300);

    const replaced = entry('/b', []);
    cache.set(replaced);
    cache.set(entry('/b', []));
    const held = cache.bytes;
    cache.addBody(replaced, 'br', Buffer.alloc(300));
    expect(cache.bytes).toBe(held);
    expect(cache.get('/b')?.bodies.br).toBeUndefined();

    cache.addBody(cache.get('/b')!, 'br', Buffer.alloc(19_000));
    expect(cache.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.get('/a')).toBeUndefined();
  });
});

describe('quick copies of misses', () => {
  // Text that compresses differently at brotli's quick and full settings.
  const html = Buffer.from(Array.from({ length: 800 }, (_, i) => `<li data-i="${i}">Programme ${(i * 7919) % 1000} · ${i % 13}</li>`).join(''));

  it('replaces a copy by a better one of the same page, counting the difference against the budget', () => {
    const cache = new FrontCache(1_000_000);
    const kept = { ...entry('/a', []), bodies: { br: Buffer.alloc(500) }, bytes: 500 };
    cache.set(kept);
    expect(cache.replaceBody(kept, 'br', Buffer.alloc(400))).toBe(true);
    expect([cache.bytes, kept.bytes, kept.bodies.br.length]).toEqual([400, 400, 400]);
    expect(cache.replaceBody(kept, 'gzip', Buffer.alloc(10))).toBe(false);
    cache.delete('/a');
    expect(cache.replaceBody(kept, 'br', Buffer.alloc(300))).toBe(false);
  });

  it("keeps a miss's quick brotli copy until its page is asked again, then sends a smaller one made off the event loop", async () => {
    const quick = encodeNow(html, 'br', { quick: true });
    expect(quick.length).toBeGreaterThan(encodeNow(html, 'br').length);
    const store = new FrontCache(1_000_000);
    const cached: CachedResponse = { ...entry('/quick', []), bodies: { br: quick }, quick: 'br', etag: etagFor(html), bytes: quick.length };
    store.set(cached);
    const first = answer(store, cached, { 'accept-encoding': 'br' });
    expect(first.body).toBe(quick);
    for (let turn = 0; turn < 500 && cached.bodies.br === quick; turn++) await new Promise((resolve) => setTimeout(resolve, 2));
    const refined = answer(store, cached, { 'accept-encoding': 'br' });
    expect(refined.body!.length).toBe(encodeNow(html, 'br').length);
    expect(brotliDecompressSync(refined.body!).equals(html)).toBe(true);
    expect(refined.header('content-length')).toBe(String(refined.body!.length));
    expect(refined.header('etag')).toBe(first.header('etag'));
    expect(store.bytes).toBe(refined.body!.length);
    expect(cached.quick).toBeUndefined();
  });
});

describe('what may be kept', () => {
  const candidate = (url: string, method = 'GET') => isCacheCandidate({ method, url } as IncomingMessage);

  it('keeps public pages and the public read API, never the admin, other APIs, uploads or writes', () => {
    for (const url of ['/en/hub', '/fr/hub/event/a?x=1', '/api/public/v1/events?tag=jazz', '/api/public/v1/openapi.json'])
      expect(candidate(url), url).toBe(true);
    for (const url of ['/api/admin/events', '/api/auth/session', '/api/publicity', '/api/public', '/en/admin', '/media/a.png', '/monitoring'])
      expect(candidate(url), url).toBe(false);
    expect(candidate('/api/public/v1/events', 'POST')).toBe(false);
  });
});

describe('answers from the store', () => {
  const html = Buffer.from('<p>Programme</p>'.repeat(400));
  const stored = (store: FrontCache, key: string) => {
    const cached: CachedResponse = { ...entry(key, []), bodies: { gzip: encodeNow(html, 'gzip') }, etag: etagFor(html) };
    store.set(cached);
    return cached;
  };

  it('keeps the identity copy a client without Accept-Encoding needed, within the byte budget', () => {
    const store = new FrontCache(1_000_000);
    const cached = stored(store, '/plain');
    const before = store.bytes;
    const first = answer(store, cached, {});
    expect(first.header('content-encoding')).toBeUndefined();
    expect(first.body!.equals(html)).toBe(true);
    expect(first.header('content-length')).toBe(String(html.length));
    // Kept: the next such client is answered from this copy, not from another inflate.
    expect(cached.bodies.identity).toBe(first.body);
    expect(store.bytes).toBe(before + html.length);
    expect(answer(store, cached, {}).body).toBe(first.body);
  });

  it('answers HEAD with the head GET gets, without a body', () => {
    const store = new FrontCache(1_000_000);
    const cached = stored(store, '/head');
    const get = answer(store, cached, { 'accept-encoding': 'gzip' });
    const head = answer(store, cached, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.head).toEqual(get.head);
    expect(head.body).toBeUndefined();
  });

  it('answers 304 to the ETag of any encoding it sent', () => {
    const store = new FrontCache(1_000_000);
    const cached = stored(store, '/etag');
    const gzip = answer(store, cached, { 'accept-encoding': 'gzip' });
    expect(answer(store, cached, { 'if-none-match': gzip.header('etag')! }).status).toBe(304);
    expect(answer(store, cached, { 'if-none-match': '"something-else"' }).status).toBe(200);
  });

  it('makes a missing encoding from any kept copy, off the event loop', async () => {
    const fromGzip = await encodeInBackground({ gzip: encodeNow(html, 'gzip') }, 'br');
    expect(brotliDecompressSync(fromGzip).equals(html)).toBe(true);
    expect(fromGzip.buffer.byteLength).toBe(fromGzip.length);
    const fromIdentity = await encodeInBackground({ identity: html }, 'gzip');
    expect(gunzipSync(fromIdentity).equals(html)).toBe(true);
  });

  it('makes background copies one at a time, in the order they were asked for', async () => {
    // A large body first, then a tiny one: run side by side, the tiny one would finish first.
    const large = Buffer.from(Array.from({ length: 40_000 }, (_, i) => `<p>line ${i} ${(i * 7919) % 104_729}</p>`).join('\n'));
    const finished: string[] = [];
    const first = encodeInBackground({ identity: large }, 'br').then(() => finished.push('large'));
    const second = encodeInBackground({ identity: Buffer.from('<p>tiny</p>') }, 'gzip').then(() => finished.push('tiny'));
    // A failed copy does not stop the ones after it.
    const failing = encodeInBackground({ gzip: Buffer.from('not gzip') }, 'br').catch(() => finished.push('failed'));
    const third = encodeInBackground({ identity: html }, 'gzip').then(() => finished.push('after'));
    await Promise.all([first, second, failing, third]);
    expect(finished).toEqual(['large', 'tiny', 'failed', 'after']);
  });
});

describe('negotiation', () => {
  it.each([
    [undefined, []],
    ['gzip, deflate, br', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br;q=0, gzip;q=0.5', ['gzip']],
    ['identity', []],
    ['*', ['br', 'gzip']],
  ] as const)('Accept-Encoding %s → %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});
