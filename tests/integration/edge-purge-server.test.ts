/**
 * Shared cache purges through the real server (docs/decisions/050), with stand-ins of Varnish,
 * Fastly and Cloudflare: cacheable responses carry their tags and a day's `s-maxage`; cancelling
 * an event through the admin API makes every stand-in receive that page's keys; a target that
 * answers 500 is retried and shown failing in the admin until it recovers; and a target that
 * never answers neither delays a save nor the other targets.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { purgeKeysOf } from '../../src/server/page-cache/shared-tags.ts';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { createEvent } from '../helpers/factories.ts';
import { PurgeStandIn } from '../helpers/purge-stand-in.ts';

describe('shared cache purges from the server', () => {
  const varnish = new PurgeStandIn();
  const fastly = new PurgeStandIn();
  const cloudflare = new PurgeStandIn();
  let app: AdminServer;
  let event: { id: number; slug: string };

  beforeAll(async () => {
    await Promise.all([varnish.start(), fastly.start(), cloudflare.start()]);
    app = await startAdminServer({
      HUB_DEMO: '0',
      HUB_PURGE_POLL_MS: '100',
      HUB_PURGE_RETRY_BASE_MS: '50',
      HUB_PURGE_VARNISH: varnish.origin,
      HUB_PURGE_FASTLY_SERVICE: 'service1',
      HUB_PURGE_FASTLY_TOKEN: 'fastly-token',
      HUB_PURGE_FASTLY_API: fastly.origin,
      HUB_PURGE_CLOUDFLARE_ZONE: 'zone1',
      HUB_PURGE_CLOUDFLARE_TOKEN: 'cloudflare-token',
      HUB_PURGE_CLOUDFLARE_API: cloudflare.origin,
    });
    event = await createEvent(app.admin, { status: 'published' });
  });
  afterAll(async () => {
    await app?.server.stop();
    await Promise.all([varnish.stop(), fastly.stop(), cloudflare.stop()]);
  });

  const page = () => `/en/hub/event/${event.slug}`;
  const keysOfPage = async (path: string) => {
    const response = await app.server.get(path);
    expect(response.status).toBe(200);
    const keys = response.headers.get('surrogate-key')?.split(' ') ?? [];
    expect(response.headers.get('cache-tag')).toBe(keys.join(','));
    return { keys, cacheControl: response.headers.get('cache-control') };
  };
  const latestPurge = async () =>
    JSON.parse((await app.server.query<{ tags: string }>('SELECT tags FROM cache_purges ORDER BY id DESC LIMIT 1'))[0]!.tags) as string[];
  const patchEvent = async (changes: Record<string, unknown>) => {
    const { version } = (await app.admin.call('GET', `/api/admin/events/${event.id}`)).body;
    const response = await app.admin.call('PATCH', `/api/admin/events/${event.id}`, { version, ...changes });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };

  it('tags pages, feeds, calendars and the sitemap, and lets shared caches keep them a day', async () => {
    const eventPage = await keysOfPage(page());
    expect(eventPage.keys).toEqual(expect.arrayContaining(['all', `event:${event.id}`]));
    expect(eventPage.cacheControl).toMatch(/s-maxage=86400\b/);
    for (const path of ['/en/hub', '/en/hub/feed.xml', '/en/hub/calendar.ics', '/sitemap.xml']) {
      const { keys, cacheControl } = await keysOfPage(path);
      expect(keys[0], path).toBe('all');
      expect(cacheControl, path).toMatch(/s-maxage=86400\b/);
    }
  });

  it('sends each target the keys of the page an admin corrected', async () => {
    const { keys: pageKeys } = await keysOfPage(page());
    await patchEvent({ eventStatus: 'cancelled' });
    const tags = await latestPurge();
    expect(tags).toContain(`event:${event.id}`);
    const expected = purgeKeysOf(tags);
    // The page named itself by a key the purge names.
    expect(pageKeys).toContain(`event:${event.id}`);
    const [toVarnish, toFastly, toCloudflare] = await Promise.all([
      varnish.waitForKeys(expected),
      fastly.waitForKeys(expected),
      cloudflare.waitForKeys(expected),
    ]);
    expect(toVarnish.at(-1)).toMatchObject({ method: 'PURGE' });
    expect(toFastly.at(-1)).toMatchObject({ method: 'POST', path: '/service/service1/purge' });
    expect(toFastly.at(-1)!.headers['fastly-key']).toBe('fastly-token');
    expect(toCloudflare.at(-1)).toMatchObject({ method: 'POST', path: '/client/v4/zones/zone1/purge_cache' });
    expect(toCloudflare.at(-1)!.headers['authorization']).toBe('Bearer cloudflare-token');
    // Exactly the purge's keys: nothing else was written since.
    expect(new Set(toCloudflare.at(-1)!.keys)).toEqual(new Set(expected));
  });

  it('retries a target that answers 500, and the admin shows it failing until it recovers', async () => {
    cloudflare.answer = (_, response) => response.writeHead(500).end('edge on fire');
    await patchEvent({ translations: { en: { title: 'Retried At The Edge' } } });
    const expected = purgeKeysOf(await latestPurge());
    const shared = async () => (await fetch(`${app.server.origin}/en/admin/webhooks`, { headers: { cookie: app.admin.cookie } })).text();
    await vi.waitFor(async () => expect(await shared()).toContain('HTTP 500: edge on fire'), { timeout: 15_000, interval: 50 });
    const failedCalls = cloudflare.requests.length;
    cloudflare.answer = (_, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":true}');
    await vi.waitFor(() => expect(cloudflare.requests.slice(failedCalls).some((request) => expected.every((key) => request.keys.includes(key)))).toBe(true), {
      timeout: 15_000,
      interval: 20,
    });
    await vi.waitFor(async () => expect(await shared()).not.toContain('HTTP 500'), { timeout: 15_000, interval: 50 });
  });

  it('saves at once and purges the other targets while one never answers', async () => {
    const held: ServerResponse[] = [];
    varnish.answer = (_, response) => void held.push(response);
    await patchEvent({ translations: { en: { title: 'Varnish Hangs' } } });
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0), { timeout: 15_000, interval: 20 });

    // Varnish holds a purge: the next save answers, and the other targets get its keys.
    await patchEvent({ translations: { en: { title: 'Saved Anyway' } } });
    const expected = purgeKeysOf(await latestPurge());
    // Sooner than a call to Varnish times out (10 s): the other targets did not wait for it.
    await Promise.all([fastly.waitForKeys(expected, 5_000), cloudflare.waitForKeys(expected, 5_000)]);
    expect(held.some((response) => !response.writableEnded)).toBe(true);
    const body = (await app.server.html(page())).body;
    expect(body).toContain('Saved Anyway');

    varnish.answer = (_, response) => response.writeHead(200).end();
    for (const response of held) response.writeHead(200).end();
  });
});
