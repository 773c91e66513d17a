/**
 * Puts the front cache in front of a Node request handler (Astro's). A miss is rendered by the
 * app; when the app marks the response shareable it is captured instead of streamed, stored
 * compressed, and answered from the store like every later hit. Anything else passes through
 * untouched (streamed), so private, streamed or large responses are never buffered.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { captureResponse } from './response-capture.ts';
import {
  CACHE_DIRECTIVE_HEADER,
  acceptedEncodings,
  bodyFor,
  compressTo,
  etagFor,
  matchesEtag,
  parseCacheDirective,
  recompressInBackground,
  sendableEncoding,
  type CachedResponse,
  type Encoding,
  type FrontCache,
  type StoredEncoding,
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

/**
 * What an entry costs beyond its bodies: its header list, tags, index entries and response heads
 * (measured from heap snapshots at about 1.5 KB with shared header pairs), so that the byte
 * budget is the memory the cache really holds.
 */
export const ENTRY_OVERHEAD_BYTES = 1536;

/**
 * Header pairs shared between entries: pages of one kind carry the same security headers, CSP and
 * cache policy, and thousands of entries would otherwise each keep their own copies.
 */
const headerPairs = new Map<string, [string, string]>();

function sharedPairs(headers: [string, string][]): [string, string][] {
  return headers.map(([name, value]) => {
    const id = `${name}\n${value}`;
    let pair = headerPairs.get(id);
    if (!pair) {
      if (headerPairs.size >= 4096) headerPairs.clear();
      headerPairs.set(id, (pair = [name, value]));
    }
    return pair;
  });
}

/** Parsed `Accept-Encoding` values: clients send a handful of distinct strings, parse each once. */
const encodingMemo = new Map<string, StoredEncoding[]>();
const NONE: StoredEncoding[] = [];

function encodingsFor(acceptEncoding: string | undefined): readonly StoredEncoding[] {
  if (!acceptEncoding) return NONE;
  let encodings = encodingMemo.get(acceptEncoding);
  if (encodings === undefined) {
    encodings = acceptedEncodings(acceptEncoding);
    if (encodingMemo.size >= 256) encodingMemo.clear();
    encodingMemo.set(acceptEncoding, encodings);
  }
  return encodings;
}

/** Entries whose missing encoding is being made, so that only one request starts it. */
const recompressing = new WeakMap<CachedResponse, Set<StoredEncoding>>();

/**
 * Starts making `entry`'s copy in `encoding` in the background; this request is answered with
 * what is stored, later ones with the new copy.
 */
function addEncodingLater(cache: FrontCache, entry: CachedResponse, encoding: StoredEncoding): void {
  let pending = recompressing.get(entry);
  if (pending?.has(encoding)) return;
  if (!pending) recompressing.set(entry, (pending = new Set()));
  pending.add(encoding);
  recompressInBackground(entry, encoding).then(
    (copy) => cache.addBody(entry, encoding, copy),
    // A failed compression only means this entry goes on without that encoding.
    () => undefined,
  );
}

type Head = (string | number)[];

/**
 * Response heads of an entry, built once per encoding and kept beside it (flat `[name, value, …]`
 * arrays, the cheapest form `writeHead` takes): a hit does no header work at all.
 */
type Variant = Encoding | `304-${Encoding}`;
const heads = new WeakMap<CachedResponse, Partial<Record<Variant, Head>>>();

function headFor(entry: CachedResponse, encoding: Encoding, notModified: boolean, state: 'HIT' | 'MISS'): Head {
  const variant: Variant = notModified ? `304-${encoding}` : encoding;
  let byVariant = heads.get(entry);
  const cached = state === 'HIT' ? byVariant?.[variant] : undefined;
  if (cached) return cached;
  const head: Head = [];
  let vary = '';
  for (const [name, value] of entry.headers) {
    if (name === 'vary') vary = value;
    else head.push(name, value);
  }
  head.push('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding', 'x-cache', state);
  head.push('etag', entry.etag.replace(/"$/, `${ETAG_SUFFIX[encoding]}"`));
  if (!notModified) {
    if (encoding !== 'identity') head.push('content-encoding', encoding);
    head.push('content-length', encoding === 'identity' ? entry.identityLength : entry.bodies[encoding]!.length);
  }
  if (state === 'HIT') {
    if (!byVariant) heads.set(entry, (byVariant = {}));
    byVariant[variant] = head;
  }
  return head;
}

/** Writes a stored response for this request's encoding, or a 304 when the client has it. */
export function sendCached(cache: FrontCache, req: IncomingMessage, res: ServerResponse, entry: CachedResponse, state: 'HIT' | 'MISS'): void {
  const accepted = encodingsFor(req.headers['accept-encoding']);
  let encoding = sendableEncoding(entry, accepted);
  const preferred = accepted[0];
  const notModified = req.headers['if-none-match'] !== undefined && matchesEtag(req.headers['if-none-match'], entry.etag);
  if (preferred !== undefined && encoding !== preferred && !notModified) {
    if (encoding !== 'identity') addEncodingLater(cache, entry, preferred);
    else {
      // Nothing stored that this client accepts: make its copy now, once, as a miss would.
      cache.addBody(entry, preferred, compressTo(bodyFor(entry, 'identity'), preferred));
      if (entry.bodies[preferred]) encoding = preferred;
    }
  }
  if (notModified) {
    res.writeHead(304, headFor(entry, encoding, true, state));
    res.end();
    return;
  }
  res.writeHead(entry.status, headFor(entry, encoding, false, state));
  res.end(req.method === 'HEAD' ? undefined : bodyFor(entry, encoding));
}

/**
 * Answers `req` from the cache when it holds a fresh copy; false when the request must go on.
 * Runs before anything else touches the response: a stored head already carries every header
 * the response had when it was rendered (security headers, CSP, cache policy).
 */
export function serveFromCache(cache: FrontCache, req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || cache.size === 0) return false;
  // Only candidate URLs are ever stored under their own URL, so a lookup needs no other check.
  const hit = cache.get(req.url ?? '/');
  if (!hit) return false;
  sendCached(cache, req, res, hit, 'HIT');
  return true;
}

/**
 * Wraps `app` so that its shareable responses fill the cache. Hits never get here: the server
 * answers them first (`serveFromCache`, see http-server.ts).
 */
export function withFrontCache(cache: FrontCache, app: Handler): Handler {
  return (req, res) => {
    if (!isCacheCandidate(req)) return app(req, res);
    captureShareable(req, res, req.url ?? '/', cache, app);
  };
}

/**
 * Lets `app` answer; if its response is shareable, buffers it instead of writing it, stores
 * it, and serves it from the store. Otherwise the original methods stream it as usual.
 */
function captureShareable(req: IncomingMessage, res: ServerResponse, key: string, cache: FrontCache, app: Handler): void {
  const renderedSince = cache.now();
  const directiveOf = (headers: [string, string][]) =>
    parseCacheDirective(headers.find(([name]) => name === CACHE_DIRECTIVE_HEADER)?.[1]);
  captureResponse(res, {
    // A zero-byte cache (HUB_FRONT_CACHE_MB=0) only strips the directive: nothing is captured.
    shouldCapture: ({ status, headers }) =>
      req.method === 'GET' && cache.maxBytes > 0 && directiveOf(headers) !== null && isShareable(status, headers),
    beforePassThrough: ({ headersArg }) => {
      if (headersArg) delete (headersArg as Record<string, unknown>)[CACHE_DIRECTIVE_HEADER];
      res.removeHeader(CACHE_DIRECTIVE_HEADER);
    },
    finish: ({ status, headers }, body) => {
      const directive = directiveOf(headers)!;
      // Only the encoding this client prefers; others when a client asks for them (sendCached).
      const first: StoredEncoding = encodingsFor(req.headers['accept-encoding'])[0] ?? 'gzip';
      const compressed = compressTo(body, first);
      const entry: CachedResponse = {
        key,
        status,
        headers: sharedPairs(headers.filter(([name]) => !DROPPED_HEADERS.has(name))),
        bodies: { [first]: compressed },
        identityLength: body.length,
        etag: etagFor(body),
        tags: directive.tags,
        expiresAt: Date.now() + directive.maxAge * 1000,
        bytes: compressed.length + key.length * 2 + ENTRY_OVERHEAD_BYTES,
      };
      cache.set(entry, renderedSince);
      sendCached(cache, req, res, entry, 'MISS');
    },
  });
  app(req, res);
}
