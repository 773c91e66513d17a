/**
 * Receiving one file from a multipart/form-data request, streamed to a staging file while its
 * SHA-256 is computed: memory holds one chunk at a time whatever the file's size. The size limit
 * follows what the first bytes say the file is, and is enforced while streaming.
 */
import busboy from 'busboy';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AdminError } from '../errors/domain-errors.ts';
import { formatLimit, MAX_METADATA_BYTES, MULTIPART_OVERHEAD, uploadLimits, type UploadCategory } from './limits.ts';
import { guessCategory, type UploadTarget } from './sniff.ts';

/** Bytes the type guess looks at (what `file-type` needs for the formats we accept). */
const HEAD_BYTES = 4_100;

export interface StagedUpload {
  /** Staging file; the caller moves it into storage or removes it (`discard`). */
  path: string;
  size: number;
  sha256: string;
  /** The name the client sent, unsanitised. */
  clientName: string;
  /** Text fields sent beside the file (only `metadata` is accepted). */
  fields: Record<string, string>;
  discard(): Promise<void>;
}

export function tooLarge(category: UploadCategory | 'upload', limit: number): AdminError {
  const what = { upload: 'This upload', file: 'A file', image: 'An image', video: 'A video', audio: 'An audio file' }[category];
  return new AdminError(413, 'FILE_TOO_LARGE', `${what} may be at most ${formatLimit(limit)}`, {
    errors: { file: ['FILE_TOO_LARGE'] },
    extensions: { limit, category },
  });
}

type LimitDecision = (head: Uint8Array) => Promise<{ category: UploadCategory; limit: number }>;

/**
 * Counts, hashes and size-checks the bytes on their way to the staging file. The limit is
 * decided once the first `HEAD_BYTES` arrived (or the file ended sooner).
 */
class Meter extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  category: UploadCategory = 'file';
  private limit: number | undefined;
  private head: Buffer[] = [];
  private readonly decideLimit: LimitDecision;

  constructor(decideLimit: LimitDecision) {
    super();
    this.decideLimit = decideLimit;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.limit !== undefined) return this.pass(chunk, done);
    this.head.push(chunk);
    if (this.size < HEAD_BYTES) return done(null, chunk);
    this.decide().then(() => this.pass(chunk, done), done);
  }

  override _flush(done: TransformCallback): void {
    if (this.limit !== undefined) return done();
    this.decide().then(() => done(this.size > this.limit! ? tooLarge(this.category, this.limit!) : null), done);
  }

  private async decide(): Promise<void> {
    const { category, limit } = await this.decideLimit(Buffer.concat(this.head));
    this.category = category;
    this.limit = limit;
    this.head = [];
  }

  private pass(chunk: Buffer, done: TransformCallback): void {
    if (this.size > this.limit!) return done(tooLarge(this.category, this.limit!));
    done(null, chunk);
  }
}

/** busboy for this upload; a malformed or boundary-less Content-Type is the client's 400, not a crash. */
function createParser(contentType: string, maxBytes: number): busboy.Busboy {
  try {
    return busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as raw UTF-8; busboy would read them as Latin-1.
      defParamCharset: 'utf8',
      limits: { files: 1, fields: 4, parts: 5, fileSize: maxBytes + 1, fieldSize: MAX_METADATA_BYTES, fieldNameSize: 100 },
    });
  } catch {
    throw new AdminError(400, 'MALFORMED_UPLOAD', 'The multipart Content-Type has no usable boundary');
  }
}

/**
 * Streams the request's single `file` part to `stagingDir`. Refuses: a body that is not
 * multipart (415), more than one file or unknown parts (400), a file over its category's limit
 * (413, decided from its first bytes), an empty file (422).
 */
export async function receiveUpload(request: Request, target: UploadTarget, stagingDir: string): Promise<StagedUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AdminError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the upload as multipart/form-data with a "file" part');
  }
  const maxBytes = target === 'medias' ? Math.max(uploadLimits.image, uploadLimits.video, uploadLimits.audio) : uploadLimits.file;
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw tooLarge('upload', maxBytes);
  if (!request.body) throw new AdminError(400, 'FILE_REQUIRED', 'The upload has no file', { errors: { file: ['REQUIRED'] } });

  const parser = createParser(contentType, maxBytes);
  await mkdir(stagingDir, { recursive: true });
  const path = join(stagingDir, `${randomUUID()}.part`);
  const discard = () => rm(path, { force: true });
  const fields: Record<string, string> = {};
  const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);

  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  let meter: Meter | undefined;
  let clientName = '';
  let writing: Promise<void> | undefined;

  parser.on('file', (name, stream, info) => {
    if (name !== 'file' || meter) {
      fail(new AdminError(400, 'UNEXPECTED_PART', `Only one file, in a part named "file", is accepted`, { errors: { [name]: ['UNKNOWN_FIELD'] } }));
      // A body cut short errors this part's stream too; unheard, that error would end the process.
      stream.on('error', () => undefined);
      stream.resume();
      return;
    }
    clientName = info.filename ?? '';
    meter = new Meter(async (head) => {
      const category = await guessCategory(head, target);
      return { category, limit: uploadLimits[category] };
    });
    stream.on('limit', () => fail(tooLarge(target === 'medias' ? 'video' : 'file', maxBytes)));
    const output = createWriteStream(path);
    const metered = meter;
    writing = new Promise<void>((resolve) => {
      // Not `pipeline`: it would destroy busboy's file stream on error, and busboy then waits
      // forever for that stream to drain. Instead the rest of the part is read and dropped, so
      // the client also receives our answer rather than a reset connection.
      const stop = (error: unknown) => {
        fail(error);
        stream.unpipe();
        stream.resume();
        metered.destroy();
        output.destroy();
        resolve();
      };
      stream.on('error', stop);
      metered.on('error', stop);
      output.on('error', stop);
      output.once('finish', () => resolve());
      stream.pipe(metered).pipe(output);
    });
  });
  parser.on('field', (name, value, info) => {
    if (name !== 'metadata')
      fail(new AdminError(400, 'UNEXPECTED_PART', `Unknown form field "${name.slice(0, 40)}"`, { errors: { [name.slice(0, 40)]: ['UNKNOWN_FIELD'] } }));
    else if (info.valueTruncated) fail(new AdminError(413, 'PAYLOAD_TOO_LARGE', 'The metadata part is too large', { errors: { metadata: ['TOO_LONG'] } }));
    else fields[name] = value;
  });
  for (const event of ['filesLimit', 'fieldsLimit', 'partsLimit'] as const) {
    parser.on(event, () => fail(new AdminError(400, 'UNEXPECTED_PART', 'Too many parts in the upload')));
  }

  // Hard stop for bodies without (or lying about) Content-Length: never read past the maximum.
  let received = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > maxBytes + MULTIPART_OVERHEAD ? tooLarge('upload', maxBytes) : null, chunk);
    },
  });

  try {
    await pipeline(source, cap, parser);
    await writing;
  } catch (error) {
    fail(error instanceof AdminError ? error : new AdminError(400, 'MALFORMED_UPLOAD', 'The upload could not be read'));
  }
  if (!failure && !meter) failure = new AdminError(400, 'FILE_REQUIRED', 'The upload has no file', { errors: { file: ['REQUIRED'] } });
  if (!failure && meter!.size === 0) failure = new AdminError(422, 'EMPTY_FILE', 'The file is empty', { errors: { file: ['EMPTY_FILE'] } });
  if (failure) {
    await discard();
    throw failure instanceof AdminError ? failure : new AdminError(400, 'MALFORMED_UPLOAD', 'The upload could not be read');
  }
  return { path, size: meter!.size, sha256: meter!.hash.digest('hex'), clientName, fields, discard };
}
