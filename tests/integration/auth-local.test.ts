/**
 * Local accounts end to end against the built server: the first account is admin, later ones
 * wait for a role, the CLI grants one, the forms explain what went wrong,
 * sessions end (expiry, sign-out) on the server, and nothing crosses origins or redirects away.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, authUsers } from '../../db/auth-schema.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { PASSWORD, get, postForm, runUsersCli, sessionCookie, signIn, signUp } from '../helpers/auth.ts';

const SESSION_MAX_AGE = 3600;
let server: TestServer;
let db: Database;
let adminCookie: string;

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0', HUB_SESSION_MAX_AGE: String(SESSION_MAX_AGE) });
  db = await openDatabase({ url: server.databaseUrl });
});

afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

const me = (cookie?: string) => get(server.origin, '/api/admin/me', cookie);

describe('roles of new accounts', () => {
  it('makes the first account created through the sign-up form an admin', async () => {
    const response = await postForm(server.origin, '/en/admin/sign-up?redirect_url=%2Fen%2Fadmin%2Fevents', {
      name: 'Ada Admin',
      email: 'Ada@Example.test',
      password: PASSWORD,
    });
    // Sign-up answers "check your mail" and signs no one in (a taken address gets the same answer).
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.text()).toContain('We sent a message to the address you entered');
    const signedIn = await postForm(server.origin, '/en/admin/sign-in?redirect_url=%2Fen%2Fadmin%2Fevents', { email: 'ada@example.test', password: PASSWORD });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/en/admin/events');
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('hub.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain HTTP here; HTTPS requests get Secure cookies
    expect(cookie).toMatch(new RegExp(`Max-Age=${SESSION_MAX_AGE}`));
    adminCookie = sessionCookie(signedIn);
    const body = await (await me(adminCookie)).json();
    expect(body).toMatchObject({ role: 'admin', user: { email: 'ada@example.test', name: 'Ada Admin', provider: 'local' } });
    expect(body.permissions).toContain('users.manage');
  });

  it('gives the second account no role: 403 on the API and the 403 screen on pages', async () => {
    const cookie = await signUp(server.origin, 'bob@example.test', 'Bob');
    const api = await me(cookie);
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ code: 'NO_ROLE' });
    const page = await get(server.origin, '/de/admin/events', cookie);
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain('Zugriff verweigert');
    expect(html).toContain('bob@example.test');
    expect(html).toContain('action="/de/admin/sign-out"');
  });

  it('lets an operator grant editor with the CLI, which takes effect at once', async () => {
    const cookie = await signIn(server.origin, 'bob@example.test');
    const grant = await runUsersCli(server.databaseUrl, ['grant', 'bob@example.test', 'editor']);
    expect(grant.output).toContain('bob@example.test is now editor');
    expect(grant.status).toBe(0);
    expect(await (await me(cookie)).json()).toMatchObject({ role: 'editor' });
    expect((await get(server.origin, '/en/admin/events', cookie)).status).toBe(200);
    // Editors do not manage roles; the refusal names the permission.
    const users = await get(server.origin, '/api/admin/users', cookie);
    expect(users.status).toBe(403);
    expect(await users.json()).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'users.manage' });
    const list = await runUsersCli(server.databaseUrl, ['list']);
    expect(list.output).toMatch(/ada@example\.test\s+admin/);
    expect(list.output).toMatch(/bob@example\.test\s+editor/);
  });

  it('limits an account to editions with the CLI, by slug, and lifts the limit with `all` (decision 059)', async () => {
    const created = await fetch(`${server.origin}/api/admin/editions`, {
      method: 'POST',
      headers: { cookie: adminCookie, origin: server.origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        slug: 'cli-spring',
        startsAt: '2031-03-01T00:00:00Z',
        endsAt: '2031-03-31T00:00:00Z',
        translations: { en: { title: 'CLI spring' } },
      }),
    });
    expect(created.status).toBe(201);
    const edition = (await created.json()) as { id: number; slug: string };
    const cookie = await signIn(server.origin, 'bob@example.test');

    const unknown = await runUsersCli(server.databaseUrl, ['grant', 'bob@example.test', 'contributor', '--editions', 'no-such-edition']);
    expect(unknown.status).toBe(1);
    expect(unknown.output).toContain('no-such-edition');
    const limited = await runUsersCli(server.databaseUrl, ['grant', 'bob@example.test', 'contributor', '--editions', edition.slug]);
    expect(limited.status).toBe(0);
    expect(limited.output).toContain(`bob@example.test is now contributor (limited to editions ${edition.slug})`);
    expect(await (await me(cookie)).json()).toMatchObject({ role: 'contributor', editions: [edition.id] });
    expect((await runUsersCli(server.databaseUrl, ['list'])).output).toMatch(new RegExp(`bob@example\\.test\\s+contributor.*editions ${edition.id}`));

    const lifted = await runUsersCli(server.databaseUrl, ['grant', 'bob@example.test', 'editor', '--editions', 'all']);
    expect(lifted.status).toBe(0);
    expect(await (await me(cookie)).json()).toMatchObject({ role: 'editor', editions: null });
  });

  it('refuses to revoke the last admin, from the CLI and the API', async () => {
    const revoke = await runUsersCli(server.databaseUrl, ['revoke', 'ada@example.test']);
    expect(revoke.status).toBe(1);
    expect(revoke.output).toMatch(/last administrator/);
    const [ada] = await db.select().from(authUsers).where(eq(authUsers.email, 'ada@example.test'));
    const response = await fetch(`${server.origin}/api/admin/users/${ada!.id}/role`, {
      method: 'DELETE',
      headers: { cookie: adminCookie, origin: server.origin },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'LAST_ADMIN' });
  });

  it('lets an admin grant and revoke roles through the API', async () => {
    await signUp(server.origin, 'cleo@example.test', 'Cleo');
    const [cleo] = await db.select().from(authUsers).where(eq(authUsers.email, 'cleo@example.test'));
    const url = `${server.origin}/api/admin/users/${cleo!.id}/role`;
    const headers = { cookie: adminCookie, origin: server.origin, 'content-type': 'application/json' };
    const bad = await fetch(url, { method: 'PUT', headers, body: JSON.stringify({ role: 'owner' }) });
    expect(bad.status).toBe(400);
    const granted = await fetch(url, { method: 'PUT', headers, body: JSON.stringify({ role: 'admin' }) });
    expect(await granted.json()).toMatchObject({ user: { email: 'cleo@example.test', role: 'admin', grantedRole: 'admin' } });
    const revoked = await fetch(url, { method: 'DELETE', headers });
    expect(await revoked.json()).toMatchObject({ user: { role: null, grantedRole: null } });
  });
});

describe('sign-in and sign-up forms', () => {
  it('says so when the password is wrong, keeping the e-mail', async () => {
    const response = await postForm(server.origin, '/fr/admin/sign-in', { email: 'ada@example.test', password: 'not the password' });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('Adresse e-mail ou mot de passe incorrect.');
    expect(html).toContain('value="ada@example.test"');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('says so when the password is weak, without creating the account', async () => {
    const response = await postForm(server.origin, '/de/admin/sign-up', { name: 'Dora', email: 'dora@example.test', password: 'short' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Dieses Passwort ist zu schwach: Verwenden Sie mindestens 10 Zeichen.');
    expect(await db.select().from(authUsers).where(eq(authUsers.email, 'dora@example.test'))).toEqual([]);
  });

  it('lands on the page the visitor asked for after signing in', async () => {
    const response = await postForm(server.origin, '/en/admin/sign-in?redirect_url=%2Fen%2Fadmin%2Ftags%3Fpage%3D2', {
      email: 'bob@example.test',
      password: PASSWORD,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/admin/tags?page=2');
  });

  it.each([
    '//evil.example/x',
    'https://evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
  ])('does not redirect to %s', async (target) => {
    const signedIn = await get(server.origin, `/en/admin/sign-in?redirect_url=${encodeURIComponent(target)}`, adminCookie);
    expect(signedIn.headers.get('location')).toBe('/en/admin');
    const form = await postForm(server.origin, `/en/admin/sign-in?redirect_url=${encodeURIComponent(target)}`, {
      email: 'bob@example.test',
      password: PASSWORD,
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/en/admin');
  });
});

describe('sessions', () => {
  it('stores the session on the server with the configured lifetime', async () => {
    const cookie = await signIn(server.origin, 'bob@example.test');
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const [row] = await db.select().from(authSessions).where(eq(authSessions.token, token));
    expect(row).toBeDefined();
    const lifetime = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(Math.abs(lifetime - SESSION_MAX_AGE)).toBeLessThan(5);
  });

  it('refuses a session past its expiry', async () => {
    const cookie = await signIn(server.origin, 'bob@example.test');
    expect((await me(cookie)).status).toBe(200);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    await db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.token, token));
    expect((await me(cookie)).status).toBe(401);
    expect((await get(server.origin, '/en/admin', cookie)).headers.get('location')).toBe('/en/admin/sign-in?redirect_url=%2Fen%2Fadmin');
  });

  it('ends the session on the server when signing out', async () => {
    const cookie = await signIn(server.origin, 'bob@example.test');
    const before = await db.select({ n: sql<number>`count(*)` }).from(authSessions);
    const response = await postForm(server.origin, '/en/admin/sign-out', {}, { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/admin/sign-in?signed_out=1');
    expect(response.headers.getSetCookie().join()).toMatch(/hub\.session_token=;/);
    // The old cookie, replayed, no longer opens anything.
    expect((await me(cookie)).status).toBe(401);
    const after = await db.select({ n: sql<number>`count(*)` }).from(authSessions);
    expect(after[0]!.n).toBe(before[0]!.n - 1);
  });
});

describe('cross-origin requests', () => {
  const json = { 'content-type': 'application/json' };

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['no Origin', {}],
  ])('refuses an admin API write with %s', async (_label, originHeader) => {
    const [bob] = await db.select().from(authUsers).where(eq(authUsers.email, 'bob@example.test'));
    const response = await fetch(`${server.origin}/api/admin/users/${bob!.id}/role`, {
      method: 'PUT',
      headers: { ...json, ...originHeader, cookie: adminCookie },
      body: JSON.stringify({ role: 'admin' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'CROSS_ORIGIN_REQUEST' });
    expect((await db.select().from(authUsers).where(eq(authUsers.id, bob!.id)))[0]!.role).toBe('editor');
  });

  it('refuses a cross-origin sign-in, through the form and the JSON API', async () => {
    const form = await postForm(server.origin, '/en/admin/sign-in', { email: 'bob@example.test', password: PASSWORD }, { origin: 'https://evil.example' });
    expect(form.status).toBe(403);
    expect(form.headers.getSetCookie()).toEqual([]);
    const api = await fetch(`${server.origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { ...json, origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'bob@example.test', password: PASSWORD }),
    });
    expect(api.status).toBe(403);
    expect(api.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a cross-origin sign-out', async () => {
    const response = await postForm(server.origin, '/en/admin/sign-out', {}, { cookie: adminCookie, origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect((await me(adminCookie)).status).toBe(200);
  });
});

// Brute-force limits: tests/integration/auth-lockout.test.ts.
describe('first account under concurrency', () => {
  it('makes exactly one admin when several people sign up at once on a fresh database', async () => {
    const fresh = await startTestServer({ HUB_DEMO: '0' });
    try {
      const emails = Array.from({ length: 6 }, (_, i) => `racer-${i}@example.test`);
      const cookies = await Promise.all(emails.map((email) => signUp(fresh.origin, email)));
      const roles = await Promise.all(cookies.map(async (cookie) => (await get(fresh.origin, '/api/admin/me', cookie)).status));
      expect(roles.filter((status) => status === 200)).toHaveLength(1);
      expect(roles.filter((status) => status === 403)).toHaveLength(5);
    } finally {
      await fresh.stop();
    }
  });
});

describe('operator settings', () => {
  it('HUB_SIGN_UP=closed hides and refuses sign-up, on the page and the JSON API', async () => {
    const closed = await startTestServer({ HUB_DEMO: '0', HUB_SIGN_UP: 'closed' });
    try {
      const signInPage = await (await get(closed.origin, '/en/admin/sign-in')).text();
      expect(signInPage).not.toContain('/en/admin/sign-up');
      const page = await get(closed.origin, '/fr/admin/sign-up');
      expect(page.status).toBe(403);
      expect(await page.text()).toContain('Les inscriptions sont fermées');
      const form = await postForm(closed.origin, '/en/admin/sign-up', { name: 'Zed', email: 'zed@example.test', password: PASSWORD });
      expect(form.status).toBe(403);
      expect(form.headers.getSetCookie()).toEqual([]);
      await expect(signUp(closed.origin, 'zed@example.test')).rejects.toThrow(/sign-up of zed@example.test failed: 400/);
      expect(await closed.query('SELECT id FROM auth_users')).toEqual([]);
    } finally {
      await closed.stop();
    }
  });

  it('with HUB_ADMIN_EMAILS set, the first account is not made admin; the listed address is', async () => {
    const listed = await startTestServer({ HUB_DEMO: '0', HUB_ADMIN_EMAILS: 'boss@example.test' });
    try {
      const stranger = await signUp(listed.origin, 'early-bird@example.test');
      expect((await get(listed.origin, '/api/admin/me', stranger)).status).toBe(403);
      const boss = await signUp(listed.origin, 'Boss@Example.test');
      expect(await (await get(listed.origin, '/api/admin/me', boss)).json()).toMatchObject({ role: 'admin' });
    } finally {
      await listed.stop();
    }
  });
});
