/** Server side of `src/pages/500.astro`: which digest the page shows. */
import { getRequestDigest } from './request-digests.ts';
import { reportServerError } from './report.ts';

export interface ErrorPageRequest {
  request: Request;
  url: URL;
  error: unknown;
}

/**
 * The digest for this 500: the one the error middleware already reported for this request, else
 * a new report (errors Astro caught outside our middleware, or a page answering 500 on purpose).
 */
export function resolveErrorPageDigest({ request, url, error }: ErrorPageRequest): string {
  return (
    getRequestDigest(request) ??
    reportServerError(error ?? new Error('A response had status 500 without an exception'), {
      method: request.method,
      path: url.pathname,
    })
  );
}
