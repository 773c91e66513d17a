/**
 * Where a cleaned SVG logo is served (decision 043): `/media/site-logo/<sha256>.svg`, a name that
 * changes with the markup, so the answer is cached for a year like every other media.
 */
import { createHash } from 'node:crypto';

const SVG_LOGO_KEY = /^site-logo\/([0-9a-f]{64})\.svg$/;

/** The media key of a cleaned SVG logo. */
export function svgLogoKey(markup: string): string {
  return `site-logo/${createHash('sha256').update(markup).digest('hex')}.svg`;
}

/** True when `key` has the shape of an SVG logo's key. */
export function isSvgLogoKey(key: string): boolean {
  return SVG_LOGO_KEY.test(key);
}

const number = (value: string | undefined) => {
  const parsed = value === undefined ? Number.NaN : Number.parseFloat(value);
  return Number.isFinite(parsed) && parsed > 0 ? Math.round(parsed) : null;
};

/** The logo's intrinsic size, from its `width`/`height` (in user units) or else its `viewBox`. */
export function svgLogoSize(markup: string): { width: number | null; height: number | null } {
  const root = /<svg\b[^>]*>/i.exec(markup)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(root)?.[1];
  const [width, height] = [attribute('width'), attribute('height')];
  if (width && height && !/%/.test(width + height)) return { width: number(width), height: number(height) };
  const box = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/);
  return { width: number(box?.[2]), height: number(box?.[3]) };
}
