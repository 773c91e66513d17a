/**
 * Sign-up as a prober would try it: the JSON API applies the form's rules (name 1–100 characters
 * trimmed, no image; the profile update too), the answer is the same whether the address is new or taken (the mail says
 * which), and a client cannot create accounts without limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_MAIL, linkIn, mailTo } from '../helpers/account-mail.ts';
import { PASSWORD, postForm, signUp } from '../helpers/auth.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp-server.ts';

let smtp: TestSmtp;
let server: TestServer;
let ownerCookie: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ HUB_DEMO: '0', ...smtp.env, ...FAST_MAIL });
  ownerCookie = await signUp(server.origin, 'owner@example.test', 'Owner');
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

function jsonSignUp(body: Record<string, unknown>, referer?: string): Promise<Response> {
  return fetch(`${server.origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin, ...(referer ? { referer: `${server.origin}${referer}` } : {}) },
    body: JSON.stringify({ password: PASSWORD, ...body }),
  });
}

const accounts = (email: string) => server.query('SELECT id FROM auth_users WHERE email = ?', [email]);

describe('the JSON sign-up applies the form rules', () => {
  it.each([
    ['a 60,000-character name', { name: 'x'.repeat(60_000) }],
    ['a 101-character name', { name: 'x'.repeat(101) }],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['a javascript: image', { name: 'Mallory', image: 'javascript:alert(1)' }],
    ['an https image', { name: 'Mallory', image: 'https://images.example/me.png' }],
  ])('refuses %s, creating nothing', async (_label, body) => {
    const email = `rules-${Math.random().toString(36).slice(2)}@example.test`;
    const response = await jsonSignUp({ email, ...body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: expect.stringMatching(/^(NAME_REQUIRED|NAME_TOO_LONG|IMAGE_NOT_ALLOWED)$/) });
    expect(await accounts(email)).toEqual([]);
  });

  it('stores the name trimmed', async () => {
    const response = await jsonSignUp({ email: 'trim@example.test', name: '  Tess Trim  ' });
    expect(response.status).toBe(200);
    const [row] = await server.query<{ name: string; image: string | null }>('SELECT name, image FROM auth_users WHERE email = ?', ['trim@example.test']);
    expect(row).toEqual({ name: 'Tess Trim', image: null });
  });

  it('explains the refusal in the language of the page it came from', async () => {
    const response = await jsonSignUp({ email: 'lang@example.test', name: '' }, '/de/admin/sign-up');
    expect(await response.json()).toMatchObject({ message: 'Geben Sie einen Namen mit 1 bis 100 Zeichen ein.' });
  });
});

describe('the JSON profile update applies the same rules', () => {
  const updateUser = (body: Record<string, unknown>) =>
    fetch(`${server.origin}/api/auth/update-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin, cookie: ownerCookie },
      body: JSON.stringify(body),
    });
  const owner = async () =>
    (await server.query<{ name: string; image: string | null }>('SELECT name, image FROM auth_users WHERE email = ?', ['owner@example.test']))[0];

  it.each([
    ['a 60,000-character name', { name: 'x'.repeat(60_000) }, 'NAME_TOO_LONG'],
    ['an empty name', { name: '' }, 'NAME_REQUIRED'],
    ['a javascript: image', { image: 'javascript:alert(1)' }, 'IMAGE_NOT_ALLOWED'],
    ['an https image', { image: 'https://images.example/me.png' }, 'IMAGE_NOT_ALLOWED'],
  ])('refuses %s, changing nothing', async (_label, body, code) => {
    const response = await updateUser(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code, message: expect.any(String) });
    expect(await owner()).toEqual({ name: 'Owner', image: null });
  });

  it('stores a valid name trimmed', async () => {
    expect((await updateUser({ name: '  Olive Owner  ' })).status).toBe(200);
    expect(await owner()).toEqual({ name: 'Olive Owner', image: null });
    expect((await updateUser({ name: 'Owner' })).status).toBe(200);
  });
});

describe('a taken address cannot be told from a new one', () => {
  it('answers the JSON API the same, with no session either way', async () => {
    const fresh = await jsonSignUp({ email: 'fresh@example.test', name: 'Fresh' });
    const taken = await jsonSignUp({ email: 'owner@example.test', name: 'Intruder' });
    expect(taken.status).toBe(fresh.status);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    expect(taken.headers.getSetCookie()).toEqual([]);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      keys: Object.keys(body.user).sort(),
      verified: body.user.emailVerified,
    });
    expect(shape(await taken.json())).toEqual(shape(await fresh.json()));
    // Nothing about the existing account changed.
    const [owner] = await server.query<{ name: string }>('SELECT name FROM auth_users WHERE email = ?', ['owner@example.test']);
    expect(owner!.name).toBe('Owner');
  });

  it('answers the form the same, and the mail tells each owner what happened', async () => {
    const mark = smtp.received.length;
    const fresh = await postForm(server.origin, '/fr/admin/sign-up', { name: 'Nouvelle', email: 'nouvelle@example.test', password: PASSWORD });
    const taken = await postForm(server.origin, '/fr/admin/sign-up', { name: 'Intrus', email: 'owner@example.test', password: PASSWORD });
    expect(fresh.status).toBe(200);
    expect(taken.status).toBe(200);
    const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const freshMain = main(await fresh.text());
    expect(freshMain).toContain('Nous avons envoyé un message');
    expect(main(await taken.text())).toBe(freshMain);

    const created = await mailTo(smtp, 'nouvelle@example.test', 'Votre compte a été créé', mark);
    expect(linkIn(created, '/fr/admin/sign-in').origin).toBe(server.origin);
    const attempt = await mailTo(smtp, 'owner@example.test', 'Quelqu’un a tenté de s’inscrire avec votre adresse', mark);
    expect(attempt.text).toContain('Rien n’a été modifié');
    expect(linkIn(attempt, '/fr/admin/sign-in/forgot-password').origin).toBe(server.origin);
  });
});

// Last: fills the sign-up limiter for this server's only client address.
describe('rate limit', () => {
  it('refuses a client creating accounts in bulk, with Retry-After and a localized message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25 && statuses.at(-1) !== 429; i++) statuses.push((await jsonSignUp({ email: `bulk-${i}@example.test`, name: `Bulk ${i}` })).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(21);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    const form = await postForm(server.origin, '/de/admin/sign-up', { name: 'Noch eine', email: 'noch-eine@example.test', password: PASSWORD });
    expect(form.status).toBe(429);
    expect(Number(form.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await form.text()).toContain('Zu viele Registrierungen von Ihrer Verbindung');
    expect(await accounts('noch-eine@example.test')).toEqual([]);
  });
});
