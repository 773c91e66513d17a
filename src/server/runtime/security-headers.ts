/**
 * Security headers for every response, and a Content-Security-Policy for HTML that allows only
 * what the page carries: its own origin plus the SHA-256 hashes of its inline scripts (Astro's
 * island and router bootstraps), Clerk's origin only when Clerk is configured, and a video
 * player's origin only on a page that frames one.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { embedPlayerOrigins } from '../../lib/embeds.ts';
import { captureResponse } from './response-capture.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface SecurityOptions {
  /** Send HSTS (the public origin is HTTPS). */
  https: boolean;
  /** Extra origins for Clerk's hosted UI (frontend API), when Clerk is the auth adapter. */
  clerkOrigin?: string | undefined;
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

/** SHA-256 CSP sources of the executable inline scripts in `html` (JSON-LD is data, not script). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/.test(attributes) || /type\s*=\s*["']?application\/(?:ld\+)?json/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '').digest('base64')}'`);
  }
  return [...hashes].sort();
}

const playerOrigins = Object.values(embedPlayerOrigins);

/** The video players (decision 013) whose frames `html` carries. */
function framedPlayers(html: string): string {
  let sources = '';
  for (const origin of playerOrigins) if (html.includes(`src="${origin}/`)) sources += ` ${origin}`;
  return sources;
}

/** The policy for one HTML document. */
export function contentSecurityPolicy(html: string, { clerkOrigin }: SecurityOptions): string {
  const clerk = clerkOrigin ? ` ${clerkOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${clerk} ${inlineScriptHashes(html).join(' ')}`.trim(),
    // Inline style attributes (React islands, focal-point crops) need this; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${clerkOrigin ? ' https://img.clerk.com' : ''}`,
    "font-src 'self'",
    `connect-src 'self'${clerk}`,
    `frame-src 'self'${clerk}${framedPlayers(html)}`,
    "worker-src 'self' blob:",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function isHtml(headers: [string, string][]): boolean {
  return headers.some(([name, value]) => name === 'content-type' && /text\/html/i.test(value));
}

/**
 * Buffers HTML responses just long enough to hash their inline scripts and set the CSP header;
 * other responses stream through untouched.
 */
export function withContentSecurityPolicy(options: SecurityOptions, app: Handler): Handler {
  return (req, res) => {
    captureResponse(res, {
      shouldCapture: ({ status, headers }) => status !== 304 && isHtml(headers),
      finish: ({ status, rest }, body) => {
        res.setHeader('content-security-policy', contentSecurityPolicy(body.toString('utf8'), options));
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
