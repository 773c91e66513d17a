/**
 * The festival's identity set in the site settings (decision 043): brand colours held to WCAG AA
 * in light and dark mode, the typeface pair, an SVG logo cleaned before it is stored and served,
 * and the home hero; each save through the real form, read back on public pages.
 */
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { useAdminServer, type AdminClient } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createImage } from '../helpers/factories.ts';
import { maliciousSvgLogo } from '../fixtures/malicious-svg-logo.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

async function currentVersion(): Promise<string> {
  const [row] = await running.app.server.query<{ version: number }>('SELECT version FROM site_settings WHERE id = 1');
  return String(row?.version ?? 1);
}

/** Posts the settings form as the browser does (multipart: it may carry a file). */
async function saveSettings(client: AdminClient, fields: Record<string, string>, svg?: string, locale = 'en'): Promise<Response> {
  const body = new FormData();
  const all: Record<string, string> = {
    version: await currentVersion(),
    'name.en': '',
    'name.fr': '',
    'name.de': '',
    'tagline.en': '',
    'tagline.fr': '',
    'tagline.de': '',
    logoMediaId: '',
    primaryColor: '',
    secondaryColor: '',
    fontPair: 'festival',
    heroMediaId: '',
    contactTo: '',
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) body.append(name, value);
  if (svg !== undefined) body.append('logoSvg', new File([svg], 'logo.svg', { type: 'image/svg+xml' }));
  return client.request('POST', `/${locale}/admin/site`, body);
}

describe('brand colours', () => {
  it('refuses a colour whose text would not read, naming the pair, the mode and the contrast', async () => {
    const { admin, server } = running.app;
    const response = await saveSettings(admin, { primaryColor: '#1d4ed8', secondaryColor: '#767676' });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain(getTranslator('en')('admin.site.secondary'));
    expect(html).toContain('Text in this colour on the page background in light mode: 4.3:1, needs 4.5:1.');
    expect(html).toMatch(/id="site-secondary"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="site-secondary"/);
    const [row] = await server.query<{ primary_color: string | null }>('SELECT primary_color FROM site_settings WHERE id = 1');
    expect(row!.primary_color).toBeNull();
  });

  it('applies accepted colours and the typeface pair to public pages at once, dark shades included', async () => {
    const { admin, server } = running.app;
    await (await server.get('/en/hub')).text();
    expect(cacheState(await server.get('/en/hub'))).toBe('HIT');

    expect((await saveSettings(admin, { primaryColor: '#8A2A2B', secondaryColor: '#1f5c4a', fontPair: 'editorial' })).status).toBe(303);

    const hub = await server.get('/en/hub');
    const html = await hub.text();
    expect(cacheState(hub)).toBe('MISS');
    const style = /<style>(@font-face[\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain(':root:root{--accent:#8a2a2b;--accent-ink:#ffffff;--accent-2:#1f5c4a;--accent-2-ink:#ffffff;--font-display:"Fraunces"');
    expect(style).toContain('--font-body:"Literata"');
    // Dark mode: lighter shades of the same colours, with the dark ink on their buttons.
    expect(style).toMatch(
      /@media \(prefers-color-scheme: dark\)\{:root:root\{--accent:#[0-9a-f]{6};--accent-ink:#17161c;--accent-2:#[0-9a-f]{6};--accent-2-ink:#17161c\}\}/,
    );
    // Two faces, each in a Latin and a Latin Extended file, swapped in when loaded; nothing from another host.
    expect(style.match(/@font-face\{/g)).toHaveLength(4);
    expect(style.match(/font-display:swap/g)).toHaveLength(4);
    expect(style).not.toMatch(/url\(https?:/);
    // Both faces' Latin files are preloaded: the first screen's title and text need them.
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin/g)].map((match) => match[1]);
    expect(preloads).toEqual([
      expect.stringMatching(/fraunces-latin-wght-normal\.[\w-]+\.woff2$/),
      expect.stringMatching(/literata-latin-wght-normal\.[\w-]+\.woff2$/),
    ]);
    const preload = preloads[1];
    const font = await server.get(preload!);
    expect(font.status).toBe(200);
    expect(font.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await font.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

    // The system fonts need no file at all.
    expect((await saveSettings(admin, { primaryColor: '#8a2a2b', fontPair: 'system' })).status).toBe(303);
    const system = await (await server.get('/de/hub')).text();
    expect(system).not.toContain('@font-face');
    expect(system).not.toContain('rel="preload"');
    expect(system).toContain('--font-body:system-ui');
  });
});

describe('the SVG logo', () => {
  it('is cleaned before it is stored, and served as an image that cannot act', async () => {
    const { admin, server } = running.app;
    expect((await saveSettings(admin, {}, maliciousSvgLogo)).status).toBe(303);
    const [row] = await server.query<{ logo_svg: string }>('SELECT logo_svg FROM site_settings WHERE id = 1');
    for (const bad of ['<script', 'onload', 'onclick', 'foreignObject', 'javascript:', 'evil.example']) expect(row!.logo_svg).not.toContain(bad);
    expect(row!.logo_svg).toContain('fill="url(#g)"');

    const html = await (await server.get('/fr/hub')).text();
    const src = /<img class="brand__logo" src="(\/media\/site-logo\/[0-9a-f]{64}\.svg)"/.exec(html)?.[1];
    expect(src).toBeDefined();
    const served = await server.get(src!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(await served.text()).toBe(row!.logo_svg);
    // Another hash, or the logo once replaced, is not served.
    expect((await server.get(`/media/site-logo/${'0'.repeat(64)}.svg`)).status).toBe(404);

    const audit = await server.query<{ changed_fields: string }>(
      "SELECT changed_fields FROM audit_log WHERE entity = 'site_settings' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(audit[0]!.changed_fields)).toContain('logoSvg');

    expect((await saveSettings(admin, { logoSvgRemove: 'on' })).status).toBe(303);
    expect((await server.get(src!)).status).toBe(404);
    expect(await (await server.get('/fr/hub')).text()).not.toContain('site-logo/');
  });

  it('refuses a file that is not an SVG drawing with a localized error', async () => {
    const response = await saveSettings(running.app.admin, {}, '<html><body onload="alert(1)">hi</body></html>', 'de');
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(getTranslator('de')('admin.site.error.INVALID_SVG'));
  });
});

describe('the home hero', () => {
  it('shows the chosen image around its focal point, with the site name and the tagline of the page’s locale', async () => {
    const { admin, server } = running.app;
    const image = await createImage(admin, { focalX: 0.25, focalY: 0.75, translations: { en: { alt: 'The river stage at dusk' } } }, 'png', 1600, 900);
    const saved = await saveSettings(admin, {
      heroMediaId: String(image.id),
      'name.fr': 'Festival des Rives',
      'tagline.fr': 'Dix jours de musique au bord de l’eau',
    });
    expect(saved.status).toBe(303);

    const html = await (await server.get('/fr')).text();
    const hero = /<section class="home-hero[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(hero).toContain('Festival des Rives');
    expect(hero).toContain('Dix jours de musique au bord de l’eau');
    const img = /<img[^>]*>/.exec(hero)?.[0] ?? '';
    expect(img).toContain('fetchpriority="high"');
    expect(img).toContain('loading="eager"');
    expect(img).toContain('object-position: 25% 75%');
    expect(img).toContain('alt="The river stage at dusk"');
    expect(hero).toMatch(/srcset="[^"]*w=1280&amp;fm=webp 1280w/);
    // The hero comes before the page's own content.
    expect(html.indexOf('home-hero')).toBeLessThan(html.indexOf('id="home-title"'));
    // Another locale without a tagline still shows the image and the name.
    expect(await (await server.get('/en')).text()).not.toContain('Dix jours');

    const [row] = await server.query<{ changed_fields: string }>(
      "SELECT changed_fields FROM audit_log WHERE entity = 'site_settings' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(row!.changed_fields)).toEqual(expect.arrayContaining(['heroMediaId', 'translations.fr.tagline']));
  });

  it('refuses a hero that is not an image of the media library', async () => {
    const response = await saveSettings(running.app.admin, { heroMediaId: '999999' });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(getTranslator('en')('admin.site.error.INVALID_MEDIA'));
  });
});
