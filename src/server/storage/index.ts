/**
 * The process-wide Storage for the running server: an S3-compatible bucket when S3_BUCKET is set
 * (several app nodes share it), local disk under UPLOADS_DIR otherwise (the embedded default).
 */
import { getEnv, type Env } from '../config/env.ts';
import { createLocalStorage } from './local.ts';
import type { S3StorageOptions } from './s3.ts';
import type { Storage } from './types.ts';

export type { Storage, StoredObject, StoredObjectInfo } from './types.ts';

/** The adapter the environment asks for. */
export function createStorage(env: Env): Storage {
  if (!env.S3_BUCKET) return createLocalStorage(env.UPLOADS_DIR);
  return lazyS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION!,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

/**
 * The bucket's adapter, with the AWS SDK loaded at its first use: the SDK's modules take ≈ 20 MB
 * in every process that loads them, and a machine storing on disk never needs them (decision 012).
 */
function lazyS3Storage(options: S3StorageOptions): Storage {
  let adapter: Promise<Storage> | undefined;
  const load = () => (adapter ??= import('./s3.ts').then(({ createS3Storage }) => createS3Storage(options)));
  return {
    stat: async (key) => (await load()).stat(key),
    read: async (key) => (await load()).read(key),
    readBytes: async (key) => (await load()).readBytes(key),
    put: async (key, bytes) => (await load()).put(key, bytes),
    putFile: async (key, localPath) => (await load()).putFile(key, localPath),
    delete: async (key) => (await load()).delete(key),
  };
}

let storage: Storage | undefined;

/** Returns the shared storage, created on first use. */
export function getStorage(): Storage {
  storage ??= createStorage(getEnv());
  return storage;
}

/** Where medias are redirected instead of streamed (a CDN in front of the bucket), if anywhere. */
export function getMediaBaseUrl(): string | undefined {
  return getEnv().HUB_MEDIA_BASE_URL;
}
