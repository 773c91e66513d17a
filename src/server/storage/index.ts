/** The process-wide Storage for the running server (local disk under UPLOADS_DIR). */
import { getEnv } from '../config/env.ts';
import { createLocalStorage } from './local.ts';
import type { Storage } from './types.ts';

export type { Storage, StoredObject, StoredObjectInfo } from './types.ts';

let storage: Storage | undefined;

/** Returns the shared storage, created on first use. */
export function getStorage(): Storage {
  storage ??= createLocalStorage(getEnv().UPLOADS_DIR);
  return storage;
}
