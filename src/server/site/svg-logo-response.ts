/**
 * GET /media/site-logo/<sha256>.svg: the cleaned SVG logo (decision 043). Served as an image that
 * cannot act even when opened on its own: a policy allowing nothing but its own inline styles and
 * embedded images, a sandbox, and no type sniffing. Only the current logo's key answers.
 */
import type { Executor } from '../../../db/client.ts';
import { IMMUTABLE, matchesEtag } from '../storage/responses.ts';
import { getSiteSettings } from '../config/site-settings.ts';
import { isSvgLogoKey, svgLogoKey } from '../config/svg-logo-key.ts';

export const SVG_LOGO_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** The logo's response for `key`, null when `key` is not an SVG logo's key, or not the current one. */
export async function svgLogoResponse(db: Executor, request: Request, key: string): Promise<Response | null> {
  if (!isSvgLogoKey(key)) return null;
  const { logoSvg } = await getSiteSettings(db);
  if (!logoSvg || svgLogoKey(logoSvg) !== key) return null;
  const etag = `"${key.slice('site-logo/'.length, -'.svg'.length)}"`;
  const headers = new Headers({
    ETag: etag,
    'Cache-Control': IMMUTABLE,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': SVG_LOGO_POLICY,
    'Cross-Origin-Resource-Policy': 'same-site',
  });
  if (matchesEtag(request, etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', 'image/svg+xml; charset=utf-8');
  return new Response(request.method === 'HEAD' ? null : logoSvg, { status: 200, headers });
}
