/** The admin API's JSON bodies: the shared bounded reader (src/server/http/body-limit.ts), failing as AdminError. */
import { BodyRefusal, readBodyBytes, readJsonBody as readJson } from '../http/body-limit.ts';
import { AdminError } from '../errors/domain-errors.ts';

export { isJsonRequest } from '../http/body-limit.ts';

/** Largest JSON body the admin API accepts (a long Markdown body in three locales fits easily). */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

async function asAdminError<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof BodyRefusal) throw new AdminError(error.status, error.code, error.message, { extensions: error.extensions });
    throw error;
  }
}

/**
 * The parsed JSON body. 415 unless the body is declared JSON; 413 past `limit` bytes (checked on
 * Content-Length first, then while streaming, so a lying client cannot make us buffer more);
 * 400 `INVALID_JSON` when it is empty or does not parse.
 */
export function readJsonBody(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<unknown> {
  return asAdminError(readJson(request, limit));
}

/**
 * Drains the body of a route that takes none (DELETE), still within `limit`: a request is
 * refused with 413 past its size whatever the route does with it.
 */
export async function discardBody(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<void> {
  await asAdminError(readBodyBytes(request, limit));
}
