/**
 * The request each shared cache understands (docs/decisions/050), against a stand-in that
 * records it: Varnish's xkey `PURGE`, Fastly's batch purge, Cloudflare's purge by tags; and what
 * counts as a failure (a non-2xx answer, Cloudflare's `success: false`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudflareTarget, fastlyTarget, purgeInChunks, targetsFromEnv, varnishTarget } from '../../src/server/edge-purge/targets.ts';
import { parseEnv } from '../../src/server/config/env.ts';
import { PurgeStandIn } from '../helpers/purge-stand-in.ts';

const signal = () => AbortSignal.timeout(5_000);

describe('shared cache purge requests', () => {
  const standIn = new PurgeStandIn();
  beforeAll(() => standIn.start());
  afterAll(() => standIn.stop());

  it('purges Varnish with PURGE and the keys in xkey-purge', async () => {
    await varnishTarget(standIn.origin).purge(['all', 'event:1'], signal());
    const request = standIn.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'PURGE', path: '/', body: '' });
    expect(request.headers['xkey-purge']).toBe('all event:1');
  });

  it('purges Fastly with its key, the service in the path and the keys in Surrogate-Key', async () => {
    await fastlyTarget(standIn.origin, 'SU1Z0isxPaozGVKXdv0eY', 'fastly-token').purge(['event:1', 'b:0f'], signal());
    const request = standIn.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/service/SU1Z0isxPaozGVKXdv0eY/purge' });
    expect(request.headers['fastly-key']).toBe('fastly-token');
    expect(request.headers['surrogate-key']).toBe('event:1 b:0f');
  });

  it('purges Cloudflare with a bearer token and the tags as JSON', async () => {
    await cloudflareTarget(standIn.origin, '023e105f4ecef8ad9ca31a8372d0c353', 'cf-token').purge(['event:1', 'hub'], signal());
    const request = standIn.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache' });
    expect(request.headers['authorization']).toBe('Bearer cf-token');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ tags: ['event:1', 'hub'] });
  });

  it('fails on an error status and on a Cloudflare refusal, with the reason', async () => {
    standIn.queue.push((_, response) => response.writeHead(500).end('backend exploded'));
    await expect(varnishTarget(standIn.origin).purge(['all'], signal())).rejects.toThrow('HTTP 500: backend exploded');
    standIn.queue.push((_, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":false,"errors":[{"code":1134}]}'));
    await expect(cloudflareTarget(standIn.origin, 'zone1', 'token').purge(['all'], signal())).rejects.toThrow('purge refused');
  });

  it('sends Cloudflare at most 100 tags per call', async () => {
    const before = standIn.requests.length;
    const keys = Array.from({ length: 230 }, (_, index) => `event:${index}`);
    await purgeInChunks(cloudflareTarget(standIn.origin, 'zone1', 'token'), keys, signal());
    const calls = standIn.requests.slice(before);
    expect(calls.map((call) => call.keys.length)).toEqual([100, 100, 30]);
    expect(calls.flatMap((call) => call.keys)).toEqual(keys);
  });

  it('reads its targets from the environment, and refuses half a configuration', () => {
    const env = parseEnv({
      DATABASE_URL: 'file:/tmp/x.db',
      HUB_PURGE_VARNISH: 'http://10.0.0.1:6081/, http://10.0.0.2:6081',
      HUB_PURGE_FASTLY_SERVICE: 'abc123',
      HUB_PURGE_FASTLY_TOKEN: 'secret',
    });
    expect(targetsFromEnv(env).map((target) => target.id)).toEqual(['varnish http://10.0.0.1:6081', 'varnish http://10.0.0.2:6081', 'fastly abc123']);
    expect(() => parseEnv({ DATABASE_URL: 'file:/tmp/x.db', HUB_PURGE_CLOUDFLARE_ZONE: 'zone1' })).toThrow(
      'HUB_PURGE_CLOUDFLARE_TOKEN: is required with HUB_PURGE_CLOUDFLARE_ZONE',
    );
    expect(() => parseEnv({ DATABASE_URL: 'file:/tmp/x.db', HUB_PURGE_VARNISH: 'http://127.0.0.1:6081', HUB_PURGE_POLL_MS: '0' })).toThrow('HUB_PURGE_POLL_MS');
    expect(() => parseEnv({ DATABASE_URL: 'file:/tmp/x.db', HUB_PURGE_VARNISH: 'varnish.local' })).toThrow('HUB_PURGE_VARNISH');
  });
});
