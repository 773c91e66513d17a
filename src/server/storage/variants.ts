/**
 * Responsive image variants: generated once with sharp from the original, stored beside it, then
 * served from storage. Concurrent requests for the same missing variant share one generation.
 */
import sharp from 'sharp';
import { variantKey, type OriginalKey, type VariantFormat, type VariantWidth } from './keys.ts';
import type { Storage, StoredObject } from './types.ts';

const pending = new Map<string, Promise<void>>();

async function generate(storage: Storage, original: OriginalKey, key: string, width: VariantWidth, format: VariantFormat): Promise<void> {
  const source = await storage.readBytes(original.key);
  if (!source) throw new Error(`original missing for ${original.key}`);
  // `rotate()` applies EXIF orientation; never enlarge past the original's own width.
  const image = sharp(source, { failOn: 'error' }).rotate().resize({ width, withoutEnlargement: true });
  const encoded =
    format === 'webp'
      ? image.webp({ quality: 78 })
      : format === 'avif'
        ? image.avif({ quality: 55, effort: 3 })
        : image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
  await storage.put(key, new Uint8Array(await encoded.toBuffer()));
}

/** Returns the stored variant, generating it first when needed; null when the original is gone. */
export async function getImageVariant(storage: Storage, original: OriginalKey, width: VariantWidth, format: VariantFormat): Promise<StoredObject | null> {
  const key = variantKey(original, width, format);
  const existing = await storage.read(key);
  if (existing) return existing;
  if (!(await storage.stat(original.key))) return null;
  let job = pending.get(key);
  if (!job) {
    job = generate(storage, original, key, width, format).finally(() => pending.delete(key));
    pending.set(key, job);
  }
  await job;
  return storage.read(key);
}
