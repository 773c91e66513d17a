/**
 * S3-compatible storage adapter (AWS S3, Cloudflare R2, MinIO…): what several app nodes share.
 * Objects keep the same keys as on local disk; a PUT of one object is atomic on every S3 store,
 * so readers never see half an object. Large staged uploads go up in parts (multipart) straight
 * from their staging file, so no object is ever held in memory whole.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { contentTypeOfKey, isStorageKey } from './keys.ts';
import { IMMUTABLE } from './responses.ts';
import { InvalidStorageKeyError, type ByteRange, type Storage, type StoredObjectInfo } from './types.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Unset for AWS itself; the store's URL otherwise (R2, MinIO…). */
  endpoint?: string | undefined;
  /** Both or neither; neither uses the AWS SDK's credential chain (environment, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, most self-hosted stores). */
  forcePathStyle?: boolean | undefined;
  /** Multipart part size in bytes (S3's minimum is 5 MiB). */
  partSize?: number | undefined;
}

const MiB = 1024 * 1024;

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

/** A web stream that sends its GET only when first read (a 304 or a HEAD never opens it). */
function lazyStream(open: () => Promise<ReadableStream<Uint8Array>>): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      reader ??= (await open()).getReader();
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      await reader?.cancel(reason);
    },
  });
}

/** Creates a Storage over one bucket; keys are validated before any request is made. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
    // Checksums only where S3 requires them: the SDK's default streams aws-chunked bodies with
    // trailing checksums, which several S3-compatible stores do not accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const checked = (key: string): string => {
    if (!isStorageKey(key)) throw new InvalidStorageKeyError(`not a storage key: ${JSON.stringify(key).slice(0, 120)}`);
    return key;
  };
  // Keys are content hashes, so a stored object never changes: a CDN or browser may keep it.
  const objectHeaders = (key: string) => ({ ContentType: contentTypeOfKey(key), CacheControl: IMMUTABLE });

  async function statKey(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checked(key) }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function get(key: string, range?: ByteRange) {
    return client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
  }

  return {
    stat: statKey,
    async read(key) {
      const info = await statKey(key);
      if (!info) return null;
      return {
        ...info,
        stream: (range) =>
          lazyStream(async () => {
            const object = await get(key, range);
            if (!object.Body) throw new Error(`no body for ${key}`);
            return object.Body.transformToWebStream() as ReadableStream<Uint8Array>;
          }),
      };
    },
    async readBytes(key) {
      try {
        const object = await get(checked(key));
        return object.Body ? await object.Body.transformToByteArray() : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: checked(key), Body: bytes, ...objectHeaders(key) }));
    },
    async putFile(key, localPath) {
      // One PUT below the part size, parts above it; a failed multipart upload is aborted.
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: checked(key), Body: createReadStream(localPath), ...objectHeaders(key) },
        partSize: Math.max(5 * MiB, options.partSize ?? 8 * MiB),
        queueSize: 2,
      });
      await upload.done();
      await rm(localPath, { force: true });
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checked(key) }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}
