/**
 * The app's icons (decision 041): made from the site's logo with sharp, or, without a logo, from
 * the product's mark on the theme colour. Their URLs carry a version made of what they are drawn
 * from, so clients may keep them for a year and a new logo or colour gets new URLs.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export interface IconSpec {
  name: 'icon-192' | 'icon-512' | 'maskable-512' | 'apple-touch-icon';
  size: number;
  /** `maskable`: the launcher crops it to any shape, so the mark keeps to the central safe circle. */
  purpose: 'any' | 'maskable';
  /** Share of the side the mark may fill. */
  fill: number;
}

/** The icons the manifest and the head announce; the apple-touch one is what iOS adds to its home screen. */
export const ICON_SPECS: readonly IconSpec[] = [
  { name: 'icon-192', size: 192, purpose: 'any', fill: 0.86 },
  { name: 'icon-512', size: 512, purpose: 'any', fill: 0.86 },
  // The safe zone is a circle of 80 % of the side: a square inside it spans 56 %.
  { name: 'maskable-512', size: 512, purpose: 'maskable', fill: 0.56 },
  { name: 'apple-touch-icon', size: 180, purpose: 'any', fill: 0.72 },
];

export function findIconSpec(name: string): IconSpec | undefined {
  return ICON_SPECS.find((spec) => spec.name === name);
}

/** What an icon is drawn from: the logo's stored original, or the mark on the theme colour. */
export interface IconSource {
  logoKey: string | null;
  themeColor: string;
  background: string;
}

/** Bump when the drawing changes, so clients drop icons kept under the old version. */
const DRAWING_REVISION = '1';

/** A short version of the icons drawn from `source`, for their URLs. */
export function iconVersionOf(source: IconSource): string {
  return createHash('sha256')
    .update([DRAWING_REVISION, source.logoKey ?? '', source.themeColor, source.background].join('\0'))
    .digest('base64url')
    .slice(0, 10);
}

/** The site path of one icon. */
export function iconPath(version: string, name: IconSpec['name']): string {
  return `/icons/${version}/${name}.png`;
}

/** The product's mark (the favicon's letter) in white, `side` units square, for an icon without a logo. */
function markSvg(side: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="8 7 16 19"><path d="M9 8h14v3H13v4h9v3h-9v4h10v3H9z" fill="#fff"/></svg>`;
}

/**
 * Draws one icon: the logo (raster or SVG bytes) or the mark, fitted into the spec's share of a
 * square. A logo sits on the page background it was designed for, the mark on the theme colour.
 */
export async function drawIcon(spec: IconSpec, source: IconSource, logo: Uint8Array | null): Promise<Buffer> {
  const inner = Math.round(spec.size * spec.fill);
  const art = logo ? Buffer.from(logo) : Buffer.from(markSvg(inner));
  const fitted = await sharp(art, { density: 300 })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: spec.size, height: spec.size, channels: 4, background: logo ? source.background : source.themeColor } })
    .composite([{ input: fitted, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}
