/**
 * Password reset of local accounts, through the built server and a real SMTP server: the same
 * answer whether or not the address has an account, a one-time link valid for an hour in the
 * requester's language, the account's sessions ended, a clear 410 for a used or expired link,
 * and limits per address and per client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_MAIL, linkIn, mailTo, pathOf } from '../helpers/account-mail.ts';
import { PASSWORD, get, postForm, signIn, signUp } from '../helpers/auth.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp-server.ts';

const NEW_PASSWORD = 'a brand new passphrase';
let smtp: TestSmtp;
let server: TestServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  // Behind a trusted proxy on loopback, so a request can come from another client (X-Forwarded-For).
  server = await startTestServer({ HUB_DEMO: '0', HUB_TRUST_PROXY: 'loopback', ...smtp.env, ...FAST_MAIL });
  await signUp(server.origin, 'rita@example.test', 'Rita');
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const me = (cookie: string) => get(server.origin, '/api/admin/me', cookie);

async function requestReset(locale: string, email: string, client?: string): Promise<Response> {
  return postForm(server.origin, `/${locale}/admin/sign-in/forgot-password`, { email }, client ? { 'x-forwarded-for': client } : {});
}

describe('asking for a reset link', () => {
  it('is offered on the sign-in page, in every language', async () => {
    for (const [locale, label] of [
      ['en', 'Forgot your password?'],
      ['fr', 'Mot de passe oublié\u202F?'],
      ['de', 'Passwort vergessen?'],
    ] as const) {
      const html = await (await get(server.origin, `/${locale}/admin/sign-in`)).text();
      expect(html).toContain(`href="/${locale}/admin/sign-in/forgot-password"`);
      expect(html).toContain(label);
      const form = await get(server.origin, `/${locale}/admin/sign-in/forgot-password`);
      expect(form.status).toBe(200);
      expect(await form.text()).toMatch(/<input[^>]+name="email"/);
    }
  });

  it('answers the same whether or not the address has an account, and mails only the owner', async () => {
    const mark = smtp.received.length;
    const known = await requestReset('fr', 'Rita@Example.test');
    const unknown = await requestReset('fr', 'nobody@example.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const strip = (html: string) => html.replace(/value="[^"]*"/g, '');
    const [knownHtml, unknownHtml] = [strip(await known.text()), strip(await unknown.text())];
    expect(knownHtml).toContain('Si un compte existe pour cette adresse');
    expect(unknownHtml).toBe(knownHtml);
    const mail = await mailTo(smtp, 'rita@example.test', 'nouveau mot de passe', mark);
    const link = linkIn(mail, '/fr/admin/sign-in/reset-password');
    expect(link.origin).toBe(server.origin);
    expect(mail.text).toContain('une heure');
    expect(await server.query("SELECT id FROM mail_outbox WHERE recipient = 'nobody@example.test'")).toEqual([]);
    // Only a hash of the token is stored.
    const token = link.searchParams.get('token')!;
    expect(await server.query('SELECT id FROM auth_verifications WHERE identifier LIKE ? OR value LIKE ?', [`%${token}%`, `%${token}%`])).toEqual([]);
  });

  it('refuses an invalid address with a localized field error', async () => {
    const response = await requestReset('de', 'not-an-address');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Geben Sie eine gültige E-Mail-Adresse ein.');
  });
});

describe('choosing a new password', () => {
  it('sets it once, ends every session of the account, and sends the visitor to sign in', async () => {
    const otherSession = await signIn(server.origin, 'rita@example.test');
    expect((await me(otherSession)).status).toBe(200);
    const mark = smtp.received.length;
    await requestReset('en', 'rita@example.test');
    const link = linkIn(await mailTo(smtp, 'rita@example.test', 'Choose a new password', mark), '/en/admin/sign-in/reset-password');

    const page = await get(server.origin, pathOf(link));
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    const html = await page.text();
    expect(html).toContain('name="password"');
    expect(html).toContain('name="passwordConfirmation"');

    const mismatch = await postForm(server.origin, pathOf(link), { password: NEW_PASSWORD, passwordConfirmation: 'something else entirely' });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('The two passwords differ.');

    const done = await postForm(server.origin, pathOf(link), { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/en/admin/sign-in?password_reset=1');
    expect(await (await get(server.origin, '/en/admin/sign-in?password_reset=1')).text()).toContain('Your password was changed');

    expect((await me(otherSession)).status).toBe(401);
    await expect(signIn(server.origin, 'rita@example.test', PASSWORD)).rejects.toThrow(/401/);
    expect((await me(await signIn(server.origin, 'rita@example.test', NEW_PASSWORD))).status).toBe(200);

    // The link worked once.
    const again = await get(server.origin, pathOf(link));
    expect(again.status).toBe(410);
    const againHtml = await again.text();
    expect(againHtml).toContain('This link no longer works');
    expect(againHtml).toContain('href="/en/admin/sign-in/forgot-password"');
    const replay = await postForm(server.origin, pathOf(link), { password: PASSWORD, passwordConfirmation: PASSWORD });
    expect(replay.status).toBe(410);
    await expect(signIn(server.origin, 'rita@example.test', PASSWORD)).rejects.toThrow(/401/);
  });

  it('refuses a link past its hour, and an unknown token, with a localized 410', async () => {
    const mark = smtp.received.length;
    await requestReset('de', 'rita@example.test');
    const link = linkIn(await mailTo(smtp, 'rita@example.test', 'neues Passwort', mark), '/de/admin/sign-in/reset-password');
    const [row] = await server.query<{ expires_at: number; created_at: number }>(
      'SELECT expires_at, created_at FROM auth_verifications ORDER BY created_at DESC LIMIT 1',
    );
    expect(row!.expires_at - row!.created_at).toBeGreaterThan(3590_000);
    expect(row!.expires_at - row!.created_at).toBeLessThanOrEqual(3600_000);
    await server.query('UPDATE auth_verifications SET expires_at = ?', [Date.now() - 1000]);
    const expired = await get(server.origin, pathOf(link));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('Dieser Link funktioniert nicht mehr');
    expect((await get(server.origin, '/fr/admin/sign-in/reset-password?token=made-up')).status).toBe(410);
    expect((await get(server.origin, '/fr/admin/sign-in/reset-password')).status).toBe(410);
  });
});

// Last: these fill the limiters for this server's only client address.
describe('limits', () => {
  it('sends at most 3 links per address and hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await requestReset('en', 'flood@example.test')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts per address and client: a stranger using up an address’s requests does not stop its owner', async () => {
    const stranger: number[] = [];
    for (let i = 0; i < 4; i++) stranger.push((await requestReset('en', 'owner@example.test', '198.51.100.7')).status);
    expect(stranger).toEqual([200, 200, 200, 429]);
    expect((await requestReset('en', 'Owner@Example.test', '203.0.113.5')).status).toBe(200);
  });

  it('bounds the mail one address receives, whatever the clients', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await requestReset('en', 'inbox@example.test', `198.51.100.${20 + i}`)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it('takes at most 10 requests per client and hour, whatever the addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12 && statuses.at(-1) !== 429; i++) statuses.push((await requestReset('en', `spray-${i}@example.test`)).status);
    expect(statuses.at(-1)).toBe(429);
    const refused = await requestReset('fr', 'rita@example.test');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('Trop de demandes de réinitialisation');
  });
});
