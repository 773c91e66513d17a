/**
 * Removing stored originals (and their variants) once no media or file row references them, nor a
 * trashed one (decision 053: an upload keeps its bytes until its trash entry is purged).
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { files, medias, trash } from '../../../db/schema.ts';
import { parseOriginalKey, variantFormats, variantKey, variantWidths } from './keys.ts';
import type { Storage } from './types.ts';

async function isReferenced(db: Executor, key: string): Promise<boolean> {
  const [media] = await db.select({ id: medias.id }).from(medias).where(eq(medias.storageKey, key)).limit(1);
  if (media) return true;
  const [file] = await db.select({ id: files.id }).from(files).where(eq(files.storageKey, key)).limit(1);
  if (file) return true;
  const [trashed] = await db.select({ id: trash.id }).from(trash).where(eq(trash.storageKey, key)).limit(1);
  return Boolean(trashed);
}

/**
 * Deletes the blobs among `keys` that nothing references any more. Identical uploads share one
 * content-hash blob, so a blob outlives any single row that used it.
 */
export async function releaseBlobs(db: Executor, storage: Storage, keys: readonly (string | null | undefined)[]): Promise<string[]> {
  const released: string[] = [];
  for (const key of new Set(keys)) {
    const original = key ? parseOriginalKey(key) : undefined;
    if (!original || (await isReferenced(db, original.key))) continue;
    await storage.delete(original.key);
    await Promise.all(variantWidths.flatMap((width) => variantFormats.map((format) => storage.delete(variantKey(original, width, format)))));
    released.push(original.key);
  }
  return released;
}
