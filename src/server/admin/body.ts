/** Reading JSON request bodies with a size cap enforced while reading, not after. */
import { AdminError } from './errors.ts';

/** Largest JSON body the admin API accepts (a long Markdown body in three locales fits easily). */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

function tooLarge(limit: number): AdminError {
  return new AdminError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${Math.round(limit / 1024)} KB`, {
    extensions: { limit },
  });
}

/**
 * The parsed JSON body. 415 unless the body is declared JSON; 413 past `limit` bytes (checked on
 * Content-Length first, then while streaming, so a lying client cannot make us buffer more);
 * 400 `INVALID_JSON` when it does not parse.
 */
export async function readJsonBody(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new AdminError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  }
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) throw new AdminError(400, 'INVALID_JSON', 'The request body is empty');

  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AdminError(400, 'INVALID_JSON', 'The request body is not valid JSON');
  }
}
