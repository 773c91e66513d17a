import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  bodyFor,
  etagFor,
  FrontCache,
  matchesEtag,
  parseCacheDirective,
  recompressInBackground,
  sendableEncoding,
  compressTo,
  acceptedEncodings,
  type CachedResponse,
} from '../../src/server/runtime/front-cache.ts';

/** Both stored encodings of a body, as a miss and a later client of the other encoding make them. */
const compressBody = (body: Buffer) => ({ gzip: compressTo(body, 'gzip'), br: compressTo(body, 'br') });
/** The encoding a hit is sent in when both are stored. */
const chooseEncoding = (header: string | undefined) => acceptedEncodings(header)[0] ?? 'identity';

function entry(key: string, tags: string[], size = 1000, ttlMs = 60_000): CachedResponse {
  const body = Buffer.alloc(size, 'a');
  return { key, status: 200, headers: [], bodies: compressBody(body), identityLength: size, etag: etagFor(body), tags, expiresAt: Date.now() + ttlMs, bytes: size };
}

describe('front cache', () => {
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

  it('compresses once into gzip and brotli that decode to the body', () => {
    const body = Buffer.from('<p>Edition Hub</p>'.repeat(100));
    const bodies = compressBody(body);
    expect(gunzipSync(bodies.gzip).equals(body)).toBe(true);
    expect(brotliDecompressSync(bodies.br).equals(body)).toBe(true);
    expect(bodies.br.length).toBeLessThan(body.length / 5);
  });
});

describe('stored bodies', () => {
  it('own exactly their bytes, so the byte budget is the memory the cache holds', () => {
    // A body that is a view on a larger buffer, like the chunks a response is assembled from.
    const backing = Buffer.alloc(256 * 1024, 'x');
    backing.write('<!doctype html><title>view</title>', 0);
    const body = backing.subarray(0, 40 * 1024);
    const bodies = compressBody(body);
    expect(Object.keys(bodies).sort()).toEqual(['br', 'gzip']);
    for (const [encoding, stored] of Object.entries(bodies)) {
      expect(stored.buffer.byteLength, encoding).toBe(stored.length);
    }
    const cached = { ...entry('/view', []), bodies, identityLength: body.length };
    expect(bodyFor(cached, 'identity').equals(body)).toBe(true);
    expect(gunzipSync(bodyFor(cached, 'gzip')).equals(body)).toBe(true);
    expect(brotliDecompressSync(bodyFor(cached, 'br')).equals(body)).toBe(true);
  });
});

describe('encodings added after a miss', () => {
  const body = Buffer.from('<p>Programme</p>'.repeat(400));
  const gzipOnly = (key: string): CachedResponse => ({ ...entry(key, []), bodies: { gzip: compressTo(body, 'gzip') }, identityLength: body.length });

  it('sends the best stored encoding the client accepts, else identity', () => {
    const stored = gzipOnly('/one');
    expect(sendableEncoding(stored, acceptedEncodings('gzip, br'))).toBe('gzip');
    expect(sendableEncoding(stored, acceptedEncodings('br'))).toBe('identity');
    expect(sendableEncoding(stored, acceptedEncodings(undefined))).toBe('identity');
    expect(bodyFor(stored, 'identity').equals(body)).toBe(true);
  });

  it('makes a missing encoding from the stored one, off the event loop', async () => {
    const copy = await recompressInBackground(gzipOnly('/two'), 'br');
    expect(brotliDecompressSync(copy).equals(body)).toBe(true);
    expect(copy.buffer.byteLength).toBe(copy.length);
  });

  it('counts an added copy against the budget, and drops it for an entry no longer held', () => {
    const cache = new FrontCache(20_000);
    const first = gzipOnly('/a');
    cache.set(first);
    const before = cache.bytes;
    cache.addBody(first, 'br', Buffer.alloc(300));
    expect(cache.bytes).toBe(before + 300);
    expect(cache.get('/a')?.bodies.br?.length).toBe(300);

    const replaced = gzipOnly('/b');
    cache.set(replaced);
    cache.set(gzipOnly('/b'));
    const held = cache.bytes;
    cache.addBody(replaced, 'br', Buffer.alloc(300));
    expect(cache.bytes).toBe(held);
    expect(cache.get('/b')?.bodies.br).toBeUndefined();

    cache.addBody(cache.get('/b')!, 'br', Buffer.alloc(19_000));
    expect(cache.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.get('/a')).toBeUndefined();
  });
});

describe('negotiation helpers', () => {
  it.each([
    [undefined, 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', 'identity'],
    ['*', 'br'],
  ] as const)('Accept-Encoding %s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('matches ETags of any encoding variant, weak or strong', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc-br"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc-gz"', '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });

  it('parses the internal cache directive', () => {
    expect(parseCacheDirective('tags=hub,event:1; max-age=600')).toEqual({ tags: ['hub', 'event:1'], maxAge: 600 });
    expect(parseCacheDirective('tags=hub')).toBeNull();
    expect(parseCacheDirective('max-age=-1')).toBeNull();
    expect(parseCacheDirective(null)).toBeNull();
  });
});
