/**
 * The build's static files (`dist/client`: hashed assets, prerendered pages, favicon, robots):
 * listed once at start-up, so a request for anything else goes straight to Astro. The adapter's
 * standalone handler asked the file system about every request first (two `stat` calls and a
 * thread-pool round trip per rendered page); the file set never changes after the build.
 * Files are sent by `send`, as the adapter does: ranges, conditional requests, content types.
 */
import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import send from 'send';

/** Hashed bundles: their names change with their content, so clients may keep them for a year. */
const ASSETS_PREFIX = '/_astro/';
/** The service worker (decision 041): browsers must ask for it afresh to see a new version. */
const SERVICE_WORKER = '/sw.js';

/** URL path → file path (relative to the client folder), for every file and prerendered page. */
export function listStaticFiles(clientDir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/');
    // Dot files are never served (the adapter's `dotfiles: 'deny'`), except under .well-known.
    if (/(^|\/)\.(?!well-known\/)/.test(file)) continue;
    files.set(`/${file}`, file);
    if (entry.name === 'index.html') {
      const folder = file.slice(0, -'index.html'.length);
      files.set(`/${folder}`, file);
      if (folder) files.set(`/${folder.slice(0, -1)}`, file);
    }
  }
  return files;
}

/**
 * A handler answering requests for the build's static files; false (nothing written) for any
 * other request, which the caller hands to Astro.
 */
export function createStaticFiles(clientDir: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const files = listStaticFiles(clientDir);
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const raw = (req.url ?? '/').split('?', 1)[0]!;
    let path: string;
    try {
      path = decodeURI(raw);
    } catch {
      return false;
    }
    const file = files.get(path);
    if (file === undefined) return false;
    const stream = send(req, `/${file}`, { root: clientDir, dotfiles: 'allow', index: false });
    stream.on('stream', () => {
      if (path.startsWith(ASSETS_PREFIX)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      if (path === SERVICE_WORKER) res.setHeader('Cache-Control', 'no-cache');
    });
    stream.on('error', (error: Error & { statusCode?: number }) => {
      // The file set is fixed after the build: an error here is a range or precondition answer.
      const status = error.statusCode ?? 500;
      res.statusCode = status;
      res.end(status >= 500 ? 'Internal server error' : '');
    });
    stream.pipe(res);
    return true;
  };
}
