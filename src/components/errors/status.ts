/** Response status for pages that render `ErrorScreen` (call it in the page's frontmatter). */

export type ErrorStatus = 401 | 403 | 404 | 500;

const REASONS: Record<ErrorStatus, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

/**
 * Sets the status (with its reason phrase) and keeps the page out of every cache: an error is
 * about one request, and 401/403 pages depend on who asks.
 */
export function setErrorStatus(response: ResponseInit & { headers: Headers }, status: ErrorStatus): void {
  response.status = status;
  response.statusText = REASONS[status];
  response.headers.set('Cache-Control', 'private, no-store');
}
