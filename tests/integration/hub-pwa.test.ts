/**
 * Installable and offline (decision 041), through the built server: the localized manifest and
 * its icons (drawn from the logo once one is set, purged with the settings), the service worker's
 * headers and what it precaches, the pages' script budget with the registration, which search,
 * embeds and the admin never load, and the event page's web-calendar and share links.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import type { AdminClient } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createEdition, createEvent, createImage, createUser, type Created } from '../helpers/factories.ts';
import { decodeEntities } from '../helpers/formats.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let admin: AdminClient;
let edition: Created;
let event: Created;

beforeAll(async () => {
  server = await startTestServer({ HUB_DEMO: '0' });
  admin = await createUser(server, 'admin');
  edition = await createEdition(admin, { status: 'published' });
  event = await createEvent(admin, {
    status: 'published',
    editionId: edition.id,
    timeZone: 'America/Toronto',
    startsAt: '2031-03-05T19:30:00-05:00',
    endsAt: '2031-03-05T21:00:00-05:00',
    venueAddress: '100 Queen St W, Toronto',
    translations: { en: { title: 'Harbour lights' }, fr: { title: 'Lumières du port' } },
  });
});
afterAll(() => server?.stop());

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

async function readManifest(path: string): Promise<{ manifest: Manifest; response: Response }> {
  const response = await server.get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toMatch(/^application\/manifest\+json/);
  return { manifest: (await response.json()) as Manifest, response };
}

/** An icon's bytes, checked to be a PNG of its announced size, kept for a year. */
async function readIcon(src: string, size: number): Promise<Buffer> {
  const response = await server.get(src);
  expect(response.status, src).toBe(200);
  expect(response.headers.get('content-type'), src).toBe('image/png');
  expect(response.headers.get('cache-control'), src).toBe('public, max-age=31536000, immutable');
  const png = Buffer.from(await response.arrayBuffer());
  const { width, height, format } = await sharp(png).metadata();
  expect([format, width, height], src).toEqual(['png', size, size]);
  return png;
}

/** The colour of an icon's top-left pixel, `#rrggbb`. */
async function cornerColour(png: Buffer): Promise<string> {
  const { data } = await sharp(png).extract({ left: 0, top: 0, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return `#${[...data].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

describe('web app manifest', () => {
  it('is valid JSON per locale, names the site, opens the locale home, and its icons resolve', async () => {
    for (const [path, lang, start] of [
      ['/en/manifest.webmanifest', 'en', '/en'],
      ['/fr/manifest.webmanifest', 'fr', '/fr'],
      ['/manifest.webmanifest', 'en', '/'],
    ] as const) {
      const { manifest } = await readManifest(path);
      expect(manifest, path).toMatchObject({ name: getTranslator(lang)('site.name'), lang, start_url: start, display: 'standalone' });
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      for (const icon of manifest.icons) await readIcon(icon.src, Number(icon.sizes.split('x')[0]));
    }
    expect((await server.get('/xx/manifest.webmanifest')).status).toBe(404);
  });

  it('is announced by hub pages with the theme colour and an iOS icon', async () => {
    const { body } = await server.html('/de/hub');
    expect(body).toContain('<link rel="manifest" href="/de/manifest.webmanifest">');
    const { manifest } = await readManifest('/de/manifest.webmanifest');
    expect(body).toContain(`<meta name="theme-color" content="${manifest.theme_color}">`);
    const touch = /<link rel="apple-touch-icon" href="([^"]+)">/.exec(body)?.[1];
    expect(touch).toBeDefined();
    await readIcon(touch!, 180);
  });

  it('follows a settings save: new name, colour and icons drawn from the logo', async () => {
    await readManifest('/fr/manifest.webmanifest');
    const { response: cached, manifest: before } = await readManifest('/fr/manifest.webmanifest');
    expect(cacheState(cached)).toBe('HIT');
    expect(await cornerColour(await readIcon(before.icons[2]!.src, 512))).toBe(before.theme_color);

    const logo = await createImage(admin, { translations: { en: { alt: 'Festival logo' } } });
    const [row] = await server.query<{ version: number }>('SELECT version FROM site_settings WHERE id = 1');
    const fields = {
      version: String(row!.version),
      'name.en': '',
      'name.fr': 'Festival des Rives',
      'name.de': '',
      logoMediaId: String(logo.id),
      primaryColor: '#1D4ED8',
      contactTo: '',
    };
    const saved = await admin.request('POST', '/en/admin/site', new URLSearchParams(fields).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(saved.status).toBe(303);

    const { response, manifest } = await readManifest('/fr/manifest.webmanifest');
    expect(cacheState(response)).toBe('MISS');
    expect(manifest.name).toBe('Festival des Rives');
    expect(manifest.short_name).toBe('Festival des');
    expect(manifest.theme_color).toBe('#1d4ed8');
    expect(manifest.icons[0]!.src).not.toBe(before.icons[0]!.src);
    // The logo sits on the page background; the mark without a logo filled the theme colour.
    expect(await cornerColour(await readIcon(manifest.icons[2]!.src, 512))).toBe(manifest.background_color);
    // An icon URL of the former version gets today's icon, not kept for long.
    expect((await server.get(before.icons[0]!.src)).headers.get('cache-control')).toBe('public, max-age=300');
  });
});

describe('service worker', () => {
  it('is served fresh, with the Workbox runtime inside and the hub stylesheet precached', async () => {
    const response = await server.get('/sw.js', { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const worker = await response.text();
    expect(worker).not.toMatch(/importScripts|storage\.googleapis|workbox-cdn/);
    const stylesheet = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"/.exec((await server.html('/en/hub')).body)?.[1];
    expect(stylesheet).toBeDefined();
    expect(worker).toContain(JSON.stringify(stylesheet));
    expect(worker).not.toMatch(/"\/_astro\/[aA]dmin[^"]*\.css"/);
  });
});

/** Every script a page loads (inline and module, with the modules they import), gzipped, and their text. */
async function pageScripts(html: string): Promise<{ bytes: number; count: number; text: string }> {
  const found = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/application\/ld\+json/.test(m[1]!));
  let bytes = 0;
  let text = '';
  const queue: string[] = [];
  const seen = new Set<string>();
  for (const [, attributes, inline] of found) {
    const src = /\bsrc="([^"]+)"/.exec(attributes!)?.[1];
    if (src) queue.push(src);
    else {
      bytes += gzipSync(inline!).length;
      text += inline;
      for (const m of inline!.matchAll(/(?:from|import)\s*"([^"]+\.js)"/g)) queue.push(new URL(m[1]!, `${server.origin}/_astro/`).pathname);
    }
  }
  while (queue.length) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const source = await (await server.get(path, { headers: { 'accept-encoding': 'identity' } })).text();
    bytes += gzipSync(source).length;
    text += source;
    for (const m of source.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)) queue.push(new URL(m[1]!, `${server.origin}${path}`).pathname);
  }
  return { bytes, count: found.length + seen.size, text };
}

describe('scripts', () => {
  it('register the worker within 10 KB gz on home, event, edition and agenda; search, embeds and the admin load none of it', async () => {
    for (const page of ['/en', `/en/hub/event/${event.slug}`, `/en/hub/edition/${edition.slug}`, `/en/hub/agenda?events=${event.id}`]) {
      const { status, body, headers } = await server.html(page);
      expect(status, page).toBe(200);
      const { bytes, text } = await pageScripts(body);
      expect(text, page).toContain('/sw.js');
      expect(bytes, page).toBeLessThanOrEqual(10 * 1024);
      // Inline scripts run only by the policy's hashes (decision 016).
      const policy = headers.get('content-security-policy') ?? '';
      for (const [, inline] of body.matchAll(/<script type="module">([\s\S]*?)<\/script>/g))
        expect(policy, page).toContain(`'sha256-${createHash('sha256').update(inline!).digest('base64')}'`);
    }
    for (const page of ['/en/hub/search?q=harbour', `/en/embed/event/${event.slug}`, `/en/embed/events?edition=${edition.slug}&when=all`]) {
      const { status, body } = await server.html(page);
      expect(status, page).toBe(200);
      expect((await pageScripts(body)).count, page).toBe(0);
    }
    const signIn = await server.html('/en/admin/sign-in');
    expect(signIn.body).not.toContain('/sw.js');
    expect((await pageScripts(signIn.body)).text).not.toContain('/sw.js');
  });
});

describe('event page actions', () => {
  it('offer Google and Outlook calendars in the event zone, and a share link to the canonical page', async () => {
    const { body } = await server.html(`/fr/hub/event/${event.slug}`);
    const html = decodeEntities(body);
    const t = getTranslator('fr');
    const google = new URL(/<a[^>]*href="([^"]+)"[^>]*data-testid="calendar-google"/.exec(html)![1]!);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('text')).toBe('Lumières du port');
    expect(google.searchParams.get('dates')).toBe('20310306T003000Z/20310306T020000Z');
    expect(google.searchParams.get('ctz')).toBe('America/Toronto');
    expect(google.searchParams.get('details')).toContain(`${server.origin}/fr/hub/event/${event.slug}`);
    const outlook = new URL(/<a[^>]*href="([^"]+)"[^>]*data-testid="calendar-outlook"/.exec(html)![1]!);
    expect(outlook.searchParams.get('startdt')).toBe('2031-03-05T19:30:00-05:00');
    expect(outlook.searchParams.get('location')).toBe('100 Queen St W, Toronto');
    expect(html).toContain(t('hub.calendar.google'));
    expect(html).toContain(t('hub.calendar.outlook'));
    expect(html).toMatch(new RegExp(`<a[^>]*href="${server.origin}/fr/hub/event/${event.slug}"[^>]*data-testid="share-link"[^>]*>${t('share.link')}</a>`));
    expect(html).toMatch(/<button type="button" class="[^"]*share-button[^"]*"[^>]*hidden/);
  });
});
