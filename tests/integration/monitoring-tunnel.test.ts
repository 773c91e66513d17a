/**
 * POST /monitoring against the built server, with a local HTTP server standing in for Sentry:
 * only envelopes for the configured project are forwarded, byte for byte, to the right path.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ENVELOPE_BYTES, tunnelEnvelope } from '../../src/server/errors/tunnel/tunnel.ts';
import { createRateLimiter } from '../../src/server/errors/tunnel/rate-limit.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildEnvelope, startSentryStandIn, type SentryStandIn } from '../helpers/sentry-stand-in.ts';

let sentry: SentryStandIn;
let server: TestServer;
let unconfigured: TestServer;
let limited: TestServer;
let unreachableDsn: string;

beforeAll(async () => {
  sentry = await startSentryStandIn();
  // A port nobody listens on: the rate-limited server's upstream is unreachable.
  const closed = await startSentryStandIn();
  unreachableDsn = closed.dsn('7');
  await closed.close();
  // One after the other: a server that finds the build stale rebuilds it, and parallel rebuilds
  // of the same folder would trip over each other.
  server = await startTestServer({ HUB_DEMO: '0', PUBLIC_SENTRY_DSN: sentry.dsn('42'), MONITORING_RATE_LIMIT: '1000' });
  unconfigured = await startTestServer({ HUB_DEMO: '0' });
  limited = await startTestServer({ HUB_DEMO: '0', SENTRY_DSN: unreachableDsn, MONITORING_RATE_LIMIT: '3' });
});

afterAll(async () => {
  await Promise.all([server?.stop(), unconfigured?.stop(), limited?.stop()]);
  await sentry?.close();
});

beforeEach(() => {
  sentry.requests.length = 0;
  sentry.respondWith((_request, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"id":"ffffffffffffffffffffffffffffffff"}');
  });
});

/** What the browser SDK does: a same-origin `text/plain` POST. */
function post(target: TestServer, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${target.origin}/monitoring`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: target.origin, ...headers },
  });
}

describe('the /monitoring tunnel', () => {
  it('forwards a valid envelope byte for byte to the project envelope endpoint', async () => {
    // Non-ASCII text and a trailing binary-looking item make any re-encoding visible.
    const envelope = Buffer.concat([Buffer.from(buildEnvelope(sentry.dsn('42'), 'Crash in «Programme» — ünïcode')), Buffer.from([0xe2, 0x9c, 0x93, 0x0a])]);
    const response = await post(server, envelope);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'f'.repeat(32) });
    expect(sentry.requests).toHaveLength(1);
    const [forwarded] = sentry.requests;
    expect(forwarded?.method).toBe('POST');
    expect(forwarded?.url).toBe('/api/42/envelope/');
    expect(forwarded?.body.equals(envelope)).toBe(true);
  });

  it('answers the SDK with the upstream status and its rate-limit headers', async () => {
    sentry.respondWith((_request, res) => {
      res.writeHead(429, { 'retry-after': '60', 'x-sentry-rate-limits': '60:error:organization' });
      res.end();
    });
    const response = await post(server, buildEnvelope(sentry.dsn('42')));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(response.headers.get('x-sentry-rate-limits')).toBe('60:error:organization');
  });

  it.each([
    ['another project on the same host', () => sentry.dsn('43')],
    ['the same project on another host', () => 'https://publickey@o1.ingest.sentry.io/42'],
    ['the same project on another port', () => `http://publickey@127.0.0.1:${sentry.port + 1}/42`],
  ])('refuses envelopes for %s (no open relay)', async (_case, dsn) => {
    const response = await post(server, buildEnvelope(dsn()));
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ code: 'FOREIGN_DSN' });
    expect(sentry.requests).toHaveLength(0);
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const header = `${JSON.stringify({ dsn: sentry.dsn('42') })}\n`;
    const body = header + 'x'.repeat(MAX_ENVELOPE_BYTES + 1 - header.length);
    const response = await post(server, body);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'ENVELOPE_TOO_LARGE' });
    expect(sentry.requests).toHaveLength(0);
  });

  it.each([
    ['an empty body', ''],
    ['a header that is not JSON', 'hello\n{}\n'],
    ['a header without dsn', '{"event_id":"abc"}\n{}\n'],
    ['a header whose dsn is not a DSN', '{"dsn":"not a dsn"}\n{}\n'],
    ['a JSON array header', '["dsn"]\n'],
  ])('refuses %s with 400', async (_case, body) => {
    const response = await post(server, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'MALFORMED_ENVELOPE' });
    expect(sentry.requests).toHaveLength(0);
  });

  it.each(['GET', 'PUT', 'DELETE'])('refuses %s with 405', async (method) => {
    const response = await fetch(`${server.origin}/monitoring`, { method, headers: { origin: server.origin } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers 204 and forwards nothing when no DSN is configured', async () => {
    const response = await post(unconfigured, buildEnvelope(sentry.dsn('42')));
    expect(response.status).toBe(204);
    expect(sentry.requests).toHaveLength(0);
  });

  it('answers 502 when Sentry cannot be reached, and 429 past the per-client limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await post(limited, buildEnvelope(unreachableDsn));
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([502, 502, 502, 429]);
  });
});

describe('tunnelEnvelope upstream timeout', () => {
  it('answers 504 when Sentry does not answer in time', async () => {
    sentry.respondWith(() => {
      // Never answer.
    });
    const request = new Request('http://hub.test/monitoring', { method: 'POST', body: buildEnvelope(sentry.dsn('42')) });
    const response = await tunnelEnvelope(request, {
      dsn: sentry.dsn('42'),
      clientKey: '127.0.0.1',
      limiter: createRateLimiter({ limit: 10, windowMs: 60_000 }),
      timeoutMs: 200,
    });
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(sentry.requests).toHaveLength(1);
  });
});
