/**
 * The Clerk adapter without network: the real `clerkMiddleware` in a build that includes Clerk
 * (`dist-clerk`, built here when stale), verifying RS256 session tokens we mint with a test key
 * pair through `jwtKey`. A preload in the server process records every attempt to reach a
 * non-loopback host; the last test asserts there was none.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { exportSPKI, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLERK_DIST as DIST, CLERK_PUBLISHABLE_KEY as PUBLISHABLE_KEY, CLERK_SECRET_KEY as SECRET_KEY, ensureClerkBuild } from '../helpers/clerk-build.ts';
import { startClerkBackend, type ClerkBackendStandIn } from '../helpers/clerk-backend.ts';
import { clerkCookies, mintClerkSession } from '../helpers/clerk-session.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const recorder = fileURLToPath(new URL('../helpers/network-recorder.mjs', import.meta.url));

let server: TestServer;
let clerkApi: ClerkBackendStandIn;
let networkLog: string;
let privateKey: CryptoKey;
let otherPrivateKey: CryptoKey;
let publicKey: CryptoKey;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  ensureClerkBuild();
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicKey = pair.publicKey;
  otherPrivateKey = (await generateKeyPair('RS256')).privateKey;
  networkLog = join(mkdtempSync(join(tmpdir(), 'hub-clerk-')), 'network.log');
  clerkApi = await startClerkBackend([
    {
      id: 'user_team_admin',
      email: 'team-admin@example.test',
      firstName: 'Tess',
      publicMetadata: { role: 'admin', theme: 'dark' },
      twoFactorEnabled: true,
      locale: 'de-DE',
    },
    { id: 'user_ed', email: 'ed@example.test', firstName: 'Ed', publicMetadata: { role: 'editor' }, lastSignInAt: 1_750_000_000_000 },
    { id: 'user_new', email: 'new@example.test', firstName: 'Nina' },
    // Listed, but the address is not verified: the allow-list does not count it.
    { id: 'user_unverified', email: 'listed-admin@example.test', emailVerified: false },
  ]);
  server = await startTestServer({
    HUB_DIST_DIR: DIST,
    HUB_DEMO: '0',
    PUBLIC_CLERK_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    CLERK_SECRET_KEY: SECRET_KEY,
    CLERK_JWT_KEY: await exportSPKI(pair.publicKey),
    HUB_ADMIN_EMAILS: 'listed-admin@example.test',
    CLERK_API_URL: clerkApi.url,
    NODE_OPTIONS: `--import ${pathToFileURL(recorder).href}`,
    HUB_NETWORK_LOG: networkLog,
  });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await clerkApi?.stop();
});

/** A session token as Clerk's Frontend API would issue it (RS256, a minute long). */
function mint(claims: JWTPayload = {}, { key = privateKey, issuedAt = now() - 5, ttl = 60 } = {}): Promise<string> {
  return mintClerkSession(claims, { key, origin: server.origin, issuedAt, ttl });
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

const cookies = clerkCookies;

function me(token?: string): Promise<Response> {
  return fetch(`${server.origin}/api/admin/me`, { headers: token ? { cookie: cookies(token) } : {} });
}

function navigate(path: string, token?: string): Promise<Response> {
  return fetch(`${server.origin}${path}`, {
    headers: { accept: 'text/html', 'sec-fetch-dest': 'document', ...(token ? { cookie: cookies(token) } : {}) },
    redirect: 'manual',
  });
}

describe('signed in with a valid session token', () => {
  it('takes the role from the role claim', async () => {
    const response = await me(await mint({ sub: 'user_admin', role: 'admin', email: 'Admin@Example.test', name: 'Ada' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      user: { id: 'user_admin', email: 'admin@example.test', name: 'Ada', provider: 'clerk' },
      role: 'admin',
    });
  });

  it('takes the role from embedded public metadata, and enforces its permissions', async () => {
    const token = await mint({ sub: 'user_editor', metadata: { role: 'editor' } });
    expect(await (await me(token)).json()).toMatchObject({ role: 'editor' });
    const users = await fetch(`${server.origin}/api/admin/users`, { headers: { cookie: cookies(token) } });
    expect(users.status).toBe(403);
    expect(await users.json()).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'users.manage' });
  });

  it('takes the role from the e-mail allow-list when the token vouches for the address', async () => {
    const token = await mint({ sub: 'user_listed', email: 'listed-admin@example.test', email_verified: true });
    expect(await (await me(token)).json()).toMatchObject({ role: 'admin' });
  });

  it('ignores the allow-list for an unverified (or unvouched) e-mail claim', async () => {
    for (const verified of [{ email_verified: false }, {}]) {
      const response = await me(await mint({ sub: 'user_claims_admin', email: 'listed-admin@example.test', ...verified }));
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'NO_ROLE' });
    }
  });

  it('refuses a user without role with 403', async () => {
    const token = await mint({ sub: 'user_nobody', email: 'nobody@example.test' });
    const response = await me(token);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'NO_ROLE' });
    expect((await navigate('/en/admin/events', token)).status).toBe(403);
  });

  it('renders admin pages, with Clerk loaded in the browser', async () => {
    const response = await navigate('/de/admin', await mint({ role: 'editor', email: 'ed@example.test' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('data-clerk-js-script');
    expect(html).toContain('ed@example.test');
  });
});

describe('your account under Clerk', () => {
  it('shows who is signed in and leaves password and two-factor to Clerk', async () => {
    const response = await navigate('/en/admin/account', await mint({ role: 'editor', email: 'ed@example.test', name: 'Ed' }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('ed@example.test');
    expect(html).toContain('managed by the sign-in service');
    expect(html).not.toContain('name="intent"');
  });

  it("sends the local two-factor step to Clerk's sign-in", async () => {
    const response = await navigate('/en/admin/sign-in/two-factor');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/en/admin/sign-in');
  });
});

describe('authorized parties (PUBLIC_SITE_URL set)', () => {
  const site = 'https://hub.example.org';
  let sited: TestServer;

  beforeAll(async () => {
    sited = await startTestServer({
      HUB_DIST_DIR: DIST,
      HUB_DEMO: '0',
      PUBLIC_SITE_URL: site,
      PUBLIC_CLERK_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      CLERK_SECRET_KEY: SECRET_KEY,
      CLERK_JWT_KEY: await exportSPKI(publicKey),
    });
  }, 120_000);

  afterAll(() => sited?.stop());

  const meOn = (token: string) => fetch(`${sited.origin}/api/admin/me`, { headers: { cookie: cookies(token) } });

  it('accepts a token issued to the site', async () => {
    expect((await meOn(await mint({ role: 'admin', azp: site }))).status).toBe(200);
  });

  it('refuses a token issued to another site (foreign azp)', async () => {
    const response = await meOn(await mint({ role: 'admin', azp: 'https://evil.example' }));
    expect(response.status).toBe(401);
  });
});

describe('signed out', () => {
  it('without cookies: 401 on the API, sign-in redirect on pages', async () => {
    expect((await me()).status).toBe(401);
    const page = await navigate('/de/admin/events');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/de/admin/sign-in?redirect_url=%2Fde%2Fadmin%2Fevents');
  });

  it('with an expired token', async () => {
    const token = await mint({ role: 'admin' }, { issuedAt: now() - 600 });
    expect((await fetch(`${server.origin}/api/admin/me`, { headers: { cookie: cookies(token, now() - 700) } })).status).toBe(401);
    // A page navigation is sent to Clerk's handshake to refresh the token; it never sees the admin.
    const page = await fetch(`${server.origin}/en/admin`, {
      headers: { accept: 'text/html', 'sec-fetch-dest': 'document', cookie: cookies(token, now() - 700) },
      redirect: 'manual',
    });
    expect(page.status).toBe(307);
    expect(page.headers.get('location')).toMatch(/^https:\/\/clerk\.hub\.test\//);
  });

  it('with a token signed by another key', async () => {
    expect((await me(await mint({ role: 'admin' }, { key: otherPrivateKey }))).status).toBe(401);
  });

  it('with a tampered token', async () => {
    const [header, , signature] = (await mint({ role: 'editor' })).split('.');
    const forged = base64url({ sub: 'user_test', sid: 'sess_test', azp: server.origin, role: 'admin', iat: now() - 5, nbf: now() - 10, exp: now() + 60 });
    expect((await me(`${header}.${forged}.${signature}`)).status).toBe(401);
  });

  it('with an unsigned (alg: none) token', async () => {
    const claims = { sub: 'user_test', sid: 'sess_test', azp: server.origin, role: 'admin', iat: now() - 5, nbf: now() - 10, exp: now() + 60 };
    expect((await me(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`)).status).toBe(401);
  });
});

describe('screens under Clerk', () => {
  it("renders Clerk's <SignIn> with path routing and the localized way back", async () => {
    const response = await navigate('/fr/admin/sign-in?redirect_url=%2Ffr%2Fadmin%2Ftags');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/data-clerk-id="clerk-sign-in-[^"]+"/);
    expect(html).toContain('"routing":"path"');
    expect(html).toContain('"path":"/fr/admin/sign-in"');
    expect(html).toContain('"forceRedirectUrl":"/fr/admin/tags"');
  });

  it("renders Clerk's <SignUp> on the sign-up route", async () => {
    const html = await (await navigate('/de/admin/sign-up/verify')).text();
    expect(html).toMatch(/data-clerk-id="clerk-sign-up-[^"]+"/);
    expect(html).toContain('"path":"/de/admin/sign-up"');
  });

  it("leaves the reset, invitation and verification paths to Clerk's widgets", async () => {
    for (const [path, widget] of [
      ['/fr/admin/sign-in/reset-password?token=x', 'sign-in'],
      ['/fr/admin/sign-in/forgot-password', 'sign-in'],
      ['/fr/admin/sign-up/invitation?token=x', 'sign-up'],
      ['/fr/admin/sign-up/verify-email?token=x', 'sign-up'],
    ] as const) {
      const response = await navigate(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toMatch(new RegExp(`data-clerk-id="clerk-${widget}-[^"]+"`));
      expect(html, path).not.toContain('name="password"');
    }
  });

  it("the team screen says accounts are Clerk's, lists the allow-lists, and the team API manages nothing but roles", async () => {
    const token = await mint({ sub: 'user_team_admin', role: 'admin', email: 'team-admin@example.test' });
    const page = await navigate('/en/admin/team', token);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="team-clerk"');
    expect(html).toContain('invitations, password resets and two-factor authentication are handled in the Clerk dashboard');
    expect(html).toContain('listed-admin@example.test');
    expect(html).not.toContain('data-testid="team-pending"');
    const action = await fetch(`${server.origin}/api/admin/team/user_other/disable`, {
      method: 'POST',
      headers: { cookie: cookies(token), origin: server.origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(action.status).toBe(409);
    expect(await action.json()).toMatchObject({ code: 'ROLES_MANAGED_BY_CLERK' });
    expect((await navigate('/en/admin/activity', await mint({ role: 'editor', email: 'ed@example.test' }))).status).toBe(200);
  });

  it('lists Clerk’s users from its Backend API and changes a role in the user’s public metadata, audited', async () => {
    const token = await mint({ sub: 'user_team_admin', role: 'admin', email: 'team-admin@example.test' });
    clerkApi.requests.length = 0;
    const page = await navigate('/fr/admin/team', token);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="team-clerk-users"');
    for (const email of ['team-admin@example.test', 'ed@example.test', 'new@example.test']) expect(html).toContain(`data-email="${email}"`);
    expect(html).toContain('action="/api/admin/team/user_new/role"');
    const listed = clerkApi.requests.find((request) => request.path === '/v1/users');
    expect(listed).toMatchObject({ method: 'GET', authorization: `Bearer ${SECRET_KEY}` });
    expect(listed!.query.get('limit')).toBe('100');

    // A plain form, as the screen posts it: Nina becomes an editor.
    clerkApi.requests.length = 0;
    const granted = await fetch(`${server.origin}/api/admin/team/user_new/role`, {
      method: 'POST',
      headers: { cookie: cookies(token), origin: server.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ locale: 'fr', role: 'editor' }),
      redirect: 'manual',
    });
    expect(granted.status).toBe(303);
    expect(granted.headers.get('location')).toBe('/fr/admin/team?done=role&user=user_new');
    const patch = clerkApi.requests.find((request) => request.method === 'PATCH');
    expect(patch).toMatchObject({ path: '/v1/users/user_new/metadata', authorization: `Bearer ${SECRET_KEY}`, body: { public_metadata: { role: 'editor' } } });
    expect(clerkApi.users.get('user_new')!.publicMetadata).toEqual({ role: 'editor' });
    expect(await server.query('SELECT action, entity, entity_id, changes FROM audit_log WHERE entity_id = ?', ['user_new'])).toEqual([
      { action: 'grant', entity: 'user', entity_id: 'user_new', changes: JSON.stringify([{ kind: 'value', field: 'role', from: null, to: 'editor' }]) },
    ]);

    // JSON, revoking: the role key goes; other metadata stays.
    const json = (userId: string, role: string) =>
      fetch(`${server.origin}/api/admin/team/${userId}/role`, {
        method: 'POST',
        headers: { cookie: cookies(token), origin: server.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ role }),
      });
    const revoked = await json('user_ed', 'none');
    expect(await revoked.json()).toMatchObject({ action: 'role', changed: true, userId: 'user_ed' });
    expect(clerkApi.users.get('user_ed')!.publicMetadata).toEqual({});

    // Never the last admin (the listed address is unverified, so it is no admin).
    const last = await json('user_team_admin', 'editor');
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ code: 'LAST_ADMIN' });
    expect(clerkApi.users.get('user_team_admin')!.publicMetadata).toEqual({ role: 'admin', theme: 'dark' });
    expect((await json('user_missing', 'editor')).status).toBe(404);

    // Clerk down: a readable answer, nothing changed, never a 500.
    clerkApi.failNext(2);
    const down = await json('user_new', 'admin');
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ code: 'CLERK_UNAVAILABLE' });
    expect(clerkApi.users.get('user_new')!.publicMetadata).toEqual({ role: 'editor' });
    clerkApi.failNext(2);
    const unavailable = await navigate('/en/admin/team', token);
    expect(unavailable.status).toBe(200);
    expect(await unavailable.text()).toContain('Clerk could not be reached');
  });

  it('tells the Clerk admins (from the Backend API) and HUB_ADMIN_EMAILS of a new contact message when HUB_CONTACT_TO is unset', async () => {
    clerkApi.requests.length = 0;
    const posted = await fetch(`${server.origin}/en/hub/contact?_action=contact`, {
      method: 'POST',
      headers: { origin: server.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Ada', email: 'ada@example.org', subject: 'Clerk recipients', message: 'Who reads this?', consent: 'true' }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    expect(clerkApi.requests.some((request) => request.path === '/v1/users')).toBe(true);
    const recipients = await server.query<{ recipient: string; locale: string }>(
      "SELECT recipient, locale FROM mail_outbox WHERE kind = 'contact-notification' ORDER BY recipient",
    );
    // user_ed lost its role above; the listed address counts because the operator listed it. Tess
    // reads German in Clerk; the listed address has no account: the site's default.
    expect(recipients.map((row) => [row.recipient, row.locale])).toEqual([
      ['listed-admin@example.test', 'en'],
      ['team-admin@example.test', 'de'],
    ]);
  });

  it('tells only HUB_CONTACT_TO when it is set, without asking Clerk', async () => {
    const contactServer = await startTestServer({
      HUB_DIST_DIR: DIST,
      HUB_DEMO: '0',
      PUBLIC_CLERK_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      CLERK_SECRET_KEY: SECRET_KEY,
      CLERK_JWT_KEY: await exportSPKI(publicKey),
      CLERK_API_URL: clerkApi.url,
      HUB_ADMIN_EMAILS: 'listed-admin@example.test',
      HUB_CONTACT_TO: 'press@festival.example',
    });
    try {
      clerkApi.requests.length = 0;
      const posted = await fetch(`${contactServer.origin}/fr/hub/contact?_action=contact`, {
        method: 'POST',
        headers: { origin: contactServer.origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: 'Ada', email: 'ada@example.org', subject: 'Press', message: 'Une question.', consent: 'true' }),
        redirect: 'manual',
      });
      expect(posted.status).toBe(303);
      expect(await contactServer.query("SELECT recipient FROM mail_outbox WHERE kind = 'contact-notification'")).toEqual([
        { recipient: 'press@festival.example' },
      ]);
      expect(clerkApi.requests).toEqual([]);
    } finally {
      await contactServer.stop();
    }
  });

  it('does not serve the local-accounts API', async () => {
    expect((await fetch(`${server.origin}/api/auth/get-session`)).status).toBe(404);
  });
});

describe('network', () => {
  it('the recorder notices a connection attempt (so its silence below means something)', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'hub-recorder-')), 'network.log');
    const child = spawn(
      process.execPath,
      ['--import', pathToFileURL(recorder).href, '-e', "require('node:net').connect(9, '192.0.2.1').on('error', () => {}).destroy()"],
      {
        env: { ...process.env, HUB_NETWORK_LOG: log },
        stdio: 'ignore',
      },
    );
    await new Promise((resolve) => child.once('exit', resolve));
    expect(readFileSync(log, 'utf8')).toContain('192.0.2.1:9');
  });

  it('the server never tried to reach anything but loopback', () => {
    const attempts = existsSync(networkLog) ? readFileSync(networkLog, 'utf8').trim() : '';
    expect(attempts).toBe('');
    expect(server.logs()).not.toMatch(/Publishable key is missing|keyless/i);
  });
});
