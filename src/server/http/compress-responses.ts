/**
 * Compresses rendered responses on the fly for clients that take brotli or gzip (decision 044):
 * admin screens, APIs, feeds, error pages, every text answer the page cache does not keep (the
 * cache compresses its own pages, and the build's files have compressed copies). A body is
 * compressed as it is written (a stream stays a stream); one shorter than 1 KB, whose length is
 * not announced, is held until it passes 1 KB or ends, and a short one is sent as it is.
 * Skipped: responses already encoded, bodiless statuses, `Cache-Control: no-transform`, byte
 * ranges and responses offering them (stored files), responses with a strong ETag (their handler
 * answers `If-None-Match` for exactly those bytes), and the build's files (`leaveUncompressed`).
 * A weak ETag holds for every encoding of the same content, and is kept.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import { acceptedEncodings, type Compression } from './content-coding.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Below this, compression saves less than the bytes and time it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

const COMPRESSIBLE_TYPE =
  /^(?:text\/(?:html|css|calendar|plain|csv|javascript|xml)|application\/(?:json|xml|javascript|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

/**
 * The settings of a copy a client is waiting for: those of the page cache's miss (decision 012,
 * brotli at quality 4 costs about half of 6 for ≈ 5% more bytes; gzip 6 costs as much).
 */
const encoders: Record<Compression, () => BrotliCompress | Gzip> = {
  br: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: () => createGzip({ level: 6 }),
};

/** The arguments of `writeHead` as one header object (names lowercased) and its status text. */
function readHead(res: ServerResponse, rest: unknown[]): { message: string | undefined; headers: OutgoingHttpHeaders } {
  const message = typeof rest[0] === 'string' ? rest[0] : undefined;
  const given = rest.find((arg) => typeof arg === 'object' && arg !== null) as OutgoingHttpHeaders | (string | string[])[] | undefined;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) headers[name] = value;
  const add = (name: string, value: unknown) => {
    const key = name.toLowerCase();
    const previous = headers[key];
    const next = Array.isArray(value) ? value.map(String) : String(value);
    // A list of pairs may name a header twice (Set-Cookie): keep every value.
    headers[key] = previous !== undefined && key === 'set-cookie' ? [previous, next].flat().map(String) : next;
  };
  if (Array.isArray(given)) {
    if (Array.isArray(given[0])) for (const [name, value] of given as string[][]) add(name!, value);
    else for (let i = 0; i < given.length; i += 2) add(String(given[i]), given[i + 1]);
  } else if (given) {
    for (const [name, value] of Object.entries(given)) if (value !== undefined) add(name, value);
  }
  return { message, headers };
}

const headerText = (value: OutgoingHttpHeaders[string]) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));

/** Whether a response of this status and head may be compressed (whatever the client takes). */
function isCompressible(status: number, headers: OutgoingHttpHeaders): boolean {
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  if (headers['content-encoding'] !== undefined || headers['content-range'] !== undefined) return false;
  if (/\bbytes\b/i.test(headerText(headers['accept-ranges'])) || headerText(headers['etag']).startsWith('"')) return false;
  if (/\bno-transform\b/i.test(headerText(headers['cache-control']))) return false;
  if (!COMPRESSIBLE_TYPE.test(headerText(headers['content-type']))) return false;
  const length = headers['content-length'];
  return length === undefined || Number(length) >= MIN_COMPRESSED_BYTES;
}

function withVary(headers: OutgoingHttpHeaders): void {
  const vary = headerText(headers['vary']);
  if (/(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i.test(vary)) return;
  headers['vary'] = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
}

const toBuffer = (chunk: unknown, encoding: unknown) =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === 'string'
      ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      : Buffer.from(chunk as Uint8Array);

/** Responses sent as their handler wrote them (the build's files: they have their own copies). */
const sentAsWritten = new WeakSet<ServerResponse>();

/** Keeps `res` out of the compression: its handler chose its encoding itself. */
export function leaveUncompressed(res: ServerResponse): void {
  sentAsWritten.add(res);
}

/** Wraps `app` (outermost: it sees the heads every inner layer decided on). */
export function withCompression(app: Handler): Handler {
  return (req, res) => {
    compressResponse(res, acceptedEncodings(req.headers['accept-encoding'])[0], req.method === 'HEAD');
    app(req, res);
  };
}

type RawWriteHead = (this: ServerResponse, status: number, ...rest: unknown[]) => ServerResponse;
type RawWrite = (this: ServerResponse, ...args: unknown[]) => boolean;
type RawEnd = (this: ServerResponse, ...args: unknown[]) => ServerResponse;

interface HeldResponse {
  status: number;
  message: string | undefined;
  headers: OutgoingHttpHeaders;
  chunks: Buffer[];
  size: number;
}

/**
 * Installs the compression on `res` for a client whose best encoding is `encoding` (none: the
 * client takes identity only, and compressible responses only gain their `Vary`).
 */
function compressResponse(res: ServerResponse, encoding: Compression | undefined, isHead: boolean): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  const rawWriteHead = original.writeHead as RawWriteHead;
  const rawWrite = original.write as RawWrite;
  const rawEnd = original.end as RawEnd;
  const restore = () => Object.assign(res, original);
  let held: HeldResponse | null = null;
  let encoder: BrotliCompress | Gzip | null = null;

  const writeHeadNow = ({ status, message, headers }: HeldResponse) => {
    // Headers set earlier with setHeader are part of `headers` now: one source, no duplicates.
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    if (message === undefined) rawWriteHead.call(res, status, headers);
    else rawWriteHead.call(res, status, message, headers);
  };

  const hold = (chunk: unknown, chunkEncoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = toBuffer(chunk, chunkEncoding);
    held!.chunks.push(buffer);
    held!.size += buffer.length;
  };

  const startEncoding = (target: Compression): BrotliCompress | Gzip => {
    const head = held!;
    held = null;
    delete head.headers['content-length'];
    head.headers['content-encoding'] = target;
    writeHeadNow(head);
    const stream = (encoder = encoders[target]());
    stream.on('data', (chunk: Buffer) => {
      if (rawWrite.call(res, chunk) === false) stream.pause();
    });
    res.on('drain', () => stream.resume());
    // The application waits on the response's drain; the encoder's input is what fills up.
    stream.on('drain', () => res.emit('drain'));
    stream.on('end', () => rawEnd.call(res));
    stream.on('error', (error) => res.destroy(error));
    res.once('close', () => stream.destroy());
    for (const chunk of head.chunks) stream.write(chunk);
    return stream;
  };

  /** Ends a held response shorter than the threshold: sent as it is, with its length. */
  const endAsIs = (callback: (() => void) | undefined) => {
    const head = held!;
    held = null;
    // A HEAD rendered without a body cannot tell its length: its head is sent as it was given.
    if (!(isHead && head.size === 0)) head.headers['content-length'] = head.size;
    writeHeadNow(head);
    rawEnd.call(res, head.size ? Buffer.concat(head.chunks) : undefined, callback);
  };

  res.writeHead = function writeHead(this: ServerResponse, status: number, ...rest: unknown[]) {
    const { message, headers } = readHead(this, rest);
    if (sentAsWritten.has(this) || !isCompressible(status, headers)) {
      restore();
      return rawWriteHead.call(this, status, ...rest);
    }
    withVary(headers);
    held = { status, message, headers, chunks: [], size: 0 };
    if (encoding === undefined) {
      restore();
      writeHeadNow(held);
      held = null;
    } else if (headers['content-length'] !== undefined) {
      startEncoding(encoding);
    }
    return this;
  } as ServerResponse['writeHead'];

  res.write = function write(this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!this.headersSent && !held && !encoder) this.writeHead(this.statusCode);
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (held) {
      hold(chunk, rest[0]);
      // Past the threshold, everything held so far (this chunk included) goes to the encoder.
      if (held.size >= MIN_COMPRESSED_BYTES) startEncoding(encoding!);
      callback?.();
      return true;
    }
    if (encoder) return encoder.write(toBuffer(chunk, rest[0]), callback);
    return rawWrite.call(this, chunk, ...rest);
  } as ServerResponse['write'];

  res.end = function end(this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent && !held && !encoder) this.writeHead(this.statusCode);
    const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    const [chunk, chunkEncoding] = args;
    if (held) {
      hold(chunk, chunkEncoding);
      restore();
      if (held.size < MIN_COMPRESSED_BYTES) endAsIs(callback);
      else startEncoding(encoding!).end(callback);
      return this;
    }
    restore();
    if (!encoder) return rawEnd.apply(this, args);
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') encoder.write(toBuffer(chunk, chunkEncoding));
    encoder.end(callback);
    return this;
  } as ServerResponse['end'];
}
