/** Reading JSON request bodies with a size cap enforced while reading, not after. */
import { BodyTooLargeError, readBodyBytes } from '../http/body-limit.ts';
import { AdminError } from './errors.ts';

/** Largest JSON body the admin API accepts (a long Markdown body in three locales fits easily). */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

function tooLarge(limit: number): AdminError {
  return new AdminError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${Math.round(limit / 1024)} KB`, {
    extensions: { limit },
  });
}

/** The body's bytes within `limit`, as an AdminError 413 past it. */
async function readWithinLimit(request: Request, limit: number): Promise<Uint8Array> {
  try {
    return await readBodyBytes(request, limit);
  } catch (error) {
    throw error instanceof BodyTooLargeError ? tooLarge(limit) : error;
  }
}

/** Whether the request declares a JSON body (`application/json` or a `+json` type). */
export function isJsonRequest(request: Request): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(request.headers.get('content-type') ?? '');
}

/**
 * The parsed JSON body. 415 unless the body is declared JSON; 413 past `limit` bytes (checked on
 * Content-Length first, then while streaming, so a lying client cannot make us buffer more);
 * 400 `INVALID_JSON` when it does not parse.
 */
export async function readJsonBody(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<unknown> {
  if (!isJsonRequest(request)) {
    throw new AdminError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  }
  if (!request.body) throw new AdminError(400, 'INVALID_JSON', 'The request body is empty');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(await readWithinLimit(request, limit));
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    throw new AdminError(400, 'INVALID_JSON', 'The request body is not valid JSON');
  }
}

/**
 * Drains the body of a route that takes none (DELETE), still within `limit`: a request is
 * refused with 413 past its size whatever the route does with it.
 */
export async function discardBody(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<void> {
  await readWithinLimit(request, limit);
}
