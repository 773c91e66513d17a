/** Local-disk storage adapter rooted at one directory (the env's UPLOADS_DIR). */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { isStorageKey } from './keys.ts';
import { InvalidStorageKeyError, type Storage, type StoredObjectInfo } from './types.ts';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';
}

/** Creates a Storage over `rootDir`; keys are validated before any path is built. */
export function createLocalStorage(rootDir: string): Storage {
  const root = resolve(rootDir);
  const pathOf = (key: string): string => {
    if (!isStorageKey(key)) throw new InvalidStorageKeyError(`not a storage key: ${JSON.stringify(key).slice(0, 120)}`);
    return join(root, key);
  };

  async function statKey(key: string): Promise<StoredObjectInfo | null> {
    try {
      const info = await stat(pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    stat: statKey,
    async read(key) {
      const info = await statKey(key);
      if (!info) return null;
      const path = pathOf(key);
      return { ...info, stream: (range) => Readable.toWeb(createReadStream(path, range)) as ReadableStream<Uint8Array> };
    },
    async readBytes(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async putFile(key, localPath) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      try {
        await rename(localPath, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // Staging on another file system: copy beside the target, then rename atomically.
        const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
        await copyFile(localPath, temporary);
        await rename(temporary, path);
        await rm(localPath, { force: true });
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
