/**
 * The public origin used in canonical URLs, hreflang, sitemaps, feeds, calendars and JSON-LD.
 * It comes from configuration only, never from the request: the Host header is chosen by the
 * client, and a page built from it would be cached and served to everyone (decision 016).
 */

interface SiteSettings {
  PUBLIC_SITE_URL?: string | undefined;
  HOST?: string | undefined;
  PORT?: string | number | undefined;
}

/** Addresses only this machine can reach: a site listening there needs no public URL. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

function isWildcardHost(host: string): boolean {
  return host === '' || host === '0.0.0.0' || host === '::' || host === '[::]';
}

/**
 * `PUBLIC_SITE_URL`'s origin when set; otherwise the address the server listens on, with a
 * wildcard interface named `localhost` (what a browser on the same machine opens).
 */
export function resolveSiteOrigin({ PUBLIC_SITE_URL, HOST = 'localhost', PORT = 4321 }: SiteSettings): string {
  if (PUBLIC_SITE_URL) return new URL(PUBLIC_SITE_URL).origin;
  const host = isWildcardHost(HOST) ? 'localhost' : HOST.includes(':') && !HOST.startsWith('[') ? `[${HOST}]` : HOST;
  return new URL(`http://${host}:${PORT || 4321}`).origin;
}

/**
 * Why this configuration cannot serve the public, or undefined. In production a server on a
 * public interface must be told its public URL: there is no other trustworthy source for it.
 */
export function siteUrlProblem(settings: SiteSettings, nodeEnv: string | undefined): string | undefined {
  if (nodeEnv !== 'production' || settings.PUBLIC_SITE_URL || isLoopbackHost(settings.HOST ?? 'localhost')) return undefined;
  return `PUBLIC_SITE_URL must be set when the server listens on ${settings.HOST} in production: it is the origin of every absolute URL the pages contain (e.g. PUBLIC_SITE_URL=https://hub.example.org).`;
}

let memo: { key: string; origin: string } | undefined;

/**
 * The site's origin from the process environment (validated at start-up). Read on each call
 * rather than once: a server started on PORT=0 names the port it was given once it has it.
 */
export function getSiteOrigin(): string {
  const { PUBLIC_SITE_URL, HOST, PORT } = process.env;
  const key = `${PUBLIC_SITE_URL ?? ''}\n${HOST ?? ''}\n${PORT ?? ''}`;
  if (memo?.key !== key)
    memo = { key, origin: resolveSiteOrigin({ PUBLIC_SITE_URL: PUBLIC_SITE_URL || undefined, HOST: HOST || undefined, PORT: PORT || undefined }) };
  return memo.origin;
}

/** Absolute URL of a site path. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}
