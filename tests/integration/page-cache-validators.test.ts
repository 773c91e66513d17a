/**
 * ETags and 304 with a zero page cache budget (`HUB_FRONT_CACHE_MB=0`, e.g. behind a CDN): the
 * server still tags every shareable page with the hash of its body, answers `If-None-Match`
 * from it, and the tag changes with anything the page shows and with nothing else. Pages are
 * still sent in the encoding the client takes (`fetch` asks for gzip), tagged for that encoding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { createEvent, type Created } from '../helpers/factories.ts';

let app: AdminServer;
/** A public event whose page the tag follows; another listed beside it. */
let event: Created;
beforeAll(async () => {
  app = await startAdminServer({ HUB_FRONT_CACHE_MB: '0', HUB_DEMO: '0' });
  // In German too: a first German text would add an hreflang link to the English page.
  event = await createEvent(app.admin, {
    status: 'published',
    translations: { en: { title: 'Clavichord evening' }, fr: { title: 'Soirée clavicorde' }, de: { title: 'Clavichord-Abend' } },
  });
  await createEvent(app.admin, { status: 'published', translations: { en: { title: 'Print workshop' }, fr: { title: 'Atelier de gravure' } } });
});
afterAll(async () => {
  await app?.server.stop();
});

async function patchEvent(id: number, patch: Record<string, unknown>): Promise<void> {
  const current = await app.admin.call('GET', `/api/admin/events/${id}`);
  const result = await app.admin.call('PATCH', `/api/admin/events/${id}`, { version: current.body.version, ...patch });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await app.server.get(path, { headers });
  return { status: response.status, etag: response.headers.get('etag'), body: await response.text(), headers: response.headers };
}

describe('validators without a page cache', () => {
  it('tags a page with the hash of its body and answers 304 while it is current', async () => {
    const first = await page('/en/hub');
    expect(first.status).toBe(200);
    expect(first.body).toContain(`/en/hub/event/${event.slug}"`);
    expect(first.etag).toMatch(/^"[\w-]{27}-gz"$/);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('x-cache')).toBeNull();
    expect((await page('/en/hub')).etag).toBe(first.etag);
    const conditional = await page('/en/hub', { 'if-none-match': first.etag! });
    expect(conditional.status).toBe(304);
    expect(conditional.body).toBe('');
    expect(conditional.etag).toBe(first.etag);
    expect(conditional.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
  });

  it('answers HEAD as GET, without the body', async () => {
    const get = await page('/fr/hub');
    expect(get.body).toContain('Atelier de gravure');
    const head = await app.server.get('/fr/hub', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(get.etag);
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    const plain = await app.server.get('/fr/hub', { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(get.body));
    expect(await head.text()).toBe('');
  });

  it('changes the tag when a shown field changes, and only then', async () => {
    const path = `/en/hub/event/${event.slug}`;
    const before = await page(path);
    expect(before.status).toBe(200);
    // A German title is not shown on the English page.
    await patchEvent(event.id, { translations: { de: { title: 'Nur auf Deutsch' } } });
    expect((await page(path, { 'if-none-match': before.etag! })).status).toBe(304);
    await patchEvent(event.id, { translations: { en: { title: 'A title the page shows' } } });
    const after = await page(path, { 'if-none-match': before.etag! });
    expect(after.status).toBe(200);
    expect(after.body).toContain('A title the page shows');
    expect(after.etag).not.toBe(before.etag);
  });
});
