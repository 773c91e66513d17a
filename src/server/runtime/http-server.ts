/**
 * The production HTTP server: Node's `http` in front of Astro's request handler.
 * Owning the server (instead of the adapter's standalone mode) lets us answer health checks
 * without Astro and shut down gracefully.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { answerUnhandledError } from '../errors/last-resort.ts';
import { drainAbandonedBody } from './abandoned-body.ts';
import { withCompression } from '../http/compress-responses.ts';
import { ProcessPageCache } from '../page-cache/process-cache.ts';
import { PageFiles } from '../page-files/page-files.ts';
import { serveFromCache, withPageCache, type LocalsHandler } from '../page-cache/serve.ts';
import { getDistDir } from './build-state.ts';
import { refuseOtherMethods } from './hub-methods.ts';
import { createStaticFiles } from './static-files.ts';
import { baseSecurityHeaders, withContentSecurityPolicy, type SecurityOptions } from './security-headers.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Loads the built Astro handler (the adapter's middleware mode: rendering only) behind the
 * build's static files, which are answered without asking the file system per request.
 */
export async function loadAstroHandler(root: string, distDir = getDistDir()): Promise<LocalsHandler> {
  const entry = (await import(pathToFileURL(join(root, distDir, 'server/entry.mjs')).href)) as {
    handler: (req: IncomingMessage, res: ServerResponse, next: undefined, locals: object) => void;
  };
  const serveStatic = createStaticFiles(join(root, distDir, 'client'));
  return (req, res, locals) => {
    if (serveStatic(req, res)) return;
    keepReasonPhraseTrue(res);
    entry.handler(req, res, undefined, locals);
  };
}

/**
 * A page that sets only `Astro.response.status` keeps Astro's default status text, "OK", which
 * the adapter copies into the status line ("400 OK"): such a line gets the status's own phrase.
 */
function keepReasonPhraseTrue(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithTruePhrase(this: ServerResponse, status: number, ...rest: unknown[]) {
    res.writeHead = writeHead;
    if (status !== 200 && this.statusMessage === 'OK') this.statusMessage = STATUS_CODES[status] ?? '';
    return writeHead.apply(this, [status, ...rest] as Parameters<ServerResponse['writeHead']>);
  } as ServerResponse['writeHead'];
}

export interface StartOptions {
  root: string;
  host: string;
  port: number;
  /** Answers `/readyz`; the server is ready when it resolves `{ ready: true }`. */
  readiness?: () => Promise<{ ready: boolean }>;
  /** This process's page cache (omit: nothing is kept, every request goes to Astro). */
  pageCache?: ProcessPageCache | undefined;
  security?: SecurityOptions;
  /** Added to the `/healthz` answer (e.g. which worker answered). */
  health?: Record<string, unknown>;
  /** HUB_STATIC_DIR: public pages are also written there as files for nginx (decision 051). */
  staticDir?: string | undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Starts listening with the built Astro handler; resolves once the socket is bound. */
export async function startHttpServer({
  root,
  host,
  port,
  readiness,
  pageCache,
  security = { https: false },
  health,
  staticDir,
}: StartOptions): Promise<Server> {
  const astro = await loadAstroHandler(root);
  // Without a page cache, requests still get a handle (pages set rules on it; nothing is kept).
  const cache = pageCache ?? new ProcessPageCache({ maxBytes: 0 });
  const files = staticDir ? await startPageFiles(staticDir, cache) : undefined;
  // Outermost, the compression sees each response as the inner layers decided it: the page cache
  // sends its pages already compressed, everything else rendered is compressed here (decision 044).
  const app = withCompression(withPageCache(cache, (req, res, locals) => withContentSecurityPolicy(security, (q, r) => astro(q, r, locals))(req, res), files));
  const server = createHttpServer(app, readiness, security, (req, res) => serveFromCache(cache.store, req, res), health);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.once('close', () => files?.stop());
  return server;
}

/** The page files of this process, purged by every purge its page cache applies (local, other workers', other machines'). */
async function startPageFiles(dir: string, cache: ProcessPageCache): Promise<PageFiles> {
  const files = new PageFiles(dir);
  await files.start();
  cache.handleFor().onPurge((tags) => files.purge(tags));
  return files;
}

/**
 * The request listener: cached pages answered first by `fastPath` (their stored heads already
 * carry every header), health endpoints here, everything else by `app`.
 */
export function createHttpServer(
  app: Handler,
  readiness?: StartOptions['readiness'],
  security: SecurityOptions = { https: false },
  fastPath: (req: IncomingMessage, res: ServerResponse) => boolean = () => false,
  health: Record<string, unknown> = {},
): Server {
  const headers = Object.entries(baseSecurityHeaders(security));
  return createServer((req, res) => {
    if (fastPath(req, res)) return;
    // A body a route refused is read to its end (within bounds) before the connection closes.
    if (req.headers['content-length'] || req.headers['transfer-encoding']) drainAbandonedBody(req, res);
    for (const [name, value] of headers) res.setHeader(name, value);
    // The Request object Astro's adapter builds throws on TRACE/TRACK: refuse them here, not with a 500.
    if (req.method === 'TRACE' || req.method === 'TRACK') {
      res.writeHead(405, {
        allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
        'content-type': 'application/problem+json',
        'cache-control': 'no-store',
      });
      res.end(JSON.stringify({ type: 'about:blank', title: 'Method not allowed', status: 405, code: 'METHOD_NOT_ALLOWED' }));
      return;
    }
    // Astro's request parsing would fail on a URL that is not valid percent-encoding.
    try {
      decodeURI(req.url ?? '/');
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('Bad request.');
      return;
    }
    const path = req.url?.split('?', 1)[0] ?? '/';
    if (path === '/healthz') return sendJson(res, 200, { status: 'ok', ...health });
    if (refuseOtherMethods(req, res, path)) return;
    if (path === '/readyz') {
      if (!readiness) return sendJson(res, 200, { ready: true });
      readiness().then(
        (state) => sendJson(res, state.ready ? 200 : 503, state),
        () => sendJson(res, 503, { ready: false }),
      );
      return;
    }
    try {
      app(req, res);
    } catch (error) {
      // Astro handles its own errors; this only catches a crash that escapes its handler.
      void answerUnhandledError(req, res, error);
    }
  });
}

/**
 * Graceful shutdown: stop accepting connections, let in-flight requests finish (at most
 * `graceMs`), then run `cleanup` (close the database) and resolve.
 */
export function shutDownGracefully(server: Server, { graceMs = 10_000, cleanup = async () => {} } = {}): Promise<void> {
  return new Promise((resolve) => {
    // Keep-alive connections become idle once their in-flight response is written: close them then.
    const sweeper = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => void finish(), graceMs);
    let done = false;
    async function finish() {
      if (done) return;
      done = true;
      clearInterval(sweeper);
      clearTimeout(deadline);
      server.closeAllConnections();
      await cleanup().catch(() => undefined);
      resolve();
    }
    // A cached page may already be answered when this listener runs: only open heads get the header.
    server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
      if (!res.headersSent) res.setHeader('connection', 'close');
    });
    server.close(() => void finish());
    server.closeIdleConnections();
  });
}
