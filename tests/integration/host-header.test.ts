/**
 * The Host header is chosen by the client: pages must never take their absolute URLs from it.
 * A request with a foreign Host on a cold URL must not leave that host in what later visitors get
 * from the cache (canonical, hreflang, Open Graph, JSON-LD, feeds, sitemap, calendars).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawResponse } from '../helpers/raw-request.ts';
import { createEdition, createEvent, createImage, createUser } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const EVIL = 'evil.example';

let server: TestServer;
let paths: string[];

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  // A published edition and event with a cover (Open Graph image), titled so the search lists it.
  const admin = await createUser(server, 'admin');
  const edition = await createEdition(admin, { status: 'published' });
  const event = await createEvent(admin, {
    status: 'published',
    editionId: edition.id,
    coverMediaId: (await createImage(admin)).id,
    translations: { en: { title: 'Harbour concert' }, fr: { title: 'Concert du port' } },
  });
  paths = [
    '/en',
    '/en/hub',
    '/fr/hub/search?q=concert',
    '/de/hub/contact',
    `/en/hub/event/${event.slug}`,
    `/fr/hub/edition/${edition.slug}`,
    '/en/hub/feed.xml',
    '/sitemap.xml',
    '/robots.txt',
    '/en/hub/calendar.ics',
    `/en/hub/event/${event.slug}/calendar.ics`,
    `/de/hub/edition/${edition.slug}/calendar.ics`,
    `/en/hub/edition/${edition.slug}/schedule.xml`,
    `/fr/hub/edition/${edition.slug}/schedule.json`,
  ];
});
afterAll(() => server?.stop());

const fetchWithHost = (path: string, host: string) => rawRequest(server.origin, { method: 'GET', path, headers: { host, 'accept-encoding': 'identity' } });

function mentions(response: RawResponse, text: string): boolean {
  return response.body.includes(text) || Object.values(response.headers).some((value) => String(value).includes(text));
}

describe('a foreign Host header', () => {
  it('never reaches the absolute URLs later visitors get', async () => {
    for (const path of paths) {
      const poisoned = await fetchWithHost(path, EVIL);
      expect(poisoned.status, path).toBeLessThan(400);
      expect(mentions(poisoned, EVIL), `${path} answered to Host: ${EVIL}`).toBe(false);
    }
    const ownHost = new URL(server.origin).host;
    for (const path of paths) {
      const later = await fetchWithHost(path, ownHost);
      expect(later.status, path).toBe(200);
      expect(mentions(later, EVIL), `${path} after a request with Host: ${EVIL}`).toBe(false);
    }
  });

  it('builds the absolute URLs on the server’s own origin when PUBLIC_SITE_URL is unset', async () => {
    const page = await fetchWithHost('/en/hub', EVIL);
    expect(page.body).toContain(`<link rel="canonical" href="${server.origin}/en/hub"`);
  });
});

describe('PUBLIC_SITE_URL', () => {
  it('is the only origin of absolute URLs when set', async () => {
    const configured = await startTestServer({ HUB_DEMO: '0', PUBLIC_SITE_URL: 'https://hub.example.org' });
    try {
      const robots = await rawRequest(configured.origin, { method: 'GET', path: '/robots.txt', headers: { host: EVIL } });
      expect(robots.body).toContain('Sitemap: https://hub.example.org/sitemap.xml');
    } finally {
      await configured.stop();
    }
  });

  it('lets forms work behind a TLS-terminating proxy, and only from the public origin', async () => {
    // What nginx forwards: plain HTTP, the public Host, the browser's https Origin.
    const proxied = await startTestServer({ HUB_DEMO: '0', PUBLIC_SITE_URL: 'https://hub.example.org', HUB_TRUST_PROXY: '1' });
    const form = (path: string, fields: Record<string, string>, origin: string) =>
      rawRequest(proxied.origin, {
        method: 'POST',
        path,
        headers: {
          host: 'hub.example.org',
          origin,
          'x-forwarded-for': '203.0.113.5',
          'x-forwarded-proto': 'https',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(fields).toString(),
      });
    const message = { name: 'Ada Lovelace', email: 'ada@example.org', subject: 'Access', message: 'A question about access.', consent: 'true' };
    try {
      expect((await form('/en/hub/contact?_action=contact', message, 'https://hub.example.org')).status).toBe(303);
      expect((await form('/en/admin/sign-in', { email: 'nobody@example.org', password: 'not the password' }, 'https://hub.example.org')).status).toBe(401);
      for (const foreign of ['https://evil.example', 'http://hub.example.org', proxied.origin]) {
        expect((await form('/en/hub/contact?_action=contact', message, foreign)).status, foreign).toBe(403);
        expect((await form('/en/admin/sign-in', { email: 'nobody@example.org', password: 'not the password' }, foreign)).status, foreign).toBe(403);
      }
    } finally {
      await proxied.stop();
    }
  });

  it('is required in production on a public interface', async () => {
    await expect(startTestServer({ HUB_DEMO: '0', HOST: '0.0.0.0' })).rejects.toThrow(/PUBLIC_SITE_URL/);
  });
});
