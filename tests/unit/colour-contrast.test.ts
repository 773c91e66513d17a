/** The accent colour rule (docs/decisions/038): WCAG contrast against the surfaces the accent meets. */
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../src/lib/colour-contrast.ts';
import { meetsAccentContrast, siteSettingsInput } from '../../src/server/site/schemas.ts';

describe('contrast ratio', () => {
  it('matches the WCAG figures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The usual threshold greys: #767676 is the lightest grey that passes AA on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});

describe('the accent colour', () => {
  it('passes when links and white button text stay readable on the white and paper surfaces', () => {
    expect(meetsAccentContrast('#8a2a2b')).toBe(true);
    expect(meetsAccentContrast('#1d4ed8')).toBe(true);
    expect(meetsAccentContrast('#ffd700')).toBe(false);
    // Just enough against white, not against the slightly darker page background.
    expect(meetsAccentContrast('#767676')).toBe(false);
  });

  it('is stored lowercased, empty means the default, anything else is refused with a code', () => {
    const base = { version: '1', names: { en: '', fr: '', de: '' }, logoMediaId: '', contactTo: '' };
    expect(siteSettingsInput.parse({ ...base, accentColor: ' #1D4ED8 ' }).accentColor).toBe('#1d4ed8');
    expect(siteSettingsInput.parse({ ...base, accentColor: '' }).accentColor).toBeNull();
    for (const [value, code] of [
      ['#12345', 'INVALID_COLOUR'],
      ['red', 'INVALID_COLOUR'],
      ['#fafafa', 'LOW_CONTRAST'],
    ]) {
      const result = siteSettingsInput.safeParse({ ...base, accentColor: value });
      expect(result.success, value).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([code]);
    }
  });
});
