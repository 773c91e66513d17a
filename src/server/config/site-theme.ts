/**
 * The site's theme as pages apply it (decision 043): each brand colour with its light and dark
 * variant and button ink, the typeface pair, and the style rules `ThemeHead` emits. Computed once
 * per settings read (the settings are kept per process), not per request.
 */
import { checkBrandColour, type ModeColour } from '../../lib/brand-colours.ts';
import { fontPairs, fontStack, type FontPairId } from '../../lib/font-pairs.ts';
import { fontFaceRules, fontPreloads } from './font-files.ts';

export interface BrandColour {
  light: ModeColour;
  dark: ModeColour;
}

export interface SiteTheme {
  /** Null: the stylesheet's own colours. */
  primary: BrandColour | null;
  secondary: BrandColour | null;
  fontPair: FontPairId;
  /** The `@font-face` rules, the custom properties and their dark-mode values, in one style sheet. */
  css: string;
  /** The Latin files of the pair's faces, preloaded; none for the system fonts. */
  preloads: string[];
}

/** A saved colour's variants; a colour saved before a rule changed and now failing is left out. */
function brandColourOf(hex: string | null): BrandColour | null {
  if (!hex) return null;
  const check = checkBrandColour(hex);
  return check.ok ? { light: check.light, dark: check.dark } : null;
}

/** The custom properties of one mode. Values are validated `#rrggbb` and fixed font stacks only. */
function properties(primary: ModeColour | undefined, secondary: ModeColour | undefined, fonts?: { display: string; body: string }): string {
  const declarations = [
    primary && `--accent:${primary.colour};--accent-ink:${primary.ink}`,
    secondary && `--accent-2:${secondary.colour};--accent-2-ink:${secondary.ink}`,
    fonts && `--font-display:${fonts.display};--font-body:${fonts.body}`,
  ].filter(Boolean);
  // `:root:root` outranks the stylesheet's `:root` defaults whichever comes first in the page.
  return declarations.length > 0 ? `:root:root{${declarations.join(';')}}` : '';
}

/** The theme of saved settings. */
export function siteThemeOf(settings: { primaryColor: string | null; secondaryColor: string | null; fontPair: FontPairId }): SiteTheme {
  const primary = brandColourOf(settings.primaryColor);
  const secondary = brandColourOf(settings.secondaryColor);
  const pair = fontPairs[settings.fontPair];
  const light = properties(primary?.light, secondary?.light, { display: fontStack(pair.display), body: fontStack(pair.body) });
  const dark = properties(primary?.dark, secondary?.dark);
  const css = fontFaceRules(settings.fontPair) + light + (dark ? `@media (prefers-color-scheme: dark){${dark}}` : '');
  return { primary, secondary, fontPair: settings.fontPair, css, preloads: fontPreloads(settings.fontPair) };
}
