/** Turns failed `fetch` responses into errors the boundaries understand (digest included). */

/** A non-2xx response; `digest` is set when the server reported an unexpected error. */
export class ResponseError extends Error {
  override name = 'ResponseError';
  readonly status: number;
  readonly code: string | undefined;
  readonly digest: string | undefined;

  constructor(status: number, problem: { title?: unknown; code?: unknown; digest?: unknown } = {}) {
    super(typeof problem.title === 'string' ? problem.title : `Request failed with status ${status}`);
    this.status = status;
    this.code = typeof problem.code === 'string' ? problem.code : undefined;
    this.digest = typeof problem.digest === 'string' ? problem.digest : undefined;
  }
}

/** Returns `response` when it is ok; otherwise throws a `ResponseError` built from its problem+json. */
export async function throwIfNotOk(response: Response): Promise<Response> {
  if (response.ok) return response;
  let problem: Record<string, unknown> = {};
  if (/json/.test(response.headers.get('content-type') ?? '')) {
    try {
      const body: unknown = await response.json();
      if (typeof body === 'object' && body !== null) problem = body as Record<string, unknown>;
    } catch {
      // An unreadable error body still fails with the status.
    }
  }
  throw new ResponseError(response.status, problem);
}
