/**
 * Password-guessing limits against the built server (behind a trusted proxy, so each test
 * client has its own address in X-Forwarded-For): sign-in failures slow down the client that
 * makes them on that account, never the account's owner elsewhere; one client spraying many
 * accounts meets a cap; a signed-in session cannot guess its own password through the
 * endpoints that check it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, postForm, sessionCookie, signUp } from '../helpers/auth.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0', HUB_TRUST_PROXY: '1', HUB_EDITOR_EMAILS: 'editor@example.test' });
});

afterAll(() => server?.stop());

const from = (address: string) => ({ 'x-forwarded-for': address });

function signInForm(email: string, password: string, address: string, path = '/en/admin/sign-in') {
  return postForm(server.origin, path, { email, password }, from(address));
}

function authApi(path: string, body: object, { cookie, address }: { cookie?: string; address: string }) {
  return fetch(`${server.origin}/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin, ...from(address), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

describe('sign-in failures count per account and client', () => {
  const email = 'admin@example.test';
  beforeAll(async () => {
    await signUp(server.origin, email, 'Admin');
  });

  it('slows the guessing client down for a minute after 5 failures, even with the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await signInForm(email, `wrong-${i}-password`, '198.51.100.7')).status).toBe(401);
    const refused = await signInForm(email, PASSWORD, '198.51.100.7');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.text()).toContain('Too many failed attempts. Try again in 1 minute.');
    expect(refused.headers.getSetCookie()).toEqual([]);
    // The JSON API shares the limiter (and the e-mail's case does not matter).
    expect((await authApi('/sign-in/email', { email: 'ADMIN@example.test', password: PASSWORD }, { address: '198.51.100.7' })).status).toBe(429);
    // Localized.
    expect(await (await signInForm(email, PASSWORD, '198.51.100.7', '/fr/admin/sign-in')).text()).toContain('Trop de tentatives échouées');
  });

  it('never blocks the account owner signing in from another client', async () => {
    const owner = await signInForm(email, PASSWORD, '192.0.2.10');
    expect(owner.status).toBe(303);
    expect(sessionCookie(owner)).toMatch(/session_token=/);
    const api = await authApi('/sign-in/email', { email, password: PASSWORD }, { address: '192.0.2.11' });
    expect(api.status).toBe(200);
  });

  it('caps one client spraying passwords over many accounts, and only that client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60 && statuses.at(-1) !== 429; i++) {
      statuses.push((await signInForm(`spray-${i}@example.test`, 'guess-guess-guess', '203.0.113.66')).status);
    }
    expect(statuses.at(-1)).toBe(429);
    // Generous: an office behind one address mistyping now and then never gets near it.
    expect(statuses.length).toBeGreaterThan(40);
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect((await signInForm(email, PASSWORD, '203.0.113.66')).status).toBe(429);
    expect((await signInForm(email, PASSWORD, '203.0.113.67')).status).toBe(303);
  });
});

describe('a signed-in session confirming its password', () => {
  const email = 'editor@example.test';
  let cookie: string;
  beforeAll(async () => {
    cookie = await signUp(server.origin, email, 'Ed');
  });

  it('is limited on verify-password, then on every endpoint that checks the password', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await authApi('/verify-password', { password: `wrong-${i}-password` }, { cookie, address: '198.51.100.20' });
      expect(response.status).toBe(400);
    }
    const right = await authApi('/verify-password', { password: PASSWORD }, { cookie, address: '198.51.100.20' });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await right.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    // Per account: another address with the same session gains nothing.
    const change = await authApi('/change-password', { currentPassword: PASSWORD, newPassword: 'another long passphrase' }, { cookie, address: '192.0.2.99' });
    expect(change.status).toBe(429);
    expect((await authApi('/two-factor/enable', { password: PASSWORD }, { cookie, address: '192.0.2.99' })).status).toBe(429);
  });

  it('answers the account page form with a localized 429 and Retry-After', async () => {
    const response = await postForm(
      server.origin,
      '/de/admin/account',
      { intent: 'change-password', currentPassword: PASSWORD, newPassword: 'another long passphrase' },
      { cookie, ...from('198.51.100.20') },
    );
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.text()).toContain('Zu viele Fehlversuche');
  });

  it('does not stop the same person signing in, nor other accounts confirming theirs', async () => {
    expect((await signInForm(email, PASSWORD, '192.0.2.50')).status).toBe(303);
    const other = await signUp(server.origin, 'other@example.test', 'Other');
    expect((await authApi('/verify-password', { password: PASSWORD }, { cookie: other, address: '198.51.100.20' })).status).toBe(200);
  });
});
