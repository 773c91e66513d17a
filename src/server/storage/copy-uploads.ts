/**
 * Moving what a local uploads folder holds into another Storage (a bucket): the demo content,
 * which the seed writes to disk, and the uploads of a single machine that grows into several.
 */
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isStorageKey } from './keys.ts';
import type { Storage } from './types.ts';

/**
 * Moves every object stored under `uploadsDir` (originals and variants; staging and temporaries
 * are not storage keys and stay) into `storage`; resolves with the number moved. Objects already
 * there are content-hash copies of the same bytes, so moving them again is harmless.
 */
export async function moveLocalUploads(uploadsDir: string, storage: Storage): Promise<number> {
  let entries;
  try {
    entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let moved = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const key = relative(uploadsDir, path).split(sep).join('/');
    if (!isStorageKey(key)) continue;
    await storage.putFile(key, path);
    moved += 1;
  }
  return moved;
}
