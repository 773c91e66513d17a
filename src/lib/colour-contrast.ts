/**
 * WCAG 2.2 contrast of sRGB colours (success criterion 1.4.3): the brand colours a site admin
 * picks are checked with it before any page uses them (decision 043). Pure and browser-safe.
 */

/** `#rrggbb`, the only form the brand colours are stored in. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** AA for normal-size text: a brand colour is link text, and the background of button text. */
export const MIN_TEXT_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function rgbOf(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

/** Relative luminance of `#rrggbb` (0 = black, 1 = white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map(channel);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two `#rrggbb` colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** `#rrggbb` → hue (0–360), saturation and lightness (0–1). */
export function hexToHsl(hex: string): [number, number, number] {
  const [r, g, b] = rgbOf(hex).map((value) => value / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = lightness > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  const hue = max === r ? (g - b) / delta + (g < b ? 6 : 0) : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return [hue * 60, saturation, lightness];
}

/** Hue, saturation and lightness → `#rrggbb`. */
export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const part = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${part(0)}${part(8)}${part(4)}`;
}

/** The ink among `inks` that contrasts most with `background`. */
export function bestInkOn(background: string, inks: readonly string[]): { ink: string; ratio: number } {
  return inks.map((ink) => ({ ink, ratio: contrastRatio(ink, background) })).reduce((best, candidate) => (candidate.ratio > best.ratio ? candidate : best));
}

/**
 * The variant of `hex` that reads on every one of `backgrounds`: `hex` itself when it already does,
 * else the same hue and saturation made lighter or darker (whichever the backgrounds call for) in
 * steps of 1 % lightness until `passes` holds. Null when no lightness passes.
 */
export function adjustLightnessUntil(hex: string, direction: 'lighter' | 'darker', passes: (candidate: string) => boolean): string | null {
  if (passes(hex)) return hex;
  const [hue, saturation, lightness] = hexToHsl(hex);
  const step = direction === 'lighter' ? 0.01 : -0.01;
  for (let level = lightness + step; level >= 0 && level <= 1; level += step) {
    const candidate = hslToHex(hue, saturation, level);
    if (passes(candidate)) return candidate;
  }
  return null;
}
