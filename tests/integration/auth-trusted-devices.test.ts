/**
 * No "trust this device" (decision 019): the two-factor verify endpoints refuse `trustDevice`,
 * and a trust record made the way better-auth's plugin makes them (a signed `trust_device` cookie
 * and a verification row) stops letting the password alone in as soon as the account's security
 * changes: a new password (changed or reset), its sessions ended (by itself or an administrator),
 * the account disabled, the second factor turned off and on again.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers, authVerifications } from '../../db/auth-schema.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { PASSWORD, grantRole, sessionCookie, signUp } from '../helpers/auth.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { totp } from '../helpers/totp.ts';

const SECRET = 'trusted-devices-test-secret-of-at-least-32-characters';
const EMAIL = 'ada@example.test';
const ADMIN = 'grace@example.test';
let server: TestServer;
let db: Database;
let userId: string;
let adminCookie: string;
let password = PASSWORD;

function post(path: string, body: unknown, cookie = ''): Promise<Response> {
  return fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** Turns the second factor on through the JSON API, as the plugin's client would. */
async function enableTwoFactor(session: string): Promise<void> {
  const enabled = await post('/api/auth/two-factor/enable', { password }, session);
  expect(enabled.status).toBe(200);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const secret = new URL(totpURI).searchParams.get('secret')!;
  const confirmed = await post('/api/auth/two-factor/verify-totp', { code: totp(secret) }, session);
  expect(confirmed.status).toBe(200);
}

/** A trust record exactly as better-auth's plugin writes one for `trustDevice: true`. */
async function plantTrust(): Promise<string> {
  const identifier = `trust-device-${randomBytes(24).toString('hex')}`;
  const token = createHmac('sha256', SECRET).update(`${userId}!${identifier}`).digest('base64url');
  await db.insert(authVerifications).values({
    id: randomUUID(),
    // Stored hashed (`verification.storeIdentifier: 'hashed'`).
    identifier: createHash('sha256').update(identifier).digest('base64url'),
    value: userId,
    expiresAt: new Date(Date.now() + 30 * 24 * 3600_000),
  });
  const value = `${token}!${identifier}`;
  const signature = createHmac('sha256', SECRET).update(value).digest('base64');
  return `hub.trust_device=${encodeURIComponent(`${value}.${signature}`)}`;
}

const trustCookieIn = (cookies: string) => cookies.split('; ').find((cookie) => cookie.startsWith('hub.trust_device='));

async function passwordSignIn(cookie: string) {
  const response = await post('/api/auth/sign-in/email', { email: EMAIL, password }, cookie);
  expect(response.status).toBe(200);
  return { body: (await response.json()) as { twoFactorRedirect?: boolean }, cookies: sessionCookie(response) };
}

/** Signs in on a trusted device: a session, and the device's trust cookie (renewed by the plugin). */
async function trustedDevice(): Promise<{ session: string; trust: string }> {
  const { body, cookies } = await passwordSignIn(await plantTrust());
  expect(body.twoFactorRedirect).toBeUndefined();
  const trust = trustCookieIn(cookies);
  expect(trust).toBeDefined();
  // The change is made elsewhere (the owner's other device): this device's cookie is not sent.
  const session = cookies
    .split('; ')
    .filter((cookie) => cookie !== trust)
    .join('; ');
  return { session, trust: trust! };
}

async function expectCodeAsked(trust: string) {
  const { body } = await passwordSignIn(trust);
  expect(body.twoFactorRedirect).toBe(true);
}

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0', BETTER_AUTH_SECRET: SECRET });
  db = await openDatabase({ url: server.databaseUrl });
  const session = await signUp(server.origin, EMAIL, 'Ada');
  userId = (await db.select().from(authUsers).where(eq(authUsers.email, EMAIL)))[0]!.id;
  await enableTwoFactor(session);
  adminCookie = await signUp(server.origin, ADMIN, 'Grace');
  expect(await grantRole(server.databaseUrl, ADMIN, 'admin')).toEqual({ ok: true });
});

afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

describe('"trust this device" is refused', () => {
  it.each(['/api/auth/two-factor/verify-totp', '/api/auth/two-factor/verify-backup-code'])('%s answers 400 to trustDevice', async (path) => {
    const pending = await passwordSignIn('');
    expect(pending.body.twoFactorRedirect).toBe(true);
    const response = await post(path, { code: '123456', trustDevice: true }, pending.cookies);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'TRUST_DEVICE_NOT_OFFERED',
      message: 'This site does not remember devices: every sign-in asks for a code.',
    });
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes('trust_device'))).toBe(false);
  });
});

describe('a trusted device asks for the code again after', () => {
  it('the password is changed', async () => {
    const { session, trust } = await trustedDevice();
    const next = `${PASSWORD} changed`;
    expect((await post('/api/auth/change-password', { currentPassword: password, newPassword: next }, session)).status).toBe(200);
    password = next;
    await expectCodeAsked(trust);
  });

  it('the password is reset', async () => {
    const { trust } = await trustedDevice();
    const token = randomBytes(16).toString('hex');
    await db.insert(authVerifications).values({
      id: randomUUID(),
      identifier: createHash('sha256').update(`reset-password:${token}`).digest('base64url'),
      value: userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const next = `${PASSWORD} reset`;
    expect((await post('/api/auth/reset-password', { token, newPassword: next })).status).toBe(200);
    password = next;
    await expectCodeAsked(trust);
  });

  it('the account ends all its sessions', async () => {
    const { session, trust } = await trustedDevice();
    expect((await post('/api/auth/revoke-sessions', {}, session)).status).toBe(200);
    await expectCodeAsked(trust);
  });

  it('an administrator ends all its sessions', async () => {
    const { trust } = await trustedDevice();
    expect((await post(`/api/admin/team/${userId}/end-sessions`, {}, adminCookie)).status).toBe(200);
    await expectCodeAsked(trust);
  });

  it('an administrator disables the account (and enables it again)', async () => {
    const { trust } = await trustedDevice();
    expect((await post(`/api/admin/team/${userId}/disable`, {}, adminCookie)).status).toBe(200);
    expect((await post(`/api/admin/team/${userId}/enable`, {}, adminCookie)).status).toBe(200);
    await expectCodeAsked(trust);
  });

  it('the second factor is turned off and on again', async () => {
    const { session, trust } = await trustedDevice();
    expect((await post('/api/auth/two-factor/disable', { password }, session)).status).toBe(200);
    const { cookies } = await passwordSignIn('');
    await enableTwoFactor(cookies);
    await expectCodeAsked(trust);
  });
});
