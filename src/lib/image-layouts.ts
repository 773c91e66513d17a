/**
 * How wide each kind of image is drawn, for `ResponsiveImage`: the `sizes` attribute the browser
 * picks a candidate with, and the widest it is ever drawn (CSS pixels), which bounds the
 * candidates offered (see `candidateWidths`). Keep both in step with `src/styles/hub.css`.
 */
export interface ImageLayout {
  sizes: string;
  /** CSS pixels: the widest the `sizes` rules ever draw the image. */
  widest: number;
}

export const imageLayouts = {
  /** An event's or edition's cover, across the page (68rem, 95vw below 72rem). */
  cover: { sizes: '(min-width: 72rem) 68rem, 95vw', widest: 1094 },
  /** The featured edition on the home page: half the page on wide screens. */
  featured: { sizes: '(min-width: 72rem) 34rem, 95vw', widest: 1094 },
  /** A card in a grid, and an event's gallery images: 90vw only below 40rem. */
  card: { sizes: '(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 90vw', widest: 576 },
  /** A person's round portrait. */
  portrait: { sizes: '6rem', widest: 96 },
} as const satisfies Record<string, ImageLayout>;

/** Device pixels per CSS pixel the candidates cover; denser screens get the largest offered. */
const MAX_DENSITY = 2;

/**
 * The variant widths worth offering for an image `originalWidth` pixels wide drawn in `layout`:
 * those the original can fill, up to the first that covers the widest drawing at MAX_DENSITY
 * (a portrait drawn 96 px wide never needs the 1920 px variant), plus the original's own width
 * when it falls between two steps. Each candidate is `{ variant, width }`: the variant asked
 * for and the width it really has (never wider than the original).
 */
export function candidateWidths<W extends number>(variants: readonly W[], originalWidth: number, layout: ImageLayout): { variant: W; width: number }[] {
  const needed = layout.widest * MAX_DENSITY;
  const candidates: { variant: W; width: number }[] = [];
  for (const variant of variants) {
    const width = Math.min(variant, originalWidth);
    candidates.push({ variant, width });
    if (width >= needed || width === originalWidth) break;
  }
  return candidates;
}

/** The one JPEG for browsers without WebP: about 960 px wide, or smaller when that is all the layout needs. */
export function fallbackCandidate<W extends number>(candidates: readonly { variant: W; width: number }[], layout: ImageLayout): W {
  const wanted = Math.min(960, layout.widest * MAX_DENSITY);
  return (candidates.find((candidate) => candidate.width >= wanted) ?? candidates.at(-1)!).variant;
}
