/**
 * HTTP responses for stored objects: immutable caching (keys are content hashes), strong ETags,
 * 304 on If-None-Match, nosniff, and no response ever reveals a storage path.
 */
import type { StoredObject } from './types.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** True when an If-None-Match header lists `etag` (or is `*`). */
export function matchesEtag(request: Request, etag: string): boolean {
  const header = request.headers.get('if-none-match');
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** 200 with the object's bytes, or 304 when the client already has this exact version. */
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
  headers.set('Content-Length', String(object.size));
  headers.set('Last-Modified', object.modifiedAt.toUTCString());
  return new Response(request.method === 'HEAD' ? null : object.stream(), { status: 200, headers });
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback name and the exact UTF-8 name
 * (RFC 6266 / 5987). Control characters, quotes, slashes and backslashes never pass through.
 */
export function attachmentDisposition(originalName: string): string {
  const cleaned = originalName
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 150) || 'download';
  const ascii = cleaned.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/[%;]/g, '_') || 'download';
  const encoded = encodeURIComponent(cleaned).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
