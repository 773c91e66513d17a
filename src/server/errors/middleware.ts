/**
 * Error-capturing middleware, first in the `sequence(...)`: every exception thrown below it gets a
 * digest, one structured log line and a Sentry event, then the visitor gets the 500 page (or a
 * problem+json body for API callers) showing that digest and nothing else.
 */
import type { APIContext, MiddlewareHandler } from 'astro';
import { answerMalformedActionBody } from '../http/malformed-action.ts';
import { isMachinePath } from './request-kind.ts';
import { getRequestDigest, rememberRequestDigest } from './request-digests.ts';
import { reportServerError, type ServerErrorContext } from './report.ts';
import { internalErrorProblem, minimalErrorPage, serverErrorFragment } from './responses.ts';
import { guardHtmlStream } from './stream-guard.ts';

/** Request facts for the log line; the user id only (never the email), when someone is signed in. */
export function describeRequest(context: APIContext): ServerErrorContext {
  return {
    method: context.request.method,
    path: context.url.pathname,
    route: context.routePattern,
    // `locals.user` is only set on admin and auth routes (see src/middleware.ts).
    userId: context.locals.user?.id ?? undefined,
  };
}

/** Responses Astro will buffer into its route cache: a stream failure there already becomes a 500. */
function isBufferedForCache(context: APIContext): boolean {
  // `cache` is missing in the Container API (tests), hence the optional chaining.
  const cache = context.cache as APIContext['cache'] | undefined;
  return Boolean(cache?.enabled) && (cache?.options.maxAge ?? 0) > 0;
}

export const captureServerErrors: MiddlewareHandler = async (context, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    const malformed = answerMalformedActionBody(context, error);
    if (malformed) return malformed;
    // A page may have asked the route cache to keep it before it failed: its 500 must not be kept.
    (context.cache as APIContext['cache'] | undefined)?.set(false);
    const digest = reportServerError(error, describeRequest(context));
    if (isMachinePath(context.url.pathname)) return internalErrorProblem(digest);
    // The 500 page itself failed: fall back to a page that cannot fail, quoting the first digest.
    if (context.routePattern === '/500') {
      return minimalErrorPage(context.url.host, getRequestDigest(context.request) ?? digest);
    }
    rememberRequestDigest(context.request, digest);
    // An empty 500 makes Astro render src/pages/500.astro, which reads the digest back. Not
    // rethrowing keeps Astro from logging a second, unstructured copy of the stack.
    return new Response(null, { status: 500 });
  }
  if (isBufferedForCache(context)) return response;
  return guardHtmlStream(response, (error) => {
    const report = { ...describeRequest(context), status: response.status, phase: 'stream' as const };
    return serverErrorFragment(context.url.host, reportServerError(error, report));
  });
};
