/**
 * The page cache in front of a Node request handler (Astro's). Every request gets a handle
 * (`locals.pageCache`); a page that sets a rule on it and answers a public 200 without cookies
 * is captured instead of streamed, stored, and answered from the store like every later hit.
 * Anything else passes through untouched (streamed), so private, streamed or large responses
 * are never buffered. HEAD is rendered and answered exactly as GET, without the body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { captureResponse } from '../http/response-capture.ts';
import { ifNoneMatchMatches } from '../http/conditional.ts';
import { acceptedEncodings, etagOf, type Compression, type Encoding } from '../http/content-coding.ts';
import { decodeNow, encodeInBackground, encodeNow, etagFor, hasQuickSetting } from './bodies.ts';
import type { ProcessPageCache } from './process-cache.ts';
import type { PageCacheRequest } from './request.ts';
import type { CachedResponse, FrontCache } from './store.ts';

/** The Node adapter's handler: `locals` becomes `Astro.locals`. */
export type LocalsHandler = (req: IncomingMessage, res: ServerResponse, locals: { pageCache: PageCacheRequest }) => void;
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A response the page cache kept, handed on after it was answered (pages as files, decision 051). */
export interface KeptPage {
  url: string;
  headers: [string, string][];
  /** The uncompressed body. */
  body: Buffer;
  /** The compressed copies made so far (reused as they are). */
  bodies: Partial<Record<Encoding, Buffer>>;
  tags: readonly string[];
  expiresAt: number;
  /** `renderStarted()` when the render began: a purge since then means it may show old data. */
  since: number;
}

/** Where kept pages also go (src/server/page-files/, HUB_STATIC_DIR). */
export interface KeptPageSink {
  /** Read when a render starts; handed back with its page. */
  renderStarted(): number;
  offer(page: KeptPage): void;
}

/** Longer URLs are never kept: a flood of unique long URLs must not evict the real pages. */
export const MAX_CACHED_URL = 2048;

/**
 * Paths that may hold shareable pages: everything but admin, APIs, uploads and the tunnel. The
 * public read API (`/api/public/…`, decision 032) is the one API kept: it is the hub's content as JSON.
 */
export function isCacheCandidate(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  if (url.length > MAX_CACHED_URL) return false;
  return !/^\/(?:api(?!\/public\/)|media|files|monitoring|_astro|_actions|[a-z]{2}\/admin)(?:[/?]|$)/.test(url);
}

const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'etag']);

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
const encodingMemo = new Map<string, Compression[]>();
const NONE: Compression[] = [];

function encodingsFor(acceptEncoding: string | undefined): readonly Compression[] {
  if (!acceptEncoding) return NONE;
  let encodings = encodingMemo.get(acceptEncoding);
  if (encodings === undefined) {
    encodings = acceptedEncodings(acceptEncoding);
    if (encodingMemo.size >= 256) encodingMemo.clear();
    encodingMemo.set(acceptEncoding, encodings);
  }
  return encodings;
}

/** The encoding this client prefers: its best compression, else identity. */
const preferredOf = (accepted: readonly Compression[]): Encoding => accepted[0] ?? 'identity';

/** Entries whose missing encoding is being made, so that only one request starts it. */
const pendingEncodings = new WeakMap<CachedResponse, Set<Encoding>>();

/** Makes `entry`'s copy in `target` off the request path; later requests get it. */
function addEncodingLater(store: FrontCache, entry: CachedResponse, target: Encoding): void {
  let pending = pendingEncodings.get(entry);
  if (pending?.has(target)) return;
  if (!pending) pendingEncodings.set(entry, (pending = new Set()));
  pending.add(target);
  encodeInBackground(entry.bodies, target).then(
    (copy) => store.addBody(entry, target, copy),
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

/**
 * Makes `entry`'s quick copy (a miss's) again at full quality off the event loop, once its page
 * is asked for a second time: pages a crawler asks for once never pay for it, pages visitors
 * come back to are kept and sent at the smaller size.
 */
function refineLater(store: FrontCache, entry: CachedResponse): void {
  const encoding = entry.quick;
  if (encoding === undefined) return;
  entry.quick = undefined;
  const quickCopy = entry.bodies[encoding];
  encodeInBackground(entry.bodies, encoding).then(
    (copy) => {
      // The quick copy may have been replaced or dropped meanwhile; only a smaller copy is worth keeping.
      if (entry.bodies[encoding] !== quickCopy || copy.length >= quickCopy!.length) return;
      if (store.replaceBody(entry, encoding, copy)) delete heads.get(entry)?.[encoding];
    },
    () => undefined,
  );
}

/** `HIT` and `MISS` are reported in `X-Cache` (when the store shows it); `UNKEPT` (a zero budget keeps nothing) is not. */
type CacheState = 'HIT' | 'MISS' | 'UNKEPT';

function headFor(store: FrontCache, entry: CachedResponse, sent: Encoding, length: number, notModified: boolean, state: CacheState): Head {
  const variant: Variant = notModified ? `304-${sent}` : sent;
  let byVariant = heads.get(entry);
  const cached = state === 'HIT' ? byVariant?.[variant] : undefined;
  if (cached) return cached;
  const head: Head = [];
  let vary = '';
  for (const [name, value] of entry.headers) {
    if (name === 'vary') vary = value;
    else head.push(name, value);
  }
  head.push('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding', 'etag', etagOf(entry.etag, sent));
  if (store.showsState && state !== 'UNKEPT') head.push('x-cache', state);
  if (!notModified) {
    if (sent !== 'identity') head.push('content-encoding', sent);
    head.push('content-length', length);
  }
  if (state === 'HIT') {
    if (!byVariant) heads.set(entry, (byVariant = {}));
    byVariant[variant] = head;
  }
  return head;
}

const etagVariants = (etag: string) => [etagOf(etag, 'gzip'), etagOf(etag, 'br')];

/**
 * Writes a stored response in this client's encoding, or a 304 when the client has it. A copy
 * the client can take but that is not kept yet is made once, now, and kept (as a miss would);
 * a better one than what is kept is made in the background for later requests.
 */
export function sendCached(
  store: FrontCache,
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  state: CacheState,
  withBody = req.method !== 'HEAD',
): void {
  const accepted = encodingsFor(req.headers['accept-encoding']);
  const preferred = preferredOf(accepted);
  let sent: Encoding | undefined = accepted.find((candidate) => entry.bodies[candidate] !== undefined);
  if (sent === undefined && accepted.length === 0 && entry.bodies.identity) sent = 'identity';
  const ifNoneMatch = req.headers['if-none-match'];
  // Most hits carry no validator: the encodings' tags are only spelled out when one is sent.
  const notModified = ifNoneMatch !== undefined && ifNoneMatchMatches(ifNoneMatch, entry.etag, etagVariants(entry.etag));
  if (notModified) {
    res.writeHead(304, headFor(store, entry, sent ?? preferred, 0, true, state));
    res.end();
    return;
  }
  let body: Buffer;
  if (sent === undefined) {
    sent = preferred;
    body = encodeNow(decodeNow(entry.bodies), sent);
    store.addBody(entry, sent, body);
  } else {
    body = entry.bodies[sent]!;
    if (sent !== preferred) addEncodingLater(store, entry, preferred);
  }
  if (state === 'HIT') refineLater(store, entry);
  res.writeHead(entry.status, headFor(store, entry, sent, body.length, false, state));
  res.end(withBody ? body : undefined);
}

/**
 * Answers `req` from the cache when it holds a fresh copy; false when the request must go on.
 * Runs before anything else touches the response: a stored head already carries every header
 * the response had when it was rendered (security headers, CSP, cache policy).
 */
export function serveFromCache(store: FrontCache, req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || store.size === 0) return false;
  // Only candidate URLs are ever stored under their own URL, so a lookup needs no other check.
  const hit = store.get(req.url ?? '/');
  if (!hit) return false;
  sendCached(store, req, res, hit, 'HIT');
  return true;
}

/**
 * Wraps `app`: each request gets its page cache handle, and shareable responses fill the store.
 * Hits never get here: the server answers them first (`serveFromCache`, see http-server.ts).
 * Every shareable response is tagged with the hash of its body, even with a zero budget: pages
 * need no ETag of their own, which cost more than the hash (decision 012).
 */
export function withPageCache(cache: ProcessPageCache, app: LocalsHandler, files?: KeptPageSink): Handler {
  return (req, res) => {
    if (!isCacheCandidate(req)) return app(req, res, { pageCache: cache.handleFor() });
    const handle = cache.handleFor({ validatesBody: true });
    const isHead = req.method === 'HEAD';
    // A HEAD is rendered as the GET it stands for, so it answers (and fills the cache) exactly
    // as that GET would; Node sends no body for it whatever is written.
    if (isHead) req.method = 'GET';
    if (cache.store.maxBytes === 0) validateShareable(req, res, cache.store, handle, isHead);
    else captureShareable(req, res, cache.store, handle, isHead, files);
    app(req, res, { pageCache: handle });
  };
}

const shouldCaptureFor =
  (handle: PageCacheRequest) =>
  ({ status, headers }: { status: number; headers: [string, string][] }) =>
    handle.rule !== undefined && isShareable(status, headers);

/**
 * Lets the app answer; if the page set a rule and its response is shareable, buffers it instead
 * of writing it, stores it, and serves it from the store. Otherwise it streams as usual.
 */
function captureShareable(req: IncomingMessage, res: ServerResponse, store: FrontCache, handle: PageCacheRequest, isHead: boolean, files?: KeptPageSink): void {
  const key = req.url ?? '/';
  const renderedSince = store.now();
  const filesSince = files?.renderStarted() ?? 0;
  captureResponse(res, {
    shouldCapture: shouldCaptureFor(handle),
    finish: ({ status, headers }, body) => {
      const rule = handle.rule!;
      // Only the encoding this client prefers; others when a client asks for them (sendCached).
      // At the quick setting: this client is waiting (refineLater makes it again if the page is asked again).
      const first = preferredOf(encodingsFor(req.headers['accept-encoding']));
      const stored = encodeNow(body, first, { quick: true });
      const entry: CachedResponse = {
        key,
        status,
        headers: sharedPairs(headers.filter(([name]) => !DROPPED_HEADERS.has(name))),
        bodies: { [first]: stored },
        quick: hasQuickSetting(first) ? first : undefined,
        etag: etagFor(body),
        tags: [...rule.tags],
        expiresAt: Date.now() + rule.maxAge * 1000,
        bytes: stored.length + key.length * 2 + ENTRY_OVERHEAD_BYTES,
      };
      store.set(entry, renderedSince);
      sendCached(store, req, res, entry, 'MISS', !isHead);
      // After answering: the files are written off the request path (page-files.ts).
      files?.offer({ url: key, headers: entry.headers, body, bodies: entry.bodies, tags: entry.tags, expiresAt: entry.expiresAt, since: filesSince });
    },
  });
}

/**
 * With nothing to keep (a zero budget): a shareable response is still tagged with the hash of
 * its body, answered 304 when the client has it, and otherwise sent in the encoding the client
 * prefers, as a miss is; nothing is stored.
 */
function validateShareable(req: IncomingMessage, res: ServerResponse, store: FrontCache, handle: PageCacheRequest, isHead: boolean): void {
  captureResponse(res, {
    shouldCapture: shouldCaptureFor(handle),
    finish: ({ status, headers }, body) => {
      const etag = etagFor(body);
      const encoding = preferredOf(encodingsFor(req.headers['accept-encoding']));
      // A client that has the page gets a 304 (sendCached): nothing to compress for it.
      const notModified = ifNoneMatchMatches(req.headers['if-none-match'], etag, etagVariants(etag));
      const entry: CachedResponse = {
        key: req.url ?? '/',
        status,
        headers: headers.filter(([name]) => !DROPPED_HEADERS.has(name)),
        bodies: notModified ? { identity: body } : { [encoding]: encodeNow(body, encoding, { quick: true }) },
        quick: undefined,
        etag,
        tags: [],
        expiresAt: 0,
        bytes: 0,
      };
      sendCached(store, req, res, entry, 'UNKEPT', !isHead);
    },
  });
}
