/** The text of a site form's field error, with a contrast failure's figures in the reader's locale. */
import type { Locale } from '../../i18n/config.ts';
import { localeConfig } from '../../i18n/config.ts';
import type { Translate } from '../../i18n/index.ts';
import { contrastPairs, formatContrast } from '../../lib/brand-colours.ts';
import { MIN_TEXT_CONTRAST } from '../../lib/colour-contrast.ts';
import { themeModes } from '../../lib/theme-palette.ts';
import type { SiteFieldCode } from './schemas.ts';

/** The text of one error code of a site form. */
export function siteErrorText(t: Translate, locale: Locale, code: SiteFieldCode): string {
  const [base, mode, pair, ratio] = code.split(':');
  const knownMode = themeModes.find((known) => known === mode);
  const knownPair = contrastPairs.find((known) => known === pair);
  if (base !== 'LOW_CONTRAST' || !knownMode || !knownPair || ratio === undefined) {
    return t(`admin.site.error.${base as Exclude<SiteFieldCode, `LOW_CONTRAST:${string}`>}`);
  }
  return t('admin.site.error.LOW_CONTRAST_FIGURES', {
    pair: t(`admin.site.contrast.pair.${knownPair}`),
    mode: t(`admin.site.contrast.mode.${knownMode}`),
    ratio: formatContrast(Number(ratio), localeConfig[locale].intl),
    needed: formatContrast(MIN_TEXT_CONTRAST, localeConfig[locale].intl),
  });
}
