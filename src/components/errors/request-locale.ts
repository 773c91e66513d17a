/**
 * Error pages can be rendered with middleware skipped (Astro's last-resort retry when rendering
 * them failed once), so they cannot assume `locals.locale` / `locals.t` are set.
 */
import { defaultLocale, isLocale, type Locale } from '../../i18n/config.ts';
import { getTranslator, type Translate } from '../../i18n/index.ts';

/** Fills `locale` and `t` on locals from the URL's first segment when middleware did not. */
export function ensureRequestLocale(locals: App.Locals, url: URL): { locale: Locale; t: Translate } {
  if (!isLocale(locals.locale)) {
    const segment = url.pathname.split('/', 2)[1];
    locals.locale = isLocale(segment) ? segment : defaultLocale;
  }
  locals.t ??= getTranslator(locals.locale);
  return { locale: locals.locale, t: locals.t };
}
