/**
 * WCAG 2.2 contrast of sRGB colours (success criterion 1.4.3): the accent colour a site admin
 * picks is checked with it before any page uses it. Pure and browser-safe.
 */

/** `#rrggbb`, the only form the accent colour is stored in. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** AA for normal-size text: the accent is link text on white and the background of white text. */
export const MIN_TEXT_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of `#rrggbb` (0 = black, 1 = white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => channel(Number.parseInt(hex.slice(start, start + 2), 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two `#rrggbb` colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
