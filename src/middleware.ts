import { defineMiddleware, sequence } from 'astro:middleware';
import { defaultLocale, isLocale } from './i18n/config.ts';
import { getTranslator } from './i18n/index.ts';
import { isCollectionName } from './lib/collections/index.ts';
import { authenticate } from './server/auth/middleware.ts';
import { captureServerErrors } from './server/errors/middleware.ts';
import { refuseCrossSiteForms } from './server/http/cross-site-forms.ts';
import { getDb } from './server/db.ts';
import { problem } from './server/http/problem.ts';
import { pageCacheOf } from './server/page-cache/request.ts';
import { hubTags } from './server/page-cache/tags.ts';
import { forgetSiteSettings, getSiteSettings, siteViewOf } from './server/config/site-settings.ts';
import { keepViewZoneInLinks } from './server/time-zone/keep-in-links.ts';

/** Resolves the request locale from the `/{locale}` segment and puts it, with `t`, on locals. */
const resolveLocale = defineMiddleware((context, next) => {
  const segment = context.url.pathname.split('/', 2)[1];
  const locale = isLocale(segment) ? segment : defaultLocale;
  context.locals.locale = locale;
  context.locals.t = getTranslator(locale);
  return next();
});

/** Paths that render no page (API, uploads, the error tunnel): they never show the site's settings. */
const NO_PAGE = /^\/(?:api|media|files|monitoring)(?:\/|$)/;

/**
 * Puts the site settings every page shows (name, logo, accent colour) on locals, from this
 * process's copy; a purge of `all` (a settings save, anywhere) makes it read them again.
 */
const resolveSite = defineMiddleware(async (context, next) => {
  // Every process that may read the settings (pages, the contact form, inbox replies) forgets them on purges
  // of `all`: a settings save purges it (every page shows the name), as does a node that may have missed purges.
  pageCacheOf(context.locals)?.onPurge((tags) => {
    if (tags.includes(hubTags.all)) forgetSiteSettings();
  });
  if (NO_PAGE.test(context.url.pathname)) return next();
  context.locals.site = siteViewOf(await getSiteSettings(await getDb()), context.locals.locale, context.locals.t);
  return next();
});

/**
 * Answers 404 for a route whose `[locale]` or `[collection]` segment names none of ours, before
 * anything else looks at the request: `/xx/admin` is an unknown page, not a sign-in prompt.
 * Routes can then trust both parameters.
 */
const checkRouteParams = defineMiddleware((context, next) => {
  const { locale, collection } = context.params;
  const unknownLocale = locale !== undefined && !isLocale(locale);
  const unknownCollection = collection !== undefined && !isCollectionName(collection);
  if (!unknownLocale && !unknownCollection) return next();
  if (context.url.pathname.startsWith('/api/')) return problem(404, 'NOT_FOUND', 'Not found');
  return context.rewrite('/404');
});

// Cross-site forms refused first; then the locale (auth redirects and screens are localized), then
// the route's parameters, the site settings, then authentication, which returns at once for everything outside the
// admin and auth routes. Hub links keep a visitor's `?tz=` (decision 026).
export const onRequest = sequence(captureServerErrors, refuseCrossSiteForms, resolveLocale, checkRouteParams, resolveSite, keepViewZoneInLinks, authenticate);
