/**
 * Storage keys. Originals live under content-hash keys `<sha256[0..2]>/<sha256>.<ext>`; generated
 * image variants under `variants/<sha256[0..2]>/<sha256>-w<width>.<format>`. Every key is checked
 * against these exact shapes before it reaches a file system or an object store, so `..`, absolute
 * paths, backslashes or encoded separators can never be expressed: traversal is impossible by
 * construction rather than filtered out.
 */

const ORIGINAL = /^([0-9a-f]{2})\/([0-9a-f]{64})\.([a-z0-9]{1,8})$/;
const VARIANT = /^variants\/([0-9a-f]{2})\/([0-9a-f]{64})-w(\d{2,4})\.(webp|avif|jpeg)$/;

/** Widths the media route generates; anything else is refused (bounded work, bounded disk). */
export const variantWidths = [320, 640, 960, 1280, 1920] as const;
export type VariantWidth = (typeof variantWidths)[number];
export const variantFormats = ['webp', 'avif', 'jpeg'] as const;
export type VariantFormat = (typeof variantFormats)[number];

export interface OriginalKey {
  key: string;
  sha256: string;
  ext: string;
}

/** Parses an original's key; undefined unless it has exactly the content-hash shape. */
export function parseOriginalKey(key: string): OriginalKey | undefined {
  const match = ORIGINAL.exec(key);
  if (!match || match[2]!.slice(0, 2) !== match[1]) return undefined;
  return { key, sha256: match[2]!, ext: match[3]! };
}

/** True for a key the storage may read or write (original or variant). */
export function isStorageKey(key: string): boolean {
  if (parseOriginalKey(key)) return true;
  const match = VARIANT.exec(key);
  return Boolean(match && match[2]!.slice(0, 2) === match[1]);
}

/** The key of a generated variant of an original. */
export function variantKey(original: OriginalKey, width: VariantWidth, format: VariantFormat): string {
  return `variants/${original.sha256.slice(0, 2)}/${original.sha256}-w${width}.${format}`;
}

const imageTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/**
 * The Content-Type of a raster image by extension; undefined for anything else. SVG is
 * deliberately absent: it can carry script, so it is never served inline from our origin.
 */
export function imageContentType(ext: string): string | undefined {
  return imageTypes[ext];
}

const streamTypes: Record<string, { kind: 'video' | 'audio'; type: string }> = {
  mp4: { kind: 'video', type: 'video/mp4' },
  webm: { kind: 'video', type: 'video/webm' },
  mp3: { kind: 'audio', type: 'audio/mpeg' },
  m4a: { kind: 'audio', type: 'audio/mp4' },
  ogg: { kind: 'audio', type: 'audio/ogg' },
};

/** The media kind and Content-Type of a web video or audio file by extension; undefined otherwise. */
export function streamType(ext: string): { kind: 'video' | 'audio'; type: string } | undefined {
  return streamTypes[ext];
}

/** Content-Type of a generated variant. */
export function variantContentType(format: VariantFormat): string {
  return `image/${format}`;
}

/**
 * The Content-Type an object store should keep with `key`, so that a CDN serving the bucket
 * directly answers like the media route would; downloads stay opaque bytes.
 */
export function contentTypeOfKey(key: string): string {
  const variant = VARIANT.exec(key);
  if (variant) return variantContentType(variant[4] as VariantFormat);
  const original = parseOriginalKey(key);
  return (original && (imageContentType(original.ext) ?? streamType(original.ext)?.type)) || 'application/octet-stream';
}
