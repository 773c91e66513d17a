/**
 * The one shape of every API error: RFC 9457 `application/problem+json` with a stable
 * SCREAMING_SNAKE `code` the UI translates. Raw exception messages never go in here.
 */

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  /** Field errors keyed by field path (`"translations.en.title"`), each a list of codes or messages. */
  errors?: Record<string, string[]>;
  /** Identifier of a server-side failure; the same digest is in the server log line. */
  digest?: string;
  /** Anything else a caller needs to act on the error (e.g. the missing `permission`). */
  [extension: string]: unknown;
}

export interface ProblemOptions {
  errors?: Record<string, string[]>;
  digest?: string;
  /** Extra members of the problem body, e.g. `{ permission: 'users.manage' }`. */
  extensions?: Record<string, unknown>;
  /** Extra response headers, e.g. `Retry-After` or `Allow`. */
  headers?: HeadersInit;
}

/** Builds an `application/problem+json` response that no cache may keep. */
export function problem(status: number, code: string, title: string, options: ProblemOptions = {}): Response {
  const body: ProblemBody = {
    ...options.extensions,
    type: `about:blank#${code}`,
    title,
    status,
    code,
    ...(options.errors ? { errors: options.errors } : {}),
    ...(options.digest ? { digest: options.digest } : {}),
  };
  const headers = new Headers(options.headers);
  headers.set('Content-Type', 'application/problem+json; charset=utf-8');
  headers.set('Cache-Control', 'private, no-store');
  return new Response(JSON.stringify(body), { status, headers });
}
