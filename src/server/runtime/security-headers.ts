/**
 * Security headers for every response, and one Content-Security-Policy for HTML. Its
 * script-src is the application's own: its origin plus the hashes of the inline scripts it ships,
 * which Astro computes when the site is built (`security.csp` in astro.config.mjs) and announces
 * on each page it renders. Nothing in a page's body can add to it, so HTML that slipped into
 * content would not carry its own allowance (decision 016). Clerk's origin is added only when
 * Clerk is configured, a video player's origin only on a page that frames one.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { embedPlayerOrigins } from '../../lib/embeds.ts';
import { captureResponse } from './response-capture.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface SecurityOptions {
  /** Send HSTS (the public origin is HTTPS). */
  https: boolean;
  /** Extra origins for Clerk's hosted UI (frontend API), when Clerk is the auth adapter. */
  clerkOrigin?: string | undefined;
  /** `frame-ancestors` sources of the embed pages (HUB_EMBED_ORIGINS); default: any site. */
  embedOrigins?: readonly string[] | undefined;
  /** The venues map's tile host (HUB_MAP_TILE_URL): images only, and only when a map is configured. */
  mapTileOrigin?: string | undefined;
}

/** Embeds are the only pages another site may frame (decision 027). */
const EMBED_PATH = /^\/[a-z]{2}\/embed\//;

/** The admin's live preview (decision 036) is the only page the admin itself may frame. */
const LIVE_PREVIEW_PATH = /^\/[a-z]{2}\/admin\/preview\/live\//;

/**
 * The path of a request target as routing sees it: `.` and `..` segments (encoded or not)
 * resolved the way Astro builds its URL. A framing policy chosen from the raw target would give
 * `/en/embed/../admin/…` (an admin page) the embed pages' "any site may frame this".
 */
export function routedPath(url: string | undefined): string {
  try {
    return new URL(`http://localhost${url ?? '/'}`).pathname;
  } catch {
    return '/';
  }
}

/** Whether `url` (a request target) is an embed page. */
export function isEmbedRequest(url: string | undefined): boolean {
  return EMBED_PATH.test(routedPath(url));
}

/** Headers every response gets, whatever produced it. */
export function baseSecurityHeaders({ https }: SecurityOptions): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

const hashSource = /^'sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}'$/;

/**
 * The hash sources of the script-src in Astro's policy: the application's own inline scripts,
 * fixed at build time (never read from a page's body).
 */
function declaredScriptHashes(astroPolicy: string | undefined): string[] {
  const scriptSrc = /(?:^|;)\s*script-src\s([^;]*)/.exec(astroPolicy ?? '')?.[1] ?? '';
  return [...new Set(scriptSrc.split(/\s+/).filter((source) => hashSource.test(source)))].sort();
}

const playerOrigins = Object.values(embedPlayerOrigins);

/** The video players (decision 013) whose frames `html` carries. */
function framedPlayers(html: string): string {
  let sources = '';
  for (const origin of playerOrigins) if (html.includes(`src="${origin}/`)) sources += ` ${origin}`;
  return sources;
}

/**
 * The policy for one HTML document: `scriptHashes` are the application's (`declaredScriptHashes`),
 * `html` only tells which known video players it frames.
 */
function contentSecurityPolicy(scriptHashes: readonly string[], html: string, { clerkOrigin, mapTileOrigin }: SecurityOptions, frameAncestors: string): string {
  const clerk = clerkOrigin ? ` ${clerkOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${clerk} ${scriptHashes.join(' ')}`.trim(),
    // Inline style attributes (React islands, focal-point crops) need this; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${clerkOrigin ? ' https://img.clerk.com' : ''}${mapTileOrigin ? ` ${mapTileOrigin}` : ''}`,
    "font-src 'self'",
    `connect-src 'self'${clerk}`,
    `frame-src 'self'${clerk}${framedPlayers(html)}`,
    "worker-src 'self' blob:",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

function isHtml(headers: [string, string][]): boolean {
  return headers.some(([name, value]) => name === 'content-type' && /text\/html/i.test(value));
}

/**
 * Buffers HTML responses just long enough to find the video players they frame, and replaces
 * Astro's policy (script and style sources only) with the complete one; other responses stream
 * through untouched.
 */
export function withContentSecurityPolicy(options: SecurityOptions, app: Handler): Handler {
  const embedAncestors = options.embedOrigins?.length ? options.embedOrigins.join(' ') : '*';
  return (req, res) => {
    const path = routedPath(req.url);
    const embed = EMBED_PATH.test(path);
    const livePreview = LIVE_PREVIEW_PATH.test(path);
    // X-Frame-Options cannot name several origins: embeds rely on frame-ancestors alone.
    if (embed) res.removeHeader('x-frame-options');
    if (livePreview) res.setHeader('x-frame-options', 'SAMEORIGIN');
    const frameAncestors = embed ? embedAncestors : livePreview ? "'self'" : "'none'";
    captureResponse(res, {
      shouldCapture: ({ status, headers }) => status !== 304 && isHtml(headers),
      finish: ({ status, rest, headersArg, headers }, body) => {
        const astroPolicy = headers.find(([name]) => name === 'content-security-policy')?.[1];
        // One policy only: a second header would be enforced as well.
        if (headersArg) for (const name of Object.keys(headersArg)) if (name.toLowerCase() === 'content-security-policy') delete headersArg[name];
        res.setHeader('content-security-policy', contentSecurityPolicy(declaredScriptHashes(astroPolicy), body.toString('utf8'), options, frameAncestors));
        res.writeHead(status, ...(rest as [OutgoingHttpHeaders]));
        res.end(body);
      },
    });
    app(req, res);
  };
}

/** The Clerk frontend API origin encoded in a publishable key (`pk_live_<base64(host$)>`). */
export function clerkOriginFromKey(publishableKey: string | undefined): string | undefined {
  const encoded = publishableKey?.replace(/^pk_(?:live|test)_/, '');
  if (!encoded) return undefined;
  const host = Buffer.from(encoded, 'base64').toString('utf8').replace(/\$$/, '');
  return /^[a-z0-9.-]+$/i.test(host) ? `https://${host}` : undefined;
}
