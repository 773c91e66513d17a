/** The translated strings a brand colour's island shows (islands get strings, not the translator). */
import type { Translate } from '../../../i18n/index.ts';
import type { BrandColourStrings } from './BrandColourInput.tsx';

export function brandColourStrings(t: Translate, label: string): BrandColourStrings {
  return {
    picker: t('admin.site.colourPicker', { label }),
    heading: t('admin.site.contrast.heading', { label }),
    pairs: {
      onPaper: t('admin.site.contrast.pair.onPaper'),
      onSurface: t('admin.site.contrast.pair.onSurface'),
      inkOn: t('admin.site.contrast.pair.inkOn'),
    },
    modes: { light: t('admin.site.contrast.mode.light'), dark: t('admin.site.contrast.mode.dark') },
    pass: t('admin.site.contrast.pass'),
    fail: t('admin.site.contrast.fail'),
    darkShade: t('admin.site.contrast.darkShade', { colour: '{{colour}}' }),
  };
}
