/**
 * Authentication stays out of the public site, and a misconfigured adapter closes the admin
 * instead of falling back: Clerk keys at run time on a build made without them (its own
 * `dist-auth-local` folder, built here, so the shared build is never rebuilt with Clerk keys).
 */
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildVariant } from '../helpers/auth.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DIST = 'dist-auth-local';

let server: TestServer;

beforeAll(async () => {
  buildVariant(DIST, Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.includes('CLERK'))));
  // `npm start` rebuilds a build older than its sources, and would do so with the Clerk keys
  // below (making it a Clerk build) if a source changed meanwhile. This folder is private to
  // this test and was just built, so mark it newer than any source.
  const later = new Date(Date.now() + 24 * 3600_000);
  utimesSync(join(root, DIST, 'server', 'entry.mjs'), later, later);
  server = await startTestServer({
    HUB_DIST_DIR: DIST,
    PUBLIC_CLERK_PUBLISHABLE_KEY: `pk_live_${Buffer.from('clerk.hub.test$').toString('base64')}`,
    CLERK_SECRET_KEY: 'sk_live_edition_hub_test_secret',
  });
}, 300_000);

afterAll(() => server?.stop());

describe('a build without Clerk, started with Clerk keys', () => {
  it('closes the admin pages and APIs with 503, saying why in the log', async () => {
    for (const path of ['/api/admin/me', '/en/admin', '/en/admin/sign-in', '/api/auth/get-session']) {
      const response = await fetch(`${server.origin}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(503);
      expect(await response.json()).toMatchObject({ code: 'AUTH_MISCONFIGURED' });
    }
    expect(server.logs()).toContain('[auth] The admin is closed: Clerk keys are set, but this build was made without them');
  });

  it('does not fall back to local accounts', async () => {
    const response = await fetch(`${server.origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin },
      body: JSON.stringify({ name: 'Mallory', email: 'mallory@example.test', password: 'a long enough password' }),
    });
    expect(response.status).toBe(503);
  });

  it('still serves the public site, which never consults authentication', async () => {
    for (const path of ['/en', '/en/hub', '/de/hub/about']) {
      const response = await fetch(`${server.origin}${path}`, { headers: { cookie: '__session=garbage; hub.session_token=garbage' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.getSetCookie(), path).toEqual([]);
      expect(response.headers.get('cache-control'), path).not.toMatch(/private/);
    }
    expect(server.logs()).not.toMatch(/Publishable key is missing/);
  });
});
