/** The storage port: where uploaded originals and generated variants live. */

export interface StoredObjectInfo {
  size: number;
  modifiedAt: Date;
}

export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject extends StoredObjectInfo {
  /** The bytes as a web stream (opened lazily, once); `range` limits it to bytes start..end (inclusive). */
  stream: (range?: ByteRange) => ReadableStream<Uint8Array>;
}

/**
 * Adapters: local disk (`createLocalStorage`, the default) and an S3-compatible bucket
 * (`createS3Storage`) when several app nodes must share uploads. Keys must satisfy
 * `isStorageKey`; adapters refuse anything else.
 */
export interface Storage {
  stat(key: string): Promise<StoredObjectInfo | null>;
  read(key: string): Promise<StoredObject | null>;
  readBytes(key: string): Promise<Uint8Array | null>;
  /** Writes atomically: a reader never sees a half-written object. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Moves a finished local file (an upload staged by src/server/uploads) under `key`, atomically;
   * the local file is gone afterwards. Uploads stream to disk first, so no adapter ever needs
   * the whole object in memory.
   */
  putFile(key: string, localPath: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}
