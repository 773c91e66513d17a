/**
 * The shipped Varnish configuration in front of the real server (docs/decisions/050): a public
 * page is kept by Varnish (a hit, with the app's tags hidden from the visitor); an admin's
 * correction is purged from it by tag, so the next request through Varnish shows it at once
 * although its copy was good for a day; the admin and the APIs pass through. Fails, never
 * skips, where Varnish is missing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { createEvent } from '../helpers/factories.ts';
import { freePort, startVarnish, type RunningVarnish } from '../helpers/varnish.ts';

describe('Varnish in front of the hub', () => {
  let app: AdminServer;
  let varnish: RunningVarnish;
  let event: { id: number; slug: string };

  beforeAll(async () => {
    // Varnish needs the app's port and the app Varnish's: Varnish's is chosen first.
    const port = await freePort();
    app = await startAdminServer({ HUB_DEMO: '0', HUB_PURGE_POLL_MS: '100', HUB_PURGE_VARNISH: `http://127.0.0.1:${port}` });
    varnish = await startVarnish(port, new URL(app.server.origin));
    event = await createEvent(app.admin, { status: 'published' });
  });
  afterAll(async () => {
    await varnish?.stop();
    await app?.server.stop();
  });

  /** Resolves once Varnish has been sent every purge in both passes: none can empty it later. */
  const purgesSent = () =>
    vi.waitFor(
      async () => {
        const [row] = await app.server.query<{ behind: number }>(
          'SELECT count(*) AS behind FROM edge_purge_cursors WHERE last_id < (SELECT max(id) FROM cache_purges)',
        );
        expect(row!.behind).toBe(0);
      },
      { timeout: 10_000, interval: 20 },
    );

  const throughVarnish = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${varnish.origin}${path}`, init);
    // `X-Varnish` names the request, and on a hit the request that filled the cache too.
    const hit = (response.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2;
    return { status: response.status, hit, headers: response.headers, body: await response.text() };
  };

  it('keeps a public page, hides its tags and shows an admin correction at the next request', async () => {
    const path = `/en/hub/event/${event.slug}`;
    const direct = await app.server.get(path);
    expect(direct.headers.get('surrogate-key')).toContain(`event:${event.id}`);
    await purgesSent();
    await throughVarnish(path);
    const cached = await throughVarnish(path);
    expect(cached.status).toBe(200);
    expect(cached.hit).toBe(true);
    expect(cached.body).not.toContain('This event will not take place.');
    for (const name of ['surrogate-key', 'cache-tag', 'xkey']) expect(cached.headers.get(name), name).toBeNull();

    const { version } = (await app.admin.call('GET', `/api/admin/events/${event.id}`)).body;
    const cancelled = await app.admin.call('PATCH', `/api/admin/events/${event.id}`, { version, eventStatus: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const started = Date.now();
    const seen = await vi.waitFor(
      async () => {
        const response = await throughVarnish(path);
        expect(response.body).toContain('This event will not take place.');
        return response;
      },
      { timeout: 10_000, interval: 20 },
    );
    // Purged, not expired: Varnish fetched the page again well within its day.
    expect(seen.hit).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await throughVarnish(path)).hit).toBe(true);
  });

  it('passes the admin, the APIs and signed-in requests to the app', async () => {
    for (const path of ['/en/admin', '/api/admin/me']) {
      await throughVarnish(path);
      expect((await throughVarnish(path)).hit, path).toBe(false);
    }
    const page = `/en/hub/event/${event.slug}`;
    await purgesSent();
    await throughVarnish(page);
    expect((await throughVarnish(page)).hit).toBe(true);
    expect((await throughVarnish(page, { headers: { cookie: app.admin.cookie } })).hit).toBe(false);
  });

  it('keeps no 404, which no purge could reach once the page exists', async () => {
    const missing = '/en/hub/event/not-published-yet';
    expect((await throughVarnish(missing)).status).toBe(404);
    expect((await throughVarnish(missing)).hit).toBe(false);
  });

  it('refuses a purge without keys', async () => {
    expect((await throughVarnish('/', { method: 'PURGE' })).status).toBe(400);
  });
});
