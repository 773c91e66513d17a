/**
 * Puts the front cache in front of a Node request handler (Astro's). A miss is rendered by the
 * app; when the app marks the response shareable it is captured instead of streamed, stored
 * compressed, and answered from the store like every later hit. Anything else passes through
 * untouched (streamed), so private, streamed or large responses are never buffered.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  CACHE_DIRECTIVE_HEADER,
  chooseEncoding,
  compressBody,
  etagFor,
  matchesEtag,
  parseCacheDirective,
  type CachedResponse,
  type FrontCache,
} from './front-cache.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Paths that may hold shareable pages: everything but admin, APIs, uploads and the tunnel. */
export function isCacheCandidate(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  if (url.length > 2048) return false;
  return !/^\/(?:api|media|files|monitoring|_astro|_actions|[a-z]{2}\/admin)(?:[/?]|$)/.test(url);
}

const DROPPED_HEADERS = new Set([
  CACHE_DIRECTIVE_HEADER,
  'x-astro-cache',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'etag',
]);

function headerList(headers: OutgoingHttpHeaders): [string, string][] {
  const list: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    list.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return list;
}

function isShareable(status: number, headers: [string, string][]): boolean {
  const get = (name: string) => headers.find(([key]) => key === name)?.[1] ?? '';
  return (
    status === 200 &&
    /\bpublic\b/.test(get('cache-control')) &&
    !/no-store|private/.test(get('cache-control')) &&
    !headers.some(([key]) => key === 'set-cookie') &&
    !/cookie|\*/i.test(get('vary'))
  );
}

const ETAG_SUFFIX = { identity: '', gzip: '-gz', br: '-br' } as const;

/** Writes a stored response for this request's encoding, or a 304 when the client has it. */
export function sendCached(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, state: 'HIT' | 'MISS'): void {
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const etag = entry.etag.replace(/"$/, `${ETAG_SUFFIX[encoding]}"`);
  const headers: OutgoingHttpHeaders = Object.fromEntries(entry.headers);
  headers.etag = etag;
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  headers['x-cache'] = state;
  if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const body = entry.bodies[encoding];
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  res.writeHead(entry.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Wraps `app` with the front cache. */
export function withFrontCache(cache: FrontCache, app: Handler): Handler {
  return (req, res) => {
    if (!isCacheCandidate(req)) return app(req, res);
    const key = req.url ?? '/';
    const hit = cache.get(key);
    if (hit) return sendCached(req, res, hit, 'HIT');
    captureShareable(req, res, key, cache, app);
  };
}

/**
 * Lets `app` answer; if its response is shareable, buffers it instead of writing it, stores
 * it, and serves it from the store. Otherwise the original methods stream it as usual.
 */
function captureShareable(req: IncomingMessage, res: ServerResponse, key: string, cache: FrontCache, app: Handler): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  const renderedSince = cache.now();
  let capture: { status: number; headers: [string, string][]; chunks: Buffer[] } | null = null;
  const restore = () => Object.assign(res, original);
  let decided = false;
  // Streams that never call writeHead (static files) still decide through it first.
  const decide = (target: ServerResponse) => {
    if (!decided) target.writeHead(target.statusCode);
  };

  res.writeHead = function writeHead(this: ServerResponse, status: number, ...rest: unknown[]) {
    decided = true;
    const headersArg = rest.find((arg) => typeof arg === 'object' && arg !== null) as OutgoingHttpHeaders | undefined;
    const headers = headerList({ ...res.getHeaders(), ...(headersArg ?? {}) });
    const directive = parseCacheDirective(headers.find(([name]) => name === CACHE_DIRECTIVE_HEADER)?.[1]);
    // A zero-byte cache (HUB_FRONT_CACHE_MB=0) only strips the directive: nothing is captured.
    if (directive && cache.maxBytes > 0 && isShareable(status, headers) && req.method === 'GET') {
      capture = { status, headers, chunks: [] };
      return this;
    }
    restore();
    if (headersArg) delete (headersArg as Record<string, unknown>)[CACHE_DIRECTIVE_HEADER];
    res.removeHeader(CACHE_DIRECTIVE_HEADER);
    return original.writeHead.apply(this, [status, ...rest] as Parameters<ServerResponse['writeHead']>);
  } as ServerResponse['writeHead'];

  res.write = function write(this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    decide(this);
    if (!capture) return original.write.apply(this, [chunk, ...rest] as Parameters<ServerResponse['write']>);
    capture.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array | string));
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  } as ServerResponse['write'];

  res.end = function end(this: ServerResponse, ...args: unknown[]) {
    decide(this);
    if (!capture) return original.end.apply(this, args as Parameters<ServerResponse['end']>);
    const [chunk] = args;
    if (chunk && typeof chunk !== 'function') capture.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array | string));
    restore();
    const directive = parseCacheDirective(capture.headers.find(([name]) => name === CACHE_DIRECTIVE_HEADER)?.[1])!;
    const body = Buffer.concat(capture.chunks);
    const bodies = compressBody(body);
    const entry: CachedResponse = {
      key,
      status: capture.status,
      headers: capture.headers.filter(([name]) => !DROPPED_HEADERS.has(name)),
      bodies,
      etag: etagFor(body),
      tags: directive.tags,
      expiresAt: Date.now() + directive.maxAge * 1000,
      bytes: bodies.identity.length + bodies.gzip.length + bodies.br.length + key.length * 2 + 512,
    };
    cache.set(entry, renderedSince);
    sendCached(req, res, entry, 'MISS');
    return this;
  } as ServerResponse['end'];

  app(req, res);
}
