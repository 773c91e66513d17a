/** Cleaning an uploaded SVG logo (decision 043): nothing that runs or calls another host survives. */
import { describe, expect, it } from 'vitest';
import { svgLogoKey, svgLogoSize } from '../../src/server/config/svg-logo-key.ts';
import { cleanSvgLogo } from '../../src/server/site/svg-logo.ts';
import { maliciousSvgLogo } from '../fixtures/malicious-svg-logo.ts';

describe('cleaning an SVG logo', () => {
  it('removes scripts, handlers, foreignObject and outside references, keeping the drawing', () => {
    const clean = cleanSvgLogo(maliciousSvgLogo)!;
    expect(clean).toMatch(/^<svg[\s>]/);
    for (const bad of ['<script', 'alert(', 'onload', 'onclick', 'foreignObject', 'iframe', 'javascript:', 'evil.example', '@import', '<a ']) {
      expect(clean, bad).not.toContain(bad);
    }
    // The drawing stays: shapes, gradients, in-file references and an embedded raster image.
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('<linearGradient id="g">');
    expect(clean).toContain('href="#s"');
    expect(clean).toContain('xlink:href="data:image/png;base64,');
  });

  it('refuses what is not an SVG', () => {
    expect(cleanSvgLogo('<p>hello</p>')).toBeNull();
    expect(cleanSvgLogo('<script>alert(1)</script>')).toBeNull();
    expect(cleanSvgLogo('not markup at all')).toBeNull();
  });

  it('names each version by its content and reads its size', () => {
    expect(svgLogoKey('<svg/>')).toMatch(/^site-logo\/[0-9a-f]{64}\.svg$/);
    expect(svgLogoKey('<svg/>')).not.toBe(svgLogoKey('<svg></svg>'));
    expect(svgLogoSize('<svg viewBox="0 0 120 40"></svg>')).toEqual({ width: 120, height: 40 });
    expect(svgLogoSize('<svg width="64" height="32" viewBox="0 0 120 40"></svg>')).toEqual({ width: 64, height: 32 });
    expect(svgLogoSize('<svg width="100%"></svg>')).toEqual({ width: null, height: null });
  });
});
