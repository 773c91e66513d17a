import { defineMiddleware, sequence } from 'astro:middleware';
import { defaultLocale, isLocale } from './i18n/config.ts';
import { getTranslator } from './i18n/index.ts';
import { authenticate } from './server/auth/middleware.ts';
import { captureServerErrors } from './server/errors/middleware.ts';
import { refuseCrossSiteForms } from './server/http/cross-site-forms.ts';

/** Resolves the request locale from the `/{locale}` segment and puts it, with `t`, on locals. */
const resolveLocale = defineMiddleware((context, next) => {
  const segment = context.url.pathname.split('/', 2)[1];
  const locale = isLocale(segment) ? segment : defaultLocale;
  context.locals.locale = locale;
  context.locals.t = getTranslator(locale);
  return next();
});

// Cross-site forms refused first; then the locale (auth redirects and screens are localized), then
// authentication, which returns at once for everything outside the admin and auth routes.
export const onRequest = sequence(captureServerErrors, refuseCrossSiteForms, resolveLocale, authenticate);
