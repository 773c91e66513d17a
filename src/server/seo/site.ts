/** The public origin used in canonical URLs, hreflang, sitemaps, feeds and JSON-LD. */
import { getEnv } from '../config/env.ts';

/**
 * `PUBLIC_SITE_URL` when configured (production), else the request's own origin. Setting it
 * matters behind a proxy: the Host header is client-controlled.
 */
export function getSiteOrigin(requestUrl: URL): string {
  const configured = getEnv().PUBLIC_SITE_URL;
  return (configured ? new URL(configured).origin : requestUrl.origin).replace(/\/$/, '');
}

/** Absolute URL of a site path. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}
