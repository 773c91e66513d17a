/**
 * The production HTTP server: Node's `http` in front of Astro's request handler.
 * Owning the server (instead of the adapter's standalone mode) lets us answer health checks
 * without Astro and shut down gracefully.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { getDistDir } from './build-state.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Loads the built Astro handler without letting the adapter start its own server. */
export async function loadAstroHandler(root: string, distDir = getDistDir()): Promise<Handler> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = (await import(pathToFileURL(join(root, distDir, 'server/entry.mjs')).href)) as { handler: Handler };
  return entry.handler;
}

export interface StartOptions {
  root: string;
  host: string;
  port: number;
}

/** Starts listening; resolves once the socket is bound. */
export async function startHttpServer({ root, host, port }: StartOptions): Promise<Server> {
  const astro = await loadAstroHandler(root);
  const server = createServer((req, res) => {
    if (req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('ok');
      return;
    }
    astro(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
