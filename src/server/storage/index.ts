/**
 * The process-wide Storage for the running server: an S3-compatible bucket when S3_BUCKET is set
 * (several app nodes share it), local disk under UPLOADS_DIR otherwise (the embedded default).
 */
import { getEnv, type Env } from '../config/env.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export type { Storage, StoredObject, StoredObjectInfo } from './types.ts';

/** The adapter the environment asks for. */
export function createStorage(env: Env): Storage {
  if (!env.S3_BUCKET) return createLocalStorage(env.UPLOADS_DIR);
  return createS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION!,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
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
