/**
 * Image processing of uploads with sharp: a pixel budget checked on the header before decoding,
 * then a re-encode that applies the EXIF orientation and drops every metadata block (EXIF, GPS,
 * XMP, comments) except the colour profile, then the responsive variants.
 */
import sharp, { type Metadata } from 'sharp';
import { AdminError } from '../errors/domain-errors.ts';
import { variantWidths, type OriginalKey } from '../storage/keys.ts';
import type { Storage } from '../storage/types.ts';
import { getImageVariant } from '../storage/variants.ts';
import { MAX_IMAGE_PIXELS } from './limits.ts';

export interface ImageInfo {
  width: number;
  height: number;
  /** Frames of an animated GIF/WebP (1 otherwise). */
  pages: number;
}

/**
 * Reads the dimensions from the header only. More than `MAX_IMAGE_PIXELS` (all frames counted)
 * answers 413: such a file is either a decompression bomb or far larger than a page needs.
 */
export async function inspectImage(path: string): Promise<ImageInfo> {
  let meta: Metadata;
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw new AdminError(422, 'INVALID_IMAGE', 'The image cannot be read', { errors: { file: ['INVALID_IMAGE'] } });
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const pages = Math.max(1, meta.pages ?? 1);
  if (!width || !height) throw new AdminError(422, 'INVALID_IMAGE', 'The image has no dimensions', { errors: { file: ['INVALID_IMAGE'] } });
  if (width * height * pages > MAX_IMAGE_PIXELS) {
    throw new AdminError(413, 'IMAGE_TOO_MANY_PIXELS', `An image may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`, {
      errors: { file: ['IMAGE_TOO_MANY_PIXELS'] },
      extensions: { limit: MAX_IMAGE_PIXELS, width, height, pages },
    });
  }
  return { width, height, pages };
}

/**
 * Re-encodes an image in its own format without metadata (sharp writes none unless asked; the
 * ICC profile is kept so colours do not shift). Returns the stored dimensions, after rotation.
 */
export async function stripImage(input: string, output: string, ext: string, info: ImageInfo): Promise<{ width: number; height: number }> {
  const animated = info.pages > 1;
  try {
    const image = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated, failOn: 'error' }).autoOrient().keepIccProfile();
    const encoded =
      ext === 'jpg'
        ? image.jpeg({ quality: 90 })
        : ext === 'png'
          ? image.png({ compressionLevel: 9 })
          : ext === 'webp'
            ? image.webp({ quality: 90 })
            : ext === 'avif'
              ? image.avif({ quality: 70, effort: 2 })
              : image.gif();
    const written = await encoded.toFile(output);
    return { width: written.width, height: animated ? written.height / info.pages : written.height };
  } catch {
    throw new AdminError(422, 'INVALID_IMAGE', 'The image is damaged or cannot be processed', { errors: { file: ['INVALID_IMAGE'] } });
  }
}

/**
 * Generates the WebP and AVIF variants up to the image's width now, so the first visitor never
 * waits for them (other widths and JPEG fallbacks are still made on demand by the media route).
 */
export async function createVariants(storage: Storage, original: OriginalKey, width: number): Promise<string[]> {
  const widths = variantWidths.filter((candidate, index) => candidate <= width || index === 0);
  const made: string[] = [];
  for (const format of ['webp', 'avif'] as const) {
    await Promise.all(
      widths.map(async (candidate) => {
        const variant = await getImageVariant(storage, original, candidate, format);
        if (variant) made.push(`${candidate}.${format}`);
      }),
    );
  }
  return made.sort();
}
