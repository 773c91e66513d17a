/**
 * Reading request bodies within a size limit, for every route that reads one itself: auth forms,
 * the auth API, the admin API's JSON (src/server/admin/body.ts), the role endpoint and the Sentry
 * tunnel. Uploads stream through their own parser (src/server/uploads/multipart.ts) and Astro
 * Actions through Astro's `security.actionBodySizeLimit`; each answers 413 past its limit
 * (docs/decisions/007, 008). JSON endpoints refuse any other content type with 415.
 */
import { problem } from './problem.ts';

/** Largest body of a sign-in/sign-up form, an auth API call or a role change: they hold a few fields. */
export const MAX_SMALL_BODY_BYTES = 64 * 1024;

/** Why a body was refused: the status, stable code and title of its problem+json answer. */
export class BodyRefusal extends Error {
  override name = 'BodyRefusal';
  readonly status: 400 | 413 | 415;
  readonly code: string;
  readonly extensions: Record<string, unknown>;

  constructor(status: 400 | 413 | 415, code: string, title: string, extensions: Record<string, unknown> = {}) {
    super(title);
    this.status = status;
    this.code = code;
    this.extensions = extensions;
  }

  /** The problem+json answer. */
  toResponse(): Response {
    return problem(this.status, this.code, this.message, { extensions: this.extensions });
  }
}

/** The refusal of a body over `limit` bytes (413; `code` names what was too large). */
function bodyTooLarge(limit: number, code = 'PAYLOAD_TOO_LARGE'): BodyRefusal {
  return new BodyRefusal(413, code, `The request body is larger than ${Math.round(limit / 1024)} KB`, { limit });
}

/** Whether the request declares a JSON body (`application/json` or a `+json` type). */
export function isJsonRequest(request: Request): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(request.headers.get('content-type') ?? '');
}

/** Whether the request carries a body at all (a declared length above zero, or chunks). */
function hasBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  return (length !== null && length.trim() !== '0') || request.headers.has('transfer-encoding');
}

/**
 * The whole body, refused (`bodyTooLarge`) once it passes `limit`: first on Content-Length,
 * then while streaming, so a chunked or lying client can never make us hold more than `limit`.
 */
export async function readBodyBytes(request: Request, limit: number, code?: string): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    throw bodyTooLarge(limit, code);
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
      throw bodyTooLarge(limit, code);
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
 * The parsed JSON body: refused with 415 unless declared JSON, 413 past `limit`, 400
 * `INVALID_JSON` when empty or not JSON. The one JSON reader of every endpoint that takes JSON.
 */
export async function readJsonBody(request: Request, limit = MAX_SMALL_BODY_BYTES): Promise<unknown> {
  if (!isJsonRequest(request)) {
    await request.body?.cancel().catch(() => undefined);
    throw new BodyRefusal(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(await readBodyBytes(request, limit));
  if (!text.trim()) throw new BodyRefusal(400, 'INVALID_JSON', 'The request body is empty');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyRefusal(400, 'INVALID_JSON', 'The request body is not valid JSON');
  }
}

/** `readJsonBody` for a route that answers directly: `{ value }`, or the refusal's response. */
export async function readJsonWithinLimit(request: Request, limit = MAX_SMALL_BODY_BYTES): Promise<{ value: unknown } | Response> {
  try {
    return { value: await readJsonBody(request, limit) };
  } catch (error) {
    if (error instanceof BodyRefusal) return error.toResponse();
    throw error;
  }
}

export interface BufferOptions {
  headers?: Headers;
  /** Refuse (415) a body that is not declared JSON; an empty body passes. */
  json?: boolean;
}

/**
 * A copy of `request` whose body was read within `limit` (so a handler that reads it again,
 * like better-auth's, cannot buffer more), or the refusal's response.
 */
export async function bufferRequest(
  request: Request,
  limit = MAX_SMALL_BODY_BYTES,
  { headers = request.headers, json = false }: BufferOptions = {},
): Promise<Request | Response> {
  if (request.method === 'GET' || request.method === 'HEAD') return new Request(request, { headers });
  try {
    if (json && hasBody(request) && !isJsonRequest(request)) {
      await request.body?.cancel().catch(() => undefined);
      throw new BodyRefusal(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
    }
    const body = await readBodyBytes(request, limit);
    return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
  } catch (error) {
    if (error instanceof BodyRefusal) return error.toResponse();
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

/** Drains a body the route does not use, within `limit`: undefined, or the 413 response. */
export async function refuseOversizeBody(request: Request, limit = MAX_SMALL_BODY_BYTES): Promise<Response | undefined> {
  const buffered = await bufferRequest(request, limit);
  return buffered instanceof Response ? buffered : undefined;
}
