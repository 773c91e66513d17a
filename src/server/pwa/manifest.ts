/**
 * The web app manifest (decision 041): what a phone needs to install the site as an app, in the
 * visitor's language, with the site's name, colour and icons from its settings.
 */
import type { Locale } from '../../i18n/config.ts';
import { ICON_SPECS, iconPath, iconVersionOf, type IconSource } from './icons.ts';

/** The stylesheet's own accent and page colour, used while the settings set none. */
export const DEFAULT_THEME_COLOR = '#8a2a2b';
export const APP_BACKGROUND = '#fdfcf9';

/** Launchers cut longer names; the full name stays in `name`. */
const SHORT_NAME_MAX = 12;

export interface ManifestInput {
  locale: Locale;
  dir: 'ltr' | 'rtl';
  name: string;
  description: string;
  /** The site's accent colour (`#rrggbb`) or null for the default. */
  accentColor: string | null;
  logoKey: string | null;
  /** Where the installed app opens: the home page of the locale, or `/` to let the site choose. */
  startUrl: string;
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
}

/** A name short enough for a launcher: the whole name, else its first words that fit, else its start. */
export function shortNameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= SHORT_NAME_MAX) return trimmed;
  let short = '';
  for (const word of trimmed.split(/\s+/)) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    short = next;
  }
  return short || trimmed.slice(0, SHORT_NAME_MAX);
}

/** What the icons of these settings are drawn from. */
export function iconSourceOf(settings: { accentColor: string | null; logoKey: string | null }): IconSource {
  return { logoKey: settings.logoKey, themeColor: settings.accentColor ?? DEFAULT_THEME_COLOR, background: APP_BACKGROUND };
}

/** The manifest of one locale. */
export function buildWebAppManifest(input: ManifestInput): WebAppManifest {
  const source = iconSourceOf(input);
  const version = iconVersionOf(source);
  return {
    // One app whatever the language it was installed in.
    id: '/',
    name: input.name,
    short_name: shortNameOf(input.name),
    description: input.description,
    lang: input.locale,
    dir: input.dir,
    start_url: input.startUrl,
    scope: '/',
    display: 'standalone',
    theme_color: source.themeColor,
    background_color: APP_BACKGROUND,
    icons: ICON_SPECS.filter((spec) => spec.name !== 'apple-touch-icon').map((spec) => ({
      src: iconPath(version, spec.name),
      sizes: `${spec.size}x${spec.size}`,
      type: 'image/png' as const,
      purpose: spec.purpose,
    })),
  };
}
