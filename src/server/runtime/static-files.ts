/**
 * The build's static files (`dist/client`: hashed assets, prerendered pages, favicon, robots):
 * listed once at start-up, so a request for anything else goes straight to Astro. The adapter's
 * standalone handler asked the file system about every request first (two `stat` calls and a
 * thread-pool round trip per rendered page); the file set never changes after the build.
 * Files are sent by `send`, as the adapter does: ranges, conditional requests, content types.
 * A text file is sent as the brotli or gzip copy the build wrote beside it when the client takes
 * one (decision 044); a range is always a range of the file itself.
 */
import { readdirSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import send from 'send';
import { leaveUncompressed } from '../http/compress-responses.ts';
import { acceptedEncodings, etagOf, type Compression, type Encoding } from '../http/content-coding.ts';
import { COPY_SUFFIX, textAssetType } from './text-assets.ts';

/** Hashed bundles: their names change with their content, so clients may keep them for a year. */
const ASSETS_PREFIX = '/_astro/';
/** The service worker (decision 041): browsers must ask for it afresh to see a new version. */
const SERVICE_WORKER = '/sw.js';

function cacheControlFor(path: string): string {
  if (path.startsWith(ASSETS_PREFIX)) return 'public, max-age=31536000, immutable';
  if (path === SERVICE_WORKER) return 'no-cache';
  return 'public, max-age=0';
}

interface ClientFiles {
  /** URL path → file path (relative to the client folder). */
  urls: Map<string, string>;
  /** File path → the compressed copies written beside it, best first. */
  copies: Map<string, Compression[]>;
}

function scanClientDir(clientDir: string): ClientFiles {
  const all = new Set<string>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) all.add(relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  const urls = new Map<string, string>();
  const copies = new Map<string, Compression[]>();
  for (const file of all) {
    // Dot files are never served (the adapter's `dotfiles: 'deny'`), except under .well-known.
    if (/(^|\/)\.(?!well-known\/)/.test(file)) continue;
    // A compressed copy is an encoding of its file, not a URL of its own.
    const copyOf = /^(.*)\.(?:br|gz)$/.exec(file)?.[1];
    if (copyOf !== undefined && all.has(copyOf) && textAssetType(copyOf)) continue;
    if (textAssetType(file)) {
      const written = (['br', 'gzip'] as const).filter((encoding) => all.has(file + COPY_SUFFIX[encoding]));
      if (written.length) copies.set(file, written);
    }
    urls.set(`/${file}`, file);
    const name = file.slice(file.lastIndexOf('/') + 1);
    if (name === 'index.html') {
      const folder = file.slice(0, -'index.html'.length);
      urls.set(`/${folder}`, file);
      if (folder) urls.set(`/${folder.slice(0, -1)}`, file);
    }
  }
  return { urls, copies };
}

/** URL path → file path (relative to the client folder), for every file and prerendered page. */
export function listStaticFiles(clientDir: string): Map<string, string> {
  return scanClientDir(clientDir).urls;
}

/** `send`'s validator for a file (size and time), which differs between a file and its copies. */
const statEtag = (stat: Stats) => `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;

/**
 * The copy to send: the client's best compressed encoding among those written. A range request
 * gets the file itself: a client resuming or seeking counts bytes of the content, which only
 * identity has, and identity is a representation every client takes.
 */
function chooseEncoding(req: IncomingMessage, written: readonly Compression[] | undefined): Encoding {
  if (!written || req.headers.range !== undefined) return 'identity';
  return acceptedEncodings(req.headers['accept-encoding']).find((encoding) => written.includes(encoding)) ?? 'identity';
}

/**
 * A handler answering requests for the build's static files; false (nothing written) for any
 * other request, which the caller hands to Astro.
 */
export function createStaticFiles(clientDir: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { urls, copies } = scanClientDir(clientDir);
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const raw = (req.url ?? '/').split('?', 1)[0]!;
    let path: string;
    try {
      path = decodeURI(raw);
    } catch {
      return false;
    }
    const file = urls.get(path);
    if (file === undefined) return false;
    const written = copies.get(file);
    leaveUncompressed(res);
    const encoding = chooseEncoding(req, written);
    const sent = encoding === 'identity' ? file : file + COPY_SUFFIX[encoding];
    const stream = send(req, `/${sent}`, { root: clientDir, dotfiles: 'allow', index: false });
    // Before `send` sets its own: every answer (200, 206, 304, HEAD) carries these.
    stream.on('headers', (_res: ServerResponse, _path: string, stat: Stats) => {
      res.setHeader('Cache-Control', cacheControlFor(path));
      const type = textAssetType(file);
      if (type) res.setHeader('Content-Type', type);
      if (written) res.setHeader('Vary', 'Accept-Encoding');
      if (encoding !== 'identity') {
        res.setHeader('Content-Encoding', encoding);
        res.setHeader('ETag', etagOf(statEtag(stat), encoding));
      }
    });
    stream.on('error', (error: Error & { statusCode?: number }) => {
      // The file set is fixed after the build: an error here is a range or precondition answer.
      const status = error.statusCode ?? 500;
      res.removeHeader('Content-Encoding');
      res.statusCode = status;
      res.end(status >= 500 ? 'Internal server error' : '');
    });
    stream.pipe(res);
    return true;
  };
}
