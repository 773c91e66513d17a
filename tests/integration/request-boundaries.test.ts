/**
 * Edges of the HTTP surface: JSON endpoints refuse other content types with 415 problem+json,
 * Astro's image endpoint (unused: images are served by the media routes) does not exist, and
 * the hub's HTML documents end at </html>.
 */
import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEdition, createEvent } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

describe('JSON endpoints', () => {
  it.each([
    ['PUT', '/api/admin/users/some-user/role', '{"role":"editor"}'],
    ['POST', '/api/admin/events', '{}'],
    ['PATCH', '/api/admin/tags/1', '{"version":1}'],
    ['POST', '/api/admin/events/bulk', '{"action":"publish","ids":[1]}'],
    ['POST', '/api/auth/sign-in/email', '{"email":"a@example.test","password":"correct horse battery staple"}'],
  ])('%s %s refuses a text/plain body with 415 problem+json', async (method, path, body) => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await running.app.admin.request(method, path, body, { 'content-type': type });
      expect(response.status, `${type}: ${await response.clone().text()}`).toBe(415);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await response.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('still accepts the role change as JSON', async () => {
    const users = await running.app.admin.call('GET', '/api/admin/users');
    const editor = (users.body.users as { id: string; email: string }[]).find((user) => user.email.startsWith('editor@'));
    const response = await running.app.admin.call('PUT', `/api/admin/users/${editor!.id}/role`, { role: 'editor' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });
});

describe('Astro’s image endpoint', () => {
  it('is not there', async () => {
    const response = await fetch(`${running.app.server.origin}/_image?href=/favicon.svg&w=100&f=png`);
    expect(response.status).toBe(404);
  });
});

describe('hub documents', () => {
  it('have nothing after </html>', async () => {
    const edition = await createEdition(running.app.editor, { status: 'published' });
    // Titled so the search below has a result to list.
    const event = await createEvent(running.app.editor, { status: 'published', editionId: edition.id, translations: { en: { title: 'Piano at dusk' } } });
    const paths = [
      '/en',
      '/fr/hub',
      '/de/hub/contact',
      '/en/hub/contact?sent=1',
      '/en/hub/search?q=piano',
      '/en/hub/about',
      `/en/hub/event/${event.slug}`,
      `/fr/hub/edition/${edition.slug}`,
      '/en/hub/nope',
    ];
    for (const path of paths) {
      const response = await fetch(`${running.app.server.origin}${path}`);
      expect(response.status, path).toBe(path === '/en/hub/nope' ? 404 : 200);
      const html = await response.text();
      if (path.includes('search')) expect(html, 'the search lists the event').toContain(`/en/hub/event/${event.slug}`);
      expect(html.trimEnd().endsWith('</html>'), `${path} ends with: ${html.slice(html.lastIndexOf('</html>'))}`).toBe(true);
    }
  });
});
