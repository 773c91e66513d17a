import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../helpers/raw-request.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
});
afterAll(() => server?.stop());

const get = (path: string) => fetch(new URL(path, server.origin), { redirect: 'manual' });

describe('security headers', () => {
  it.each([
    ['home', '/en'],
    ['hub', '/fr/hub'],
    ['search', '/de/hub/search?q=konzert'],
    ['editorial page', '/en/hub/about'],
    ['not found', '/en/hub/event/does-not-exist'],
    ['sign-in', '/en/admin/sign-in'],
    ['admin redirect', '/en/admin/events'],
    ['admin API', '/api/admin/events'],
    ['feed', '/en/hub/feed.xml'],
    ['health', '/healthz'],
    ['static asset', '/favicon.svg'],
  ])('%s (%s) carries the base headers', async (_name, path) => {
    const response = await get(path);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it.each(['/en', '/fr/hub', '/en/hub/about', '/en/admin/sign-in', '/de/hub/contact', '/en/hub/nope'])(
    '%s sends a CSP that allows every inline script it carries (the application’s own)',
    async (path) => {
      const response = await get(path);
      const html = await response.text();
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      for (const match of html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)) {
        const hash = createHash('sha256').update(match[1]!).digest('base64');
        expect(csp).toContain(`'sha256-${hash}'`);
      }
    },
  );

  it('keeps the CSP on pages served from the front cache', async () => {
    await get('/de/hub');
    const hit = await get('/de/hub');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('chooses the framing policy from the path the page is routed by, not the raw request target', async () => {
    const embed = await rawRequest(server.origin, { method: 'GET', path: '/en/embed/events' });
    expect(embed.status).toBe(200);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    for (const path of ['/en/embed/../admin/sign-in', '/en/embed/%2e%2e/admin/sign-in', '/en/embed/./../../en/admin/sign-in']) {
      const response = await rawRequest(server.origin, { method: 'GET', path });
      expect(response.status, path).toBe(200);
      expect(response.body, path).toContain('type="password"');
      expect(response.headers['x-frame-options'], path).toBe('DENY');
      expect(response.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
  });

  it('marks admin pages and API answers private, no-store', async () => {
    for (const path of ['/en/admin/sign-in', '/en/admin/events', '/api/admin/events']) {
      expect((await get(path)).headers.get('cache-control'), path).toMatch(/private.*no-store|no-store.*private/);
    }
  });
});

describe('HSTS', () => {
  it('is sent when the public site is served over HTTPS', async () => {
    const https = await startTestServer({ HUB_DEMO: '0', PUBLIC_SITE_URL: 'https://hub.example.org' });
    try {
      const response = await fetch(new URL('/en', https.origin));
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await https.stop();
    }
  });
});
