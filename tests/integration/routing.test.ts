import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, type Created } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const titles = { en: 'Harbour Lights', fr: 'Lumières du port', de: 'Hafenlichter' };
let event: Created;
beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  const admin = await createUser(server, 'admin');
  event = await createEvent(admin, {
    status: 'published',
    translations: Object.fromEntries(Object.entries(titles).map(([locale, title]) => [locale, { title }])),
  });
});
afterAll(() => server?.stop());

const fetchManual = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, server.origin), { redirect: 'manual', headers });

describe('locale routing through the built server', () => {
  it.each([
    ['fr-CA,fr;q=0.9', '/fr'],
    ['de', '/de'],
    ['es,it;q=0.5', '/en'],
    ['', '/en'],
  ])('/ with Accept-Language %j redirects to %s', async (acceptLanguage, location) => {
    const response = await fetchManual('/', acceptLanguage ? { 'accept-language': acceptLanguage } : {});
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
    expect(response.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
  });

  it.each(['/xx', '/EN', '/es/hub', '/english/hub', '/en-us'])('%s is a 404', async (path) => {
    const response = await fetchManual(path);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<html');
  });

  // The locale is checked before authentication: an unknown locale is not a sign-in prompt.
  it.each(['/xx/admin', '/xx/admin/events', '/xx/admin/events/1', '/es/admin/sign-in', '/xx/admin/preview/event/x'])(
    'anonymous %s is a 404, not a redirect to sign-in',
    async (path) => {
      const response = await fetchManual(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('<html');
    },
  );

  it.each(['/en/admin/secrets', '/en/admin/secrets/new', '/en/admin/secrets/1'])('%s names no collection: 404, not a sign-in prompt', async (path) => {
    const response = await fetchManual(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
  });

  it.each(['/api/admin/secrets', '/api/admin/secrets/1', '/api/admin/secrets/export'])('%s names no collection: a problem+json 404', async (path) => {
    const response = await fetchManual(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it.each(['en', 'fr', 'de'] as const)('/%s/hub lists a published event in its language', async (locale) => {
    const response = await fetchManual(`/${locale}/hub`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${locale}"`);
    expect(html).toMatch(new RegExp(`<a href="/${locale}/hub/event/${event.slug}"[^>]*>${titles[locale]}</a>`));
  });

  it('refuses a bad environment with a message naming the variable', async () => {
    await expect(startTestServer({ PORT: 'eighty' })).rejects.toThrow(/PORT: must be a port number/);
  });
});
