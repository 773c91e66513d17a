/**
 * Where webhooks may go (docs/decisions/028, "destinations"): loopback, link-local, unspecified
 * and cloud metadata addresses are refused in every spelling `new URL` accepts; a delivery
 * connects only to an address its guarded lookup checked, so a name that resolves to loopback
 * when the message is sent (DNS rebinding) reaches nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../../src/server/webhooks/deliver.ts';
import { checkDestination, refusedAddress, type Resolver } from '../../src/server/webhooks/destination.ts';

describe('checkDestination', () => {
  it.each([
    ['http://127.0.0.1/hook', 'URL_LOOPBACK'],
    ['http://2130706433/hook', 'URL_LOOPBACK'],
    ['http://0177.0.0.1/hook', 'URL_LOOPBACK'],
    ['http://0x7f.1/hook', 'URL_LOOPBACK'],
    ['http://127.1/hook', 'URL_LOOPBACK'],
    ['http://[::1]/hook', 'URL_LOOPBACK'],
    ['http://[::ffff:127.0.0.1]/hook', 'URL_LOOPBACK'],
    ['http://localhost:8080/hook', 'URL_LOOPBACK'],
    ['http://api.localhost/hook', 'URL_LOOPBACK'],
    ['http://0.0.0.0/hook', 'URL_UNSPECIFIED'],
    ['http://0/hook', 'URL_UNSPECIFIED'],
    ['http://[::]/hook', 'URL_UNSPECIFIED'],
    ['http://169.254.10.1/hook', 'URL_LINK_LOCAL'],
    ['http://[fe80::1]/hook', 'URL_LINK_LOCAL'],
    ['http://169.254.169.254/latest/meta-data/', 'URL_METADATA'],
    ['http://[::ffff:a9fe:a9fe]/', 'URL_METADATA'],
    ['http://[fd00:ec2::254]/', 'URL_METADATA'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'URL_METADATA'],
    ['http://METADATA.google.internal./', 'URL_METADATA'],
  ])('refuses %s (%s)', async (url, reason) => {
    expect(await checkDestination(new URL(url), false)).toBe(reason);
    expect(await checkDestination(new URL(url), true)).toBeUndefined();
  });

  it('accepts public and intranet addresses', async () => {
    for (const url of ['https://203.0.113.7/hook', 'http://10.1.2.3/hook', 'http://[2001:db8::1]/hook']) {
      expect(await checkDestination(new URL(url), false), url).toBeUndefined();
    }
    expect(refusedAddress('93.184.216.34')).toBeUndefined();
  });
});

describe('postWebhook', () => {
  let server: Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_, response) => {
      hits += 1;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const message = (url: string, resolve?: Resolver, allowPrivate = false) =>
    postWebhook({
      url,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      messageId: 'msg_1',
      payload: '{}',
      now: new Date(),
      signal: AbortSignal.timeout(5000),
      allowPrivate,
      ...(resolve ? { resolve } : {}),
    });

  it('refuses a literal loopback address at send time, however it is spelled', async () => {
    for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '[::ffff:127.0.0.1]']) {
      const response = await message(`http://${host}:${port}/hook`);
      expect(response, host).toMatchObject({ ok: false, statusCode: null, error: 'DESTINATION_REFUSED_LOOPBACK' });
    }
    expect(hits).toBe(0);
  });

  it('refuses a name whose address turned to loopback after it was saved (DNS rebinding)', async () => {
    const rebound: Resolver = (_name, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);
    expect(await message(`http://hooks.example.org:${port}/hook`, rebound)).toMatchObject({ ok: false, error: 'DESTINATION_REFUSED_LOOPBACK' });
    const mixed: Resolver = (_name, _options, callback) =>
      callback(null, [
        { address: '203.0.113.7', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ]);
    expect(await message(`http://hooks.example.org:${port}/hook`, mixed)).toMatchObject({ ok: false, error: 'DESTINATION_REFUSED_METADATA' });
    expect(hits).toBe(0);
  });

  it('sends to a local receiver when private destinations are allowed, keeping a short text excerpt', async () => {
    const response = await message(`http://127.0.0.1:${port}/hook`, undefined, true);
    expect(response).toMatchObject({ ok: true, statusCode: 200, excerpt: 'ok', error: null });
    expect(hits).toBe(1);
  });
});
