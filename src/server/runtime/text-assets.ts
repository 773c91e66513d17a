/**
 * The build's text files (stylesheets, scripts, SVG, manifests, prerendered pages): the files
 * the build writes brotli and gzip copies of (precompress.ts) and the server sends in the
 * encoding a client takes (static-files.ts). Fonts (woff2) and images are compressed already.
 */
import { extname } from 'node:path';
import type { Compression } from '../http/content-coding.ts';

/** Extension → the Content-Type every copy of such a file is sent with (the types `send` gives them). */
const TEXT_ASSET_TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** The Content-Type of a text file, or undefined for any other file (sent as it is). */
export function textAssetType(file: string): string | undefined {
  return TEXT_ASSET_TYPES[extname(file).toLowerCase()];
}

/** Where a text file's compressed copy lives: beside it, as nginx's `gzip_static` expects. */
export const COPY_SUFFIX: Readonly<Record<Compression, string>> = { br: '.br', gzip: '.gz' };
