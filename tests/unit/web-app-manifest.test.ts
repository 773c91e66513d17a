import { describe, expect, it } from 'vitest';
import { ICON_SPECS, iconVersionOf } from '../../src/server/pwa/icons.ts';
import { APP_BACKGROUND, buildWebAppManifest, DEFAULT_THEME_COLOR, iconSourceOf, shortNameOf, type ManifestInput } from '../../src/server/pwa/manifest.ts';

const input: ManifestInput = {
  locale: 'fr',
  dir: 'ltr',
  name: 'Festival des Lumières',
  description: 'Un festival',
  accentColor: null,
  logoKey: null,
  startUrl: '/fr',
};

describe('web app manifest', () => {
  it('names the app in the locale, opens its home and stands alone', () => {
    const manifest = buildWebAppManifest(input);
    expect(manifest).toMatchObject({ id: '/', name: 'Festival des Lumières', lang: 'fr', start_url: '/fr', scope: '/', display: 'standalone' });
    expect(manifest.short_name).toBe('Festival des');
    expect(manifest.background_color).toBe(APP_BACKGROUND);
  });

  it('takes the accent colour as theme colour, else the default', () => {
    expect(buildWebAppManifest(input).theme_color).toBe(DEFAULT_THEME_COLOR);
    expect(buildWebAppManifest({ ...input, accentColor: '#114477' }).theme_color).toBe('#114477');
  });

  it('lists 192 and 512 px icons and a maskable one, under a version that follows the logo and colour', () => {
    const { icons } = buildWebAppManifest(input);
    expect(icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    expect(icons.every((icon) => icon.type === 'image/png' && /^\/icons\/[\w-]{10}\/[\w-]+\.png$/.test(icon.src))).toBe(true);
    const version = (changes: Partial<ManifestInput>) => buildWebAppManifest({ ...input, ...changes }).icons[0]!.src.split('/')[2];
    expect(version({ logoKey: 'logo/a.png' })).not.toBe(version({}));
    expect(version({ accentColor: '#114477' })).not.toBe(version({}));
    expect(version({ locale: 'de', name: 'Lichterfest' })).toBe(version({}));
    expect(version({})).toBe(iconVersionOf(iconSourceOf(input)));
  });

  it('shortens long names at a word, or cuts a single long word', () => {
    expect(shortNameOf('Edition Hub')).toBe('Edition Hub');
    expect(shortNameOf('  Spring Arts Festival  ')).toBe('Spring Arts');
    expect(shortNameOf('Donaueschinger')).toBe('Donauesching');
  });

  it('declares the apple-touch icon beside the manifest ones', () => {
    expect(ICON_SPECS.map((spec) => `${spec.name}:${spec.size}`)).toContain('apple-touch-icon:180');
  });
});
