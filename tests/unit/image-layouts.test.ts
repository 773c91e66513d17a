import { describe, expect, it } from 'vitest';
import { candidateWidths, fallbackCandidate, imageLayouts, type ImageLayout } from '../../src/lib/image-layouts.ts';
import { variantWidths } from '../../src/server/storage/keys.ts';

const widths = (originalWidth: number, layout: ImageLayout = imageLayouts.cover) =>
  candidateWidths(variantWidths, originalWidth, layout).map(({ width }) => width);

describe('responsive image candidates', () => {
  it('offers a cover every variant the original fills, ending with the original width', () => {
    expect(widths(1600)).toEqual([320, 640, 960, 1280, 1600]);
    expect(widths(2400)).toEqual([320, 640, 960, 1280, 1920]);
    expect(candidateWidths(variantWidths, 1600, imageLayouts.cover).at(-1)).toEqual({ variant: 1920, width: 1600 });
  });

  it('stops at the first variant that covers the widest drawing at twice the density', () => {
    // Cards are drawn at most 576 px wide: 1280 covers 1152 device pixels.
    expect(widths(1600, imageLayouts.card)).toEqual([320, 640, 960, 1280]);
    expect(widths(2400, imageLayouts.portrait)).toEqual([320]);
  });

  it('never offers more than the original, however small', () => {
    expect(widths(300, imageLayouts.card)).toEqual([300]);
    expect(candidateWidths(variantWidths, 300, imageLayouts.card)).toEqual([{ variant: 320, width: 300 }]);
    expect(widths(700, imageLayouts.card)).toEqual([320, 640, 700]);
  });

  it('picks one JPEG about 960 px wide, or the largest the layout needs', () => {
    const fallback = (originalWidth: number, layout: ImageLayout = imageLayouts.cover) =>
      fallbackCandidate(candidateWidths(variantWidths, originalWidth, layout), layout);
    expect(fallback(1600)).toBe(960);
    expect(fallback(1600, imageLayouts.card)).toBe(960);
    expect(fallback(1600, imageLayouts.portrait)).toBe(320);
    expect(fallback(700, imageLayouts.card)).toBe(960);
  });
});
