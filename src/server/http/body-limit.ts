/**
 * Request body size limits for the routes that read a body themselves (auth forms, the auth
 * API, small JSON endpoints). The admin API has its own reader (src/server/admin/body.ts), uploads
 * theirs (src/server/uploads/multipart.ts), the Sentry tunnel its own, Astro Actions Astro's
 * `security.actionBodySizeLimit`: every one answers 413 past its limit (docs/decisions/007, 008).
 */
import { problem } from './problem.ts';

/** Largest body of a sign-in/sign-up form, an auth API call or a role change: they hold a few fields. */
export const MAX_SMALL_BODY_BYTES = 64 * 1024;

/** Thrown by `readBodyBytes` once a body is (or announces to be) larger than its limit. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  readonly limit: number;

  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes`);
    this.limit = limit;
  }
}

/** The 413 problem+json answer for a body over `limit` bytes. */
export function payloadTooLarge(limit: number): Response {
  return problem(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${Math.round(limit / 1024)} KB`, {
    extensions: { limit },
  });
}

/**
 * The whole body, refusing it once it passes `limit`: first on Content-Length, then while
 * streaming, so a chunked or lying client can never make us hold more than `limit` bytes.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(limit);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * A copy of `request` whose body was read within `limit` (so a handler that reads it again,
 * like better-auth's, cannot buffer more), or the 413 response.
 */
export async function bufferRequest(request: Request, limit = MAX_SMALL_BODY_BYTES, headers = request.headers): Promise<Request | Response> {
  if (request.method === 'GET' || request.method === 'HEAD') return new Request(request, { headers });
  try {
    const body = await readBodyBytes(request, limit);
    return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
  } catch (error) {
    if (error instanceof BodyTooLargeError) return payloadTooLarge(limit);
    throw error;
  }
}

/** The parsed form of a POSTed HTML form read within `limit`, or the 413 response. */
export async function readFormWithinLimit(request: Request, limit = MAX_SMALL_BODY_BYTES): Promise<FormData | Response> {
  const buffered = await bufferRequest(request, limit);
  if (buffered instanceof Response) return buffered;
  // A body that is not a form reads as an empty form: the page then reports the missing fields.
  return buffered.formData().catch(() => new FormData());
}

/** The JSON body read within `limit` (`value` is undefined when it does not parse), or the 413 response. */
export async function readJsonWithinLimit(request: Request, limit = MAX_SMALL_BODY_BYTES): Promise<{ value: unknown } | Response> {
  const buffered = await bufferRequest(request, limit);
  if (buffered instanceof Response) return buffered;
  return { value: await buffered.json().catch(() => undefined) };
}

/** Drains a body the route does not use, within `limit`: undefined, or the 413 response. */
export async function refuseOversizeBody(request: Request, limit = MAX_SMALL_BODY_BYTES): Promise<Response | undefined> {
  const buffered = await bufferRequest(request, limit);
  return buffered instanceof Response ? buffered : undefined;
}
