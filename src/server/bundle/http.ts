/** The request side of the bundle routes: the archive body within its limit, refusals in the caller's language. */
import type { APIContext } from 'astro';
import { answer } from '../admin/http.ts';
import { BodyRefusal, readBodyBytes } from '../http/body-limit.ts';
import { requestLocale } from '../webhooks/http.ts';
import { MAX_BUNDLE_BYTES } from './archive.ts';
import { bundleError, localizeBundleError } from './errors.ts';

/** `answer`, with bundle refusals titled in the language the client accepts. */
export function answerBundle(context: Pick<APIContext, 'request'>, steps: () => Promise<Response>): Promise<Response> {
  return answer(async () => {
    try {
      return await steps();
    } catch (error) {
      throw localizeBundleError(error, requestLocale(context.request));
    }
  });
}

/** The uploaded archive's bytes; 413 past `MAX_BUNDLE_BYTES` (on Content-Length first, then while reading). */
export async function readBundleBody(request: Request): Promise<Uint8Array> {
  try {
    return await readBodyBytes(request, MAX_BUNDLE_BYTES);
  } catch (error) {
    if (error instanceof BodyRefusal && error.status === 413) throw bundleError('BUNDLE_TOO_LARGE', { limit: MAX_BUNDLE_BYTES });
    throw error;
  }
}
