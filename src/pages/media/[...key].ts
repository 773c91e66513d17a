/**
 * GET /media/<key>                      — an image, video or audio original (byte ranges for
 *                                         video and audio)
 * GET /media/<key>?w=<width>&fm=<format> — a responsive variant (width 320|640|960|1280|1920,
 *                                         format webp|avif|jpeg), generated once, then stored
 * GET /media/site-logo/<sha256>.svg      — the site's cleaned SVG logo (decision 043)
 * Only originals registered in `medias` are served; keys are content hashes, so responses are
 * immutable. With HUB_MEDIA_BASE_URL set (a CDN in front of the bucket) the answer is a redirect
 * there instead of the bytes.
 */
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getDb } from '../../server/db.ts';
import { problem } from '../../server/http/problem.ts';
import { findImageByKey } from '../../server/storage/catalog.ts';
import { getMediaBaseUrl, getStorage } from '../../server/storage/index.ts';
import {
  imageContentType,
  parseOriginalKey,
  variantContentType,
  variantFormats,
  variantWidths,
  streamType,
  variantKey,
  type OriginalKey,
} from '../../server/storage/keys.ts';
import { objectResponse, redirectToMediaBase } from '../../server/storage/responses.ts';
import { getImageVariant } from '../../server/storage/variants.ts';
import { svgLogoResponse } from '../../server/site/svg-logo-response.ts';

const variantQuery = z.union([
  z.object({ w: z.undefined(), fm: z.undefined() }),
  z.object({
    w: z.coerce.number().refine((w) => (variantWidths as readonly number[]).includes(w)),
    fm: z.enum(variantFormats),
  }),
]);

const notFound = () => problem(404, 'MEDIA_NOT_FOUND', 'No such image');

export const GET: APIRoute = async ({ params, request, url }) => {
  const logo = await svgLogoResponse(await getDb(), request, params.key ?? '');
  if (logo) return logo;
  const key = parseOriginalKey(params.key ?? '');
  if (key && streamType(key.ext)) return serveStream(request, key);
  const originalType = key && imageContentType(key.ext);
  if (!key || !originalType) return notFound();
  const query = variantQuery.safeParse({ w: url.searchParams.get('w') ?? undefined, fm: url.searchParams.get('fm') ?? undefined });
  if (!query.success) {
    return problem(400, 'INVALID_VARIANT', 'Unsupported image variant', {
      errors: { w: [`one of ${variantWidths.join(', ')}`], fm: [`one of ${variantFormats.join(', ')}`] },
    });
  }
  const record = await findImageByKey(await getDb(), key);
  if (!record) return notFound();
  const storage = getStorage();
  const base = getMediaBaseUrl();
  const { w, fm } = query.data;
  if (w === undefined || fm === undefined) {
    if (base) return redirectToMediaBase(base, key.key);
    const object = await storage.read(key.key);
    return object ? objectResponse(request, object, { etag: `"${key.sha256}"`, contentType: originalType }) : notFound();
  }
  const width = w as (typeof variantWidths)[number];
  const variant = await getImageVariant(storage, key, width, fm);
  if (variant && base) return redirectToMediaBase(base, variantKey(key, width, fm));
  return variant ? objectResponse(request, variant, { etag: `"${key.sha256}-w${width}.${fm}"`, contentType: variantContentType(fm) }) : notFound();
};

export const HEAD = GET;

/** A registered video or audio original, whole or by byte range; neither has variants. */
async function serveStream(request: Request, key: OriginalKey): Promise<Response> {
  const { kind, type } = streamType(key.ext)!;
  if (new URL(request.url).search) return problem(400, 'INVALID_VARIANT', 'Videos and audio files have no variants');
  const record = await findImageByKey(await getDb(), key, kind);
  const base = getMediaBaseUrl();
  if (record && base) return redirectToMediaBase(base, key.key);
  const object = record ? await getStorage().read(key.key) : null;
  return object ? objectResponse(request, object, { etag: `"${key.sha256}"`, contentType: type }) : notFound();
}
