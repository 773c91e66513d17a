/**
 * Refuses cross-site form submissions (what Astro's `security.checkOrigin` does, which is off):
 * a state-changing request that a form could send (form or text content, or none) must carry
 * this site's `Origin`. Astro compares against the request's own URL, which behind a
 * TLS-terminating proxy is plain http:// and named by the client's Host header, so every form
 * posted through the proxy was refused; here the configured public origin is the reference
 * (src/server/http/origin.ts, decision 016). The admin and auth routes check every write, form or
 * not, in the auth middleware.
 */
import { defineMiddleware } from 'astro:middleware';
import { isSameOriginRequest, isStateChanging } from './origin.ts';
import { getEnv } from '../config/env.ts';
import { problem } from './problem.ts';

const formTypes = /application\/x-www-form-urlencoded|multipart\/form-data|text\/plain/i;

/** True when a browser form on another site could have sent this request. */
function couldBeCrossSiteForm(request: Request): boolean {
  if (!isStateChanging(request.method)) return false;
  const type = request.headers.get('content-type');
  return type === null || formTypes.test(type);
}

export const refuseCrossSiteForms = defineMiddleware((context, next) => {
  const { request } = context;
  if (couldBeCrossSiteForm(request) && !isSameOriginRequest(request.headers.get('origin'), context.url, getEnv().PUBLIC_SITE_URL)) {
    return problem(403, 'CROSS_ORIGIN_REQUEST', 'Form submissions must come from this site (Origin header)');
  }
  return next();
});
