import { defineMiddleware, sequence } from 'astro:middleware';
import { defaultLocale, isLocale } from './i18n/config.ts';
import { getTranslator } from './i18n/index.ts';

/** Resolves the request locale from the `/{locale}` segment and puts it, with `t`, on locals. */
const resolveLocale = defineMiddleware((context, next) => {
  const segment = context.url.pathname.split('/', 2)[1];
  const locale = isLocale(segment) ? segment : defaultLocale;
  context.locals.locale = locale;
  context.locals.t = getTranslator(locale);
  return next();
});

export const onRequest = sequence(resolveLocale);
