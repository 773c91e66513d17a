/**
 * Per-client limits behind a reverse proxy: the client address comes from X-Forwarded-For only
 * when HUB_TRUST_PROXY says which hops to believe; otherwise the header is ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildEnvelope, startSentryStandIn } from '../helpers/sentry-stand-in.ts';
import { postForm } from '../helpers/auth.ts';
import { signInLimits } from '../../src/server/auth/rate-limit.ts';

let unreachableDsn: string;
let direct: TestServer;
let byHops: TestServer;
let byAddress: TestServer;

beforeAll(async () => {
  // A port nobody listens on: every forwarded envelope answers 502 until the limit says 429.
  const closed = await startSentryStandIn();
  unreachableDsn = closed.dsn('7');
  await closed.close();
  const common = { HUB_DEMO: '0', SENTRY_DSN: unreachableDsn, MONITORING_RATE_LIMIT: '2', CONTACT_RATE_LIMIT: '1' };
  direct = await startTestServer(common);
  byHops = await startTestServer({ ...common, HUB_TRUST_PROXY: '1' });
  byAddress = await startTestServer({ ...common, HUB_TRUST_PROXY: '127.0.0.1/8, ::1' });
});
afterAll(() => Promise.all([direct?.stop(), byHops?.stop(), byAddress?.stop()]));

const report = (server: TestServer, forwardedFor?: string) =>
  fetch(`${server.origin}/monitoring`, {
    method: 'POST',
    body: buildEnvelope(unreachableDsn),
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: server.origin, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  }).then(async (response) => {
    await response.body?.cancel();
    return response.status;
  });

describe('without HUB_TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: every claimed address shares the peer’s limit', async () => {
    expect([await report(direct, '203.0.113.1'), await report(direct, '203.0.113.2'), await report(direct, '203.0.113.3')]).toEqual([502, 502, 429]);
  });
});

describe.each([
  ['a number of hops', () => byHops],
  ['a list of proxy addresses', () => byAddress],
])('with HUB_TRUST_PROXY as %s', (_name, server) => {
  it('limits two clients behind the proxy separately', async () => {
    expect([await report(server(), '198.51.100.1'), await report(server(), '198.51.100.1'), await report(server(), '198.51.100.1')]).toEqual([502, 502, 429]);
    expect(await report(server(), '198.51.100.2')).toBe(502);
  });

  it('does not believe an address a client put in front of what the proxy appended', async () => {
    // The proxy appends the address it saw (198.51.100.1, already limited); the rest came from the client.
    expect(await report(server(), '198.51.100.9, 198.51.100.1')).toBe(429);
    expect(await report(server(), '10.0.0.1, 192.0.2.77, 198.51.100.1')).toBe(429);
  });
});

describe('the limits keyed on the client', () => {
  it('locks out one client spraying passwords, not the other clients behind the proxy', async () => {
    const origin = byHops.origin;
    const statuses: number[] = [];
    for (let i = 0; i <= signInLimits.client.limit && statuses.at(-1) !== 429; i++) {
      const response = await postForm(
        origin,
        '/en/admin/sign-in',
        { email: `spray-${i}@example.test`, password: 'guess-guess-guess' },
        { 'x-forwarded-for': '198.51.100.66' },
      );
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
    const other = await postForm(
      origin,
      '/en/admin/sign-in',
      { email: 'someone@example.test', password: 'guess-guess-guess' },
      { 'x-forwarded-for': '198.51.100.67' },
    );
    expect(other.status).toBe(401);
  });

  it('counts contact messages per client behind the proxy', async () => {
    const message = { name: 'Ada Lovelace', email: 'ada@example.org', subject: 'Question', message: 'A question about access.', consent: 'true' };
    const send = (forwardedFor: string) =>
      fetch(`${byAddress.origin}/en/hub/contact?_action=contact`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: byAddress.origin, 'x-forwarded-for': forwardedFor },
        body: new URLSearchParams(message).toString(),
      }).then(async (response) => {
        await response.body?.cancel();
        return response.status;
      });
    expect([await send('192.0.2.10'), await send('192.0.2.10')]).toEqual([303, 429]);
    expect(await send('192.0.2.11')).toBe(303);
  });
});
