/** Upload limits (see docs/decisions/008-uploads-and-storage.md). */

const MB = 1024 * 1024;

export type UploadCategory = 'image' | 'video' | 'audio' | 'file';

/** Largest accepted upload per category, in bytes. */
export const uploadLimits: Readonly<Record<UploadCategory, number>> = {
  image: 20 * MB,
  video: 200 * MB,
  audio: 100 * MB,
  file: 50 * MB,
};

/**
 * Largest image by pixels (width × height × frames). Checked on the header before any decoding,
 * so a tiny file declaring a huge canvas (a decompression bomb) never reaches the decoder.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Room for multipart boundaries and the metadata part on top of the file itself. */
export const MULTIPART_OVERHEAD = 256 * 1024;

/** Largest `metadata` part (JSON texts of the upload). */
export const MAX_METADATA_BYTES = 64 * 1024;

/** A human size for messages (`20 MB`). */
export function formatLimit(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`;
}
