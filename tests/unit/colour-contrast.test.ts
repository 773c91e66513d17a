/** The brand colours' rules (decision 043): WCAG contrast of every pair, light and dark, and the dark shade. */
import { describe, expect, it } from 'vitest';
import { checkBrandColour, contrastErrorCode, formatContrast } from '../../src/lib/brand-colours.ts';
import { adjustLightnessUntil, contrastRatio, hexToHsl, hslToHex } from '../../src/lib/colour-contrast.ts';
import { themePalette } from '../../src/lib/theme-palette.ts';
import { siteSettingsInput } from '../../src/server/site/schemas.ts';

describe('contrast ratio', () => {
  it('matches the WCAG figures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The usual threshold greys: #767676 is the lightest grey that passes AA on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('converts to and from HSL without drift', () => {
    for (const hex of ['#8a2a2b', '#1d4ed8', '#17161c', '#ffffff', '#808080', '#1f5c4a']) {
      const [h, s, l] = hexToHsl(hex);
      expect(hslToHex(h, s, l)).toBe(hex);
    }
  });

  it('finds the first lightness that passes, keeping the colour when it already does', () => {
    const passes = (hex: string) => contrastRatio(hex, '#000000') >= 7;
    expect(adjustLightnessUntil('#ffffff', 'lighter', passes)).toBe('#ffffff');
    const lighter = adjustLightnessUntil('#400000', 'lighter', passes)!;
    expect(passes(lighter)).toBe(true);
    expect(hexToHsl(lighter)[0]).toBeCloseTo(0, 0);
    expect(adjustLightnessUntil('#400000', 'darker', passes)).toBeNull();
  });
});

describe('a brand colour', () => {
  it('passes when every pair reads in light mode, and gets a lighter shade of the same hue in dark mode', () => {
    const check = checkBrandColour('#8a2a2b');
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.light).toEqual({ colour: '#8a2a2b', ink: '#ffffff' });
    // Too dark for the dark page: a lighter shade, still red, and its buttons take the dark ink.
    expect(contrastRatio('#8a2a2b', themePalette.dark.paper)).toBeLessThan(4.5);
    expect(contrastRatio(check.dark.colour, themePalette.dark.paper)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(check.dark.colour, themePalette.dark.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(check.dark.ink, check.dark.colour)).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs(hexToHsl(check.dark.colour)[0] - hexToHsl('#8a2a2b')[0])).toBeLessThan(3);
    expect(check.readings.every((reading) => reading.passes)).toBe(true);
  });

  it('is refused with the failing pair and its figure', () => {
    const check = checkBrandColour('#ffd700');
    expect(check.ok).toBe(false);
    // Gold on the light page: about 1.4:1.
    expect(contrastErrorCode(check)).toMatch(/^LOW_CONTRAST:light:onPaper:1\.\d\d$/);
    // Just enough against white, not against the slightly darker page background.
    expect(contrastErrorCode(checkBrandColour('#767676'))).toMatch(/^LOW_CONTRAST:light:onPaper:4\.3\d$/);
    expect(contrastErrorCode(checkBrandColour('#1d4ed8'))).toBeUndefined();
  });

  it('shows ratios rounded down in the reader’s number format', () => {
    expect(formatContrast(4.4999, 'en-GB')).toBe('4.4:1');
    expect(formatContrast(2.96, 'fr-FR')).toBe('2,9:1');
  });

  it('is stored lowercased, empty means the theme’s, anything else is refused with a code', () => {
    const texts = { en: '', fr: '', de: '' };
    const base = { version: '1', names: texts, taglines: texts, logoMediaId: '', heroMediaId: '', fontPair: 'festival', contactTo: '', secondaryColor: '' };
    expect(siteSettingsInput.parse({ ...base, primaryColor: ' #1D4ED8 ' }).primaryColor).toBe('#1d4ed8');
    expect(siteSettingsInput.parse({ ...base, primaryColor: '' }).primaryColor).toBeNull();
    for (const [value, code] of [
      ['#12345', /^INVALID_COLOUR$/],
      ['red', /^INVALID_COLOUR$/],
      ['#fafafa', /^LOW_CONTRAST:light:onPaper:1\.0\d$/],
    ] as const) {
      const result = siteSettingsInput.safeParse({ ...base, primaryColor: value });
      expect(result.success, value).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([expect.stringMatching(code)]);
    }
    expect(siteSettingsInput.safeParse({ ...base, primaryColor: '', fontPair: 'comic' }).success).toBe(false);
  });
});
