import { describe, expect, it } from 'vitest';
import { getEnvelopeEndpoint, isSameProject, parseDsn } from '../../src/server/config/sentry-dsn.ts';
import { readEnvelopeDsn } from '../../src/server/errors/tunnel/envelope.ts';
import { createRateLimiter } from '../../src/server/errors/tunnel/rate-limit.ts';
import { tunnelEnvelope, type TunnelOptions } from '../../src/server/errors/tunnel/tunnel.ts';

const encode = (text: string) => new TextEncoder().encode(text);

describe('DSNs', () => {
  it('parses host, port, path prefix, project and key', () => {
    expect(parseDsn('https://abc123@o99.ingest.sentry.io/4501')).toEqual({
      protocol: 'https',
      host: 'o99.ingest.sentry.io',
      path: '',
      projectId: '4501',
      publicKey: 'abc123',
    });
    expect(parseDsn('http://key@127.0.0.1:9000/sentry/42')).toMatchObject({ host: '127.0.0.1:9000', path: 'sentry', projectId: '42' });
  });

  it.each([
    undefined,
    '',
    'not a url',
    'https://o1.ingest.sentry.io/42',
    'ftp://key@host/42',
    'https://key@host/',
    'https://key@host/abc',
    'https://bad-key@host/1',
  ])('rejects %j', (value) => {
    expect(parseDsn(value)).toBeUndefined();
  });

  it('builds the envelope endpoint from the scheme, host and project', () => {
    expect(getEnvelopeEndpoint(parseDsn('https://k@o1.ingest.sentry.io/42')!)).toBe('https://o1.ingest.sentry.io/api/42/envelope/');
    expect(getEnvelopeEndpoint(parseDsn('http://k@sentry.internal:9000/42')!)).toBe('http://sentry.internal:9000/api/42/envelope/');
    expect(getEnvelopeEndpoint(parseDsn('https://k@example.org/relay/7')!)).toBe('https://example.org/relay/api/7/envelope/');
  });

  it('matches on host and project, not on the key', () => {
    const configured = parseDsn('https://key@sentry.example.org/42')!;
    expect(isSameProject(parseDsn('https://otherkey@SENTRY.example.org/42')!, configured)).toBe(true);
    expect(isSameProject(parseDsn('https://key@sentry.example.org/43')!, configured)).toBe(false);
    expect(isSameProject(parseDsn('https://key@sentry.example.org:8443/42')!, configured)).toBe(false);
    expect(isSameProject(parseDsn('https://key@evil.example.org/42')!, configured)).toBe(false);
  });
});

describe('envelope headers', () => {
  it('reads the DSN from the first line only', () => {
    const dsn = readEnvelopeDsn(encode('{"dsn":"https://k@sentry.example.org/42","event_id":"x"}\n{"type":"event"}\n{"dsn":"https://k@evil/1"}'));
    expect(dsn).toMatchObject({ host: 'sentry.example.org', projectId: '42' });
    expect(readEnvelopeDsn(encode('{"dsn":"https://k@sentry.example.org/42"}'))).toMatchObject({ projectId: '42' });
  });

  it.each([
    ['empty', encode('')],
    ['not JSON', encode('hello\n')],
    ['no dsn', encode('{"event_id":"x"}\n')],
    ['a number', encode('42\n')],
    ['null', encode('null\n')],
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d, 0x0a])],
    ['a huge header', encode(`{"dsn":"https://k@h/1","pad":"${'x'.repeat(20_000)}"}\n`)],
  ])('treats %s as malformed', (_name, body) => {
    expect(readEnvelopeDsn(body)).toBeUndefined();
  });
});

describe('tunnelEnvelope', () => {
  const dsn = 'https://key@sentry.example.org/42';
  const envelope = `{"dsn":"${dsn}"}\n{"type":"event"}\n{}`;

  function options(overrides: Partial<TunnelOptions> = {}): TunnelOptions & { calls: string[] } {
    const calls: string[] = [];
    return {
      dsn,
      clientKey: '203.0.113.9',
      limiter: createRateLimiter({ limit: 100, windowMs: 60_000 }),
      fetch: async (input) => {
        calls.push(String(input));
        return new Response('{"id":"1"}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
      ...overrides,
      calls,
    };
  }

  it('answers 502 when the upstream connection fails', async () => {
    const response = await tunnelEnvelope(new Request('http://hub/monitoring', { method: 'POST', body: envelope }), {
      ...options(),
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('checks the method first and the rate limit before reading the body', async () => {
    const limited = options({ limiter: { take: async () => ({ allowed: false, retryAfter: 30 }) } });
    const get = await tunnelEnvelope(new Request('http://hub/monitoring'), limited);
    expect(get.status).toBe(405);
    const post = await tunnelEnvelope(new Request('http://hub/monitoring', { method: 'POST', body: 'not even an envelope' }), limited);
    expect(post.status).toBe(429);
    expect(post.headers.get('retry-after')).toBe('30');
    expect(limited.calls).toEqual([]);
  });

  it('does nothing when monitoring is off', async () => {
    const off = options({ dsn: undefined });
    const response = await tunnelEnvelope(new Request('http://hub/monitoring', { method: 'POST', body: envelope }), off);
    expect(response.status).toBe(204);
    expect(off.calls).toEqual([]);
  });

  it('forwards to the configured scheme and host, never to the one in the envelope', async () => {
    const sent = options({ dsn: 'http://key@sentry.example.org/42' });
    const response = await tunnelEnvelope(new Request('http://hub/monitoring', { method: 'POST', body: envelope }), sent);
    expect(response.status).toBe(200);
    expect(sent.calls).toEqual(['http://sentry.example.org/api/42/envelope/']);
  });
});
