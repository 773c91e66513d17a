/**
 * Two-factor sign-in for local accounts against the built server, as a browser without
 * JavaScript would use it: turn it on from "Your account" (password → QR code and secret →
 * a real TOTP code computed here from that secret → recovery codes shown once), then signing in
 * asks for a code, a recovery code works once, wrong codes are limited, and it can be turned off.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers } from '../../db/auth-schema.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { PASSWORD, get, postForm, sessionCookie, signUp } from '../helpers/auth.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { totp } from '../helpers/totp.ts';

const EMAIL = 'ada@example.test';
let server: TestServer;
let db: Database;
let cookie: string;
let secret: string;
let recoveryCodes: string[];

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  db = await openDatabase({ url: server.databaseUrl });
  cookie = await signUp(server.origin, EMAIL, 'Ada');
});

afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

const account = (fields: Record<string, string>, session = cookie) => postForm(server.origin, '/en/admin/account', fields, { cookie: session });
const me = (session: string) => get(server.origin, '/api/admin/me', session);
const secretIn = (html: string) => /data-testid="totp-secret"[^>]*>\s*([A-Z2-7 ]+?)\s*</.exec(html)?.[1]?.replace(/ /g, '');
const codesIn = (html: string) => [...html.matchAll(/<li><code>([A-Za-z0-9-]+)<\/code><\/li>/g)].map((match) => match[1]!);
const twoFactorEnabled = async () => (await db.select().from(authUsers).where(eq(authUsers.email, EMAIL)))[0]!.twoFactorEnabled;

/** The password step: its answer, and the cookies it set (the pending sign-in). */
async function passwordStep(redirect = '') {
  const response = await postForm(server.origin, `/en/admin/sign-in${redirect}`, { email: EMAIL, password: PASSWORD });
  return { response, cookie: sessionCookie(response) };
}

describe('turning two-factor on', () => {
  it('shows the account page with two-factor off', async () => {
    const response = await get(server.origin, '/en/admin/account', cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-enabled="false"');
    expect(html).toContain(EMAIL);
  });

  it('asks for the right password', async () => {
    const response = await account({ intent: 'enable-two-factor', password: 'not-my-password' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This password is not right.');
  });

  it('shows a QR code drawn on the server and the secret as text', async () => {
    const response = await account({ intent: 'enable-two-factor', password: PASSWORD });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<div class="account-setup__qr"[^>]*role="img"[^>]*><svg [^>]*viewBox/);
    secret = secretIn(html)!;
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(await twoFactorEnabled()).toBe(false);
  });

  it('shows the same setup again on reload until it is confirmed', async () => {
    const html = await (await get(server.origin, '/en/admin/account', cookie)).text();
    expect(secretIn(html)).toBe(secret);
  });

  it('refuses a wrong confirmation code', async () => {
    const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const response = await account({ intent: 'confirm-two-factor', code: wrong });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This code is not right.');
    expect(await twoFactorEnabled()).toBe(false);
  });

  it('turns on with a code from the app and shows the recovery codes once', async () => {
    const response = await account({ intent: 'confirm-two-factor', code: totp(secret) });
    expect(response.status).toBe(200);
    const html = await response.text();
    recoveryCodes = codesIn(html);
    expect(recoveryCodes).toHaveLength(10);
    expect(html).toContain('they are shown only this once');
    expect(await twoFactorEnabled()).toBe(true);
    // better-auth replaces the session when two-factor turns on.
    cookie = sessionCookie(response);
    const again = await (await get(server.origin, '/en/admin/account', cookie)).text();
    expect(again).toContain('data-enabled="true"');
    expect(codesIn(again)).toEqual([]);
    expect(secretIn(again)).toBeUndefined();
  });

  it('cannot show the recovery codes again by confirming once more', async () => {
    const response = await account({ intent: 'confirm-two-factor', code: totp(secret) });
    expect(response.status).toBe(409);
    expect(codesIn(await response.text())).toEqual([]);
  });
});

describe('signing in with two-factor on', () => {
  it('leads the password step to the code step, without a session', async () => {
    const { response, cookie: pending } = await passwordStep('?redirect_url=%2Fen%2Fadmin%2Ftags');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/admin/sign-in/two-factor?redirect_url=%2Fen%2Fadmin%2Ftags');
    expect(pending).toMatch(/two_factor=/);
    expect((await me(pending)).status).toBe(401);
    const step = await get(server.origin, '/en/admin/sign-in/two-factor?redirect_url=%2Fen%2Fadmin%2Ftags', pending);
    expect(step.status).toBe(200);
    const html = await step.text();
    expect(html).toContain('autocomplete="one-time-code"');
    expect(html).toContain('Use a recovery code instead');
  });

  it('says the JSON API needs the second factor too', async () => {
    const response = await fetch(`${server.origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await me(sessionCookie(response))).status).toBe(401);
  });

  it('sends the code step back to sign-in without a pending sign-in', async () => {
    const response = await get(server.origin, '/en/admin/sign-in/two-factor');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/en/admin/sign-in');
  });

  it('refuses a wrong code, then signs in with the right one', async () => {
    const { cookie: pending } = await passwordStep('?redirect_url=%2Fen%2Fadmin%2Ftags');
    const path = '/en/admin/sign-in/two-factor?redirect_url=%2Fen%2Fadmin%2Ftags';
    const wrong = await postForm(server.origin, path, { method: 'totp', code: '000000' === totp(secret) ? '111111' : '000000' }, { cookie: pending });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('This code is not right.');
    const right = await postForm(server.origin, path, { method: 'totp', code: totp(secret) }, { cookie: pending });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/en/admin/tags');
    expect((await me(sessionCookie(right))).status).toBe(200);
  });

  it('limits wrong codes: after 5, the pending sign-in is over', async () => {
    const { cookie: pending } = await passwordStep();
    const wrong = String((Number(totp(secret)) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const response = await postForm(server.origin, '/en/admin/sign-in/two-factor', { method: 'totp', code: wrong }, { cookie: pending });
      expect(response.status).toBe(401);
    }
    const late = await postForm(server.origin, '/en/admin/sign-in/two-factor', { method: 'totp', code: totp(secret) }, { cookie: pending });
    expect(late.status).toBe(401);
    expect(await late.text()).toContain('This sign-in has expired or had too many wrong codes.');
    expect((await me(sessionCookie(late))).status).toBe(401);
  });

  it('accepts a recovery code once', async () => {
    const code = recoveryCodes[0]!;
    const first = await passwordStep();
    const used = await postForm(server.origin, '/en/admin/sign-in/two-factor', { method: 'recovery', code }, { cookie: first.cookie });
    expect(used.status).toBe(303);
    expect((await me(sessionCookie(used))).status).toBe(200);

    const second = await passwordStep();
    const reused = await postForm(server.origin, '/en/admin/sign-in/two-factor', { method: 'recovery', code }, { cookie: second.cookie });
    expect(reused.status).toBe(401);
    expect(await reused.text()).toContain('This code is not right.');
  });
});

describe('managing two-factor', () => {
  it('replaces the recovery codes (with the password); the old ones stop working', async () => {
    const response = await account({ intent: 'regenerate-recovery-codes', password: PASSWORD });
    expect(response.status).toBe(200);
    const fresh = codesIn(await response.text());
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[1]);
    const { cookie: pending } = await passwordStep();
    const old = await postForm(server.origin, '/en/admin/sign-in/two-factor', { method: 'recovery', code: recoveryCodes[1]! }, { cookie: pending });
    expect(old.status).toBe(401);
    const { cookie: pending2 } = await passwordStep();
    const ok = await postForm(server.origin, '/en/admin/sign-in/two-factor', { method: 'recovery', code: fresh[0]! }, { cookie: pending2 });
    expect(ok.status).toBe(303);
  });

  it('turns off with the password; signing in asks for the password only', async () => {
    const refused = await account({ intent: 'disable-two-factor', password: 'not-my-password' });
    expect(refused.status).toBe(400);
    expect(await twoFactorEnabled()).toBe(true);

    const response = await account({ intent: 'disable-two-factor', password: PASSWORD });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/admin/account?done=twoFactorDisabled');
    expect(await twoFactorEnabled()).toBe(false);
    // better-auth replaces the session when two-factor turns off too.
    cookie = sessionCookie(response);
    expect(await (await get(server.origin, '/en/admin/account?done=twoFactorDisabled', cookie)).text()).toContain('Two-factor sign-in is off.');
    const { response: signIn } = await passwordStep();
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toBe('/en/admin');
  });

  it('speaks French and German', async () => {
    const session = sessionCookie((await passwordStep()).response);
    expect(await (await get(server.origin, '/fr/admin/account', session)).text()).toContain('Connexion à deux facteurs');
    expect(await (await get(server.origin, '/de/admin/account', session)).text()).toContain('Anmeldung mit zweitem Faktor');
  });
});

describe('changing the password', () => {
  it('needs the current password, then ends the other sessions', async () => {
    const other = sessionCookie((await passwordStep()).response);
    const wrong = await account({ intent: 'change-password', currentPassword: 'not-my-password', newPassword: 'a brand new passphrase' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('This password is not right.');
    const weak = await account({ intent: 'change-password', currentPassword: PASSWORD, newPassword: 'short' });
    expect(weak.status).toBe(400);

    const response = await account({ intent: 'change-password', currentPassword: PASSWORD, newPassword: 'a brand new passphrase' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/admin/account?done=passwordChanged');
    cookie = sessionCookie(response);
    expect((await me(cookie)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    const old = await postForm(server.origin, '/en/admin/sign-in', { email: EMAIL, password: PASSWORD });
    expect(old.status).toBe(401);
  });

  it('answers an unknown form with 400', async () => {
    expect((await account({ intent: 'make-me-admin' })).status).toBe(400);
  });
});
