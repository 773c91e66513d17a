/**
 * Upload use cases: a media (image, video or audio) or a file (download) arrives as multipart, is
 * streamed to staging, identified by its bytes, cleaned (images), stored under its content hash,
 * and recorded — row, texts and audit entry in one transaction. A failed record releases the blob.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { defaultLocale } from '../../i18n/config.ts';
import { fileMetadataSchema } from '../../lib/collections/files.ts';
import { mediaMetadataSchema } from '../../lib/collections/medias.ts';
import { demand, type Actor } from '../auth/actor.ts';
import { AdminError } from '../errors/domain-errors.ts';
import type { EntityInput, EntitySpec } from '../engine/entity-spec.ts';
import { createEntity, type PurgeOf, type WriteResult } from '../engine/entity-write.ts';
import type { AdminResource } from '../engine/resource.ts';
import { itemView, type WriteOutcome } from '../engine/service.ts';
import { issuesToFieldErrors } from '../../lib/field-errors.ts';
import { getEnv } from '../config/env.ts';
import { parseOriginalKey } from '../storage/keys.ts';
import type { Storage } from '../storage/types.ts';
import { releaseBlobs } from '../storage/blobs.ts';
import { createVariants, inspectImage, stripImage } from './images.ts';
import { receiveUpload, type StagedUpload } from './multipart.ts';
import { sanitizeFileName, stemOf } from '../storage/file-names.ts';
import { hashFile } from './hash.ts';
import { detectType, type AcceptedType, type UploadTarget } from './sniff.ts';
import { logLine } from '../log/log-line.ts';

export interface UploadContext {
  db: Database;
  storage: Storage;
  /** Where uploads are staged; on the storage's file system so moving them is a rename. */
  stagingDir?: string;
}

/** Staging folder beside the uploads (never a valid storage key, so never served). */
export function defaultStagingDir(): string {
  return join(getEnv().UPLOADS_DIR, '.staging');
}

function parseMetadata<S extends z.ZodType>(schema: S, raw: string | undefined): z.output<S> {
  let value: unknown = {};
  if (raw !== undefined) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AdminError(400, 'INVALID_JSON', 'The metadata part is not valid JSON', { errors: { metadata: ['INVALID_JSON'] } });
    }
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = Object.fromEntries(Object.entries(issuesToFieldErrors(result.error.issues)).map(([path, codes]) => [`metadata.${path}`, codes]));
  throw new AdminError(400, 'VALIDATION_FAILED', 'The metadata part has invalid or unknown fields', { errors });
}

interface Stored {
  key: string;
  sha256: string;
  size: number;
  width?: number;
  height?: number;
}

/** Moves the (cleaned) upload into storage under its content-hash key. */
async function store(context: UploadContext, staged: StagedUpload, type: AcceptedType): Promise<Stored> {
  if (type.category !== 'image') {
    const key = `${staged.sha256.slice(0, 2)}/${staged.sha256}.${type.ext}`;
    await context.storage.putFile(key, staged.path);
    return { key, sha256: staged.sha256, size: staged.size };
  }
  const info = await inspectImage(staged.path);
  const cleaned = `${staged.path}.clean`;
  try {
    const { width, height } = await stripImage(staged.path, cleaned, type.ext, info);
    const { sha256, size } = await hashFile(cleaned);
    const key = `${sha256.slice(0, 2)}/${sha256}.${type.ext}`;
    await context.storage.putFile(key, cleaned);
    return { key, sha256, size, width, height };
  } finally {
    await rm(cleaned, { force: true });
  }
}

/** Records the stored blob; on failure the blob goes again unless another row shares it. */
async function record(context: UploadContext, actor: Actor, spec: EntitySpec, stored: Stored, input: EntityInput, purgeOf: PurgeOf<WriteResult>) {
  try {
    return await createEntity(context.db, actor, spec, input, purgeOf);
  } catch (error) {
    await releaseBlobs(context.db, context.storage, [stored.key]);
    throw error;
  }
}

async function receive(request: Request, context: UploadContext, target: UploadTarget) {
  const staged = await receiveUpload(request, target, context.stagingDir ?? defaultStagingDir());
  try {
    const originalName = sanitizeFileName(staged.clientName);
    const type = await detectType(staged.path, originalName, target);
    return { staged, originalName, type };
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

/**
 * Variants made now spare the first visitor the wait; if making them fails the media is still
 * fine (the media route makes them on demand), so the failure is logged, not returned.
 */
async function createVariantsOrLog(storage: Storage, key: string, width: number): Promise<string[]> {
  try {
    return await createVariants(storage, parseOriginalKey(key)!, width);
  } catch (error) {
    logLine('warn', 'image variants failed', { key, error: String(error) });
    return [];
  }
}

/** POST /api/admin/medias: an image (cleaned, variants made), a video or an audio file. */
export async function uploadMedia(context: UploadContext, actor: Actor, resource: AdminResource, request: Request): Promise<WriteOutcome> {
  demand(actor, 'media.upload');
  const { staged, originalName, type } = await receive(request, context, 'medias');
  let stored: Stored;
  let metadata: z.output<typeof mediaMetadataSchema>;
  try {
    metadata = parseMetadata(mediaMetadataSchema, staged.fields['metadata']);
    stored = await store(context, staged, type);
  } finally {
    await staged.discard();
  }
  const { translations, ...values } = metadata;
  const result = await record(
    context,
    actor,
    resource.spec,
    stored,
    {
      values: {
        ...values,
        kind: type.category as 'image' | 'video' | 'audio',
        storageKey: stored.key,
        mimeType: type.mime,
        byteSize: stored.size,
        width: stored.width ?? null,
        height: stored.height ?? null,
        sha256: stored.sha256,
        originalName,
      },
      translations: translations as EntityInput['translations'],
      links: {},
    },
    (created) => ({ medias: [created.id] }),
  );
  const variants = stored.width ? await createVariantsOrLog(context.storage, stored.key, stored.width) : [];
  return { body: { ...(await itemView(context.db, resource, result.after)), variants }, purge: result.purge };
}

/** POST /api/admin/files: a download; its default-locale title defaults to the file name. */
export async function uploadFile(context: UploadContext, actor: Actor, resource: AdminResource, request: Request): Promise<WriteOutcome> {
  demand(actor, 'media.upload');
  const { staged, originalName, type } = await receive(request, context, 'files');
  let stored: Stored;
  let metadata: z.output<typeof fileMetadataSchema>;
  try {
    metadata = parseMetadata(fileMetadataSchema, staged.fields['metadata']);
    stored = await store(context, staged, type);
  } finally {
    await staged.discard();
  }
  const translations = { ...metadata.translations };
  translations[defaultLocale] ??= { title: stemOf(originalName), description: null };
  const result = await record(
    context,
    actor,
    resource.spec,
    stored,
    {
      values: { storageKey: stored.key, originalName, mimeType: type.mime, byteSize: stored.size, sha256: stored.sha256 },
      translations: translations as EntityInput['translations'],
      links: {},
    },
    (created) => ({ files: [created.id] }),
  );
  return { body: await itemView(context.db, resource, result.after), purge: result.purge };
}
