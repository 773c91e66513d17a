/**
 * The typeface pairs a site may choose (decision 043): open fonts shipped with the application,
 * each a display face for headings and a body face for text, plus the visitor's system fonts.
 * Pure and browser-safe (the admin's preview); the font files are in `src/server/config/font-files.ts`.
 */

export const fontFamilies = ['bricolage-grotesque', 'inter', 'fraunces', 'literata', 'space-grotesk', 'dm-sans', 'archivo', 'source-serif-4'] as const;
export type FontFamilyId = (typeof fontFamilies)[number];

/** The `font-family` name each bundled family is declared under. */
export const fontFamilyNames: Record<FontFamilyId, string> = {
  'bricolage-grotesque': 'Bricolage Grotesque',
  inter: 'Inter',
  fraunces: 'Fraunces',
  literata: 'Literata',
  'space-grotesk': 'Space Grotesk',
  'dm-sans': 'DM Sans',
  archivo: 'Archivo',
  'source-serif-4': 'Source Serif 4',
};

export const fontPairIds = ['festival', 'editorial', 'modern', 'poster', 'system'] as const;
export type FontPairId = (typeof fontPairIds)[number];

/** The pair a new site starts with: a lively grotesque for headings over a very legible text face. */
export const DEFAULT_FONT_PAIR: FontPairId = 'festival';

export interface FontPair {
  /** Null for the system fonts. */
  display: FontFamilyId | null;
  body: FontFamilyId | null;
}

export const fontPairs: Record<FontPairId, FontPair> = {
  festival: { display: 'bricolage-grotesque', body: 'inter' },
  editorial: { display: 'fraunces', body: 'literata' },
  modern: { display: 'space-grotesk', body: 'dm-sans' },
  poster: { display: 'archivo', body: 'source-serif-4' },
  system: { display: null, body: null },
};

const SANS_FALLBACK = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const SERIF_FALLBACK = 'ui-serif, Georgia, "Times New Roman", serif';
const serifFamilies: ReadonlySet<FontFamilyId> = new Set(['fraunces', 'literata', 'source-serif-4']);

/** The CSS `font-family` value of a family (its system fallbacks after it), or the system stack. */
export function fontStack(family: FontFamilyId | null): string {
  if (!family) return SANS_FALLBACK;
  return `"${fontFamilyNames[family]}", ${serifFamilies.has(family) ? SERIF_FALLBACK : SANS_FALLBACK}`;
}

export function isFontPairId(value: unknown): value is FontPairId {
  return fontPairIds.some((id) => id === value);
}
