/**
 * Puts the front cache in front of a Node request handler (Astro's). A miss is rendered by the
 * app; when the app marks the response shareable it is captured instead of streamed, stored
 * compressed, and answered from the store like every later hit. Anything else passes through
 * untouched (streamed), so private, streamed or large responses are never buffered.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { captureResponse } from './response-capture.ts';
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
      const bodies = compressBody(body);
      const entry: CachedResponse = {
        key,
        status,
        headers: headers.filter(([name]) => !DROPPED_HEADERS.has(name)),
        bodies,
        etag: etagFor(body),
        tags: directive.tags,
        expiresAt: Date.now() + directive.maxAge * 1000,
        bytes: bodies.identity.length + bodies.gzip.length + bodies.br.length + key.length * 2 + 512,
      };
      cache.set(entry, renderedSince);
      sendCached(req, res, entry, 'MISS');
    },
  });
  app(req, res);
}
