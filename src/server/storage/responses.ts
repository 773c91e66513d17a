/**
 * HTTP responses for stored objects: immutable caching (keys are content hashes), strong ETags,
 * 304 on If-None-Match, nosniff, and no response ever reveals a storage path.
 */
import { ifNoneMatchMatches } from '../http/conditional.ts';
import type { ByteRange, StoredObject } from './types.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** True when an If-None-Match header lists `etag` (or is `*`). */
export function matchesEtag(request: Request, etag: string): boolean {
  return ifNoneMatchMatches(request.headers.get('if-none-match'), etag);
}

/**
 * The single byte range a `Range: bytes=…` header asks for within `size` bytes: null when there is
 * no usable header (serve everything), 'unsatisfiable' when it lies outside the object.
 * Multi-range requests are answered with the whole object, as RFC 9110 allows.
 */
export function parseByteRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * 200 with the object's bytes, 206 with one byte range (video players seek with these), or 304
 * when the client already has this exact version.
 */
export function objectResponse(
  request: Request,
  object: StoredObject,
  { etag, contentType, extra = {} }: { etag: string; contentType: string; extra?: Record<string, string> },
): Response {
  const headers = new Headers({
    ETag: etag,
    'Cache-Control': IMMUTABLE,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-site',
    ...extra,
  });
  if (matchesEtag(request, etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', contentType);
  headers.set('Last-Modified', object.modifiedAt.toUTCString());
  headers.set('Accept-Ranges', 'bytes');
  // If-Range: a range applies only to the version the client already holds part of.
  const ifRange = request.headers.get('if-range');
  const range = ifRange && ifRange.trim() !== etag ? null : parseByteRange(request.headers.get('range'), object.size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${object.size}`);
    headers.delete('Content-Type');
    return new Response(null, { status: 416, headers });
  }
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    return new Response(request.method === 'HEAD' ? null : object.stream(range), { status: 206, headers });
  }
  headers.set('Content-Length', String(object.size));
  return new Response(request.method === 'HEAD' ? null : object.stream(), { status: 200, headers });
}

/**
 * Sends the client to `key` under `baseUrl` (a CDN in front of the bucket) instead of streaming
 * it. Keys are content hashes, so the redirect may be cached, though not for ever: the CDN's
 * address can change.
 */
export function redirectToMediaBase(baseUrl: string, key: string): Response {
  return new Response(null, {
    status: 302,
    headers: { Location: `${baseUrl}/${key}`, 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' },
  });
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback name and the exact UTF-8 name
 * (RFC 6266 / 5987). Control characters, quotes, slashes and backslashes never pass through.
 */
export function attachmentDisposition(originalName: string): string {
  const cleaned =
    originalName
      .normalize('NFC')
      .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '_')
      .replace(/^[.\s]+/, '')
      .trim()
      .slice(0, 150) || 'download';
  const ascii =
    cleaned
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[%;]/g, '_') || 'download';
  const encoded = encodeURIComponent(cleaned).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
