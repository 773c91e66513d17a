/**
 * HUB_VERIFY_EMAIL=1 through the built server and a real SMTP server: sign-up sends a link in
 * the page's language, and no role (not the first account's admin, not an allow-list role) is
 * effective until the address is verified; an accepted invitation counts as verified. The link
 * verifies without signing anyone in or out: its reader is sent to sign-in with a notice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_MAIL, linkIn, mailTo, pathOf } from '../helpers/account-mail.ts';
import { PASSWORD, get, postForm, sessionCookie, signIn, signUp } from '../helpers/auth.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp-server.ts';

let smtp: TestSmtp;
let server: TestServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ HUB_DEMO: '0', HUB_VERIFY_EMAIL: '1', HUB_EDITOR_EMAILS: 'listed@example.test', ...smtp.env, ...FAST_MAIL });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const me = (cookie: string) => get(server.origin, '/api/admin/me', cookie);

describe('verification on sign-up', () => {
  it('gives the first account no admin role until its address is verified; the link verifies without signing in', async () => {
    const mark = smtp.received.length;
    const form = await postForm(server.origin, '/de/admin/sign-up', { name: 'Vera', email: 'vera@example.test', password: PASSWORD });
    expect(form.status).toBe(200);
    const cookie = await signIn(server.origin, 'vera@example.test');
    const before = await me(cookie);
    expect(before.status).toBe(403);
    expect(await before.json()).toMatchObject({ code: 'NO_ROLE' });
    const screen = await get(server.origin, '/de/admin/events', cookie);
    expect(screen.status).toBe(403);
    expect(await screen.text()).toContain('Ihr Konto hat keine Rolle, bis Sie Ihre E-Mail-Adresse bestätigen');

    const mail = await mailTo(smtp, 'vera@example.test', 'Bestätigen Sie Ihre E-Mail-Adresse', mark);
    const link = linkIn(mail, '/de/admin/sign-up/verify-email');
    expect(link.origin).toBe(server.origin);
    // No "account created" mail besides: the verification mail is the one that says what happened.
    expect(smtp.received.slice(mark).filter((m) => m.to.includes('vera@example.test'))).toHaveLength(1);

    // The link verifies without signing in: it leads to sign-in, with a notice, and sets no cookie.
    const verified = await get(server.origin, pathOf(link));
    expect(verified.status).toBe(303);
    expect(verified.headers.get('location')).toBe('/de/admin/sign-in?email_verified=1');
    expect(verified.headers.getSetCookie()).toEqual([]);
    const signInPage = await (await get(server.origin, verified.headers.get('location')!)).text();
    expect(signInPage).toContain(getTranslator('de')('auth.verify.done'));
    // The session signed in before holds the role now: the role depends on the address, not the session.
    expect(await (await me(cookie)).json()).toMatchObject({ role: 'admin' });
    expect(await (await me(await signIn(server.origin, 'vera@example.test'))).json()).toMatchObject({ role: 'admin' });
  });

  it('leaves a signed-in admin who opens a stranger’s link signed in as themselves', async () => {
    const admin = await signIn(server.origin, 'vera@example.test');
    const mark = smtp.received.length;
    expect((await postForm(server.origin, '/en/admin/sign-up', { name: 'Stranger', email: 'stranger@example.test', password: PASSWORD })).status).toBe(200);
    const link = linkIn(await mailTo(smtp, 'stranger@example.test', 'Confirm your e-mail address', mark), '/en/admin/sign-up/verify-email');
    const opened = await get(server.origin, pathOf(link), admin);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/en/admin/sign-in?email_verified=1');
    // No session for the stranger (whatever their second factor), none replaced for the admin.
    expect(opened.headers.getSetCookie()).toEqual([]);
    expect(await (await me(admin)).json()).toMatchObject({ user: { email: 'vera@example.test' }, role: 'admin' });
    const [row] = await server.query<{ email_verified: number }>('SELECT email_verified FROM auth_users WHERE email = ?', ['stranger@example.test']);
    expect(row?.email_verified).toBe(1);
  });

  it('gives an allow-listed address no role until verified', async () => {
    const mark = smtp.received.length;
    const cookie = await signUp(server.origin, 'listed@example.test', 'Listed');
    expect(await (await me(cookie)).json()).toMatchObject({ code: 'NO_ROLE' });
    const link = linkIn(await mailTo(smtp, 'listed@example.test', 'Confirm your e-mail address', mark), '/en/admin/sign-up/verify-email');
    expect((await get(server.origin, pathOf(link))).status).toBe(303);
    expect(await (await me(cookie)).json()).toMatchObject({ role: 'editor' });
  });

  it('explains a bad link with a localized 400', async () => {
    const response = await get(server.origin, '/fr/admin/sign-up/verify-email?token=not-a-token');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Ce lien de confirmation ne fonctionne pas');
    expect((await get(server.origin, '/fr/admin/sign-up/verify-email')).status).toBe(400);
  });

  it('counts an accepted invitation as verified, with no verification mail', async () => {
    const admin = await signIn(server.origin, 'vera@example.test');
    const mark = smtp.received.length;
    const created = await fetch(`${server.origin}/api/admin/invitations`, {
      method: 'POST',
      headers: { cookie: admin, origin: server.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'invited@example.test', role: 'editor' }),
    });
    expect(created.status).toBe(201);
    const link = linkIn(await mailTo(smtp, 'invited@example.test', 'You are invited', mark), '/en/admin/sign-up/invitation');
    const accepted = await postForm(server.origin, pathOf(link), { name: 'Invited', password: PASSWORD });
    expect(accepted.status).toBe(303);
    expect(await (await me(sessionCookie(accepted))).json()).toMatchObject({ role: 'editor' });
    const mails = await server.query<{ kind: string }>('SELECT kind FROM mail_outbox WHERE recipient = ?', ['invited@example.test']);
    expect(mails.map((row) => row.kind)).toEqual(['invitation']);
  });
});

describe('asking for another verification mail', () => {
  it('is limited per address like reset requests', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${server.origin}/api/auth/send-verification-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin },
        body: JSON.stringify({ email: 'unverified@example.test' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 3).every((status) => status < 400)).toBe(true);
    expect(statuses[3]).toBe(429);
  });
});
