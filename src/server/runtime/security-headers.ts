/**
 * Security headers for every response, and a Content-Security-Policy for HTML that allows only
 * what the page carries: its own origin plus the SHA-256 hashes of its inline scripts (Astro's
 * island and router bootstraps), and Clerk's origin only when Clerk is configured.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

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
    `frame-src 'self'${clerk}`,
    "worker-src 'self' blob:",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function isHtml(headers: OutgoingHttpHeaders): boolean {
  const type = headers['content-type'];
  return /text\/html/i.test(Array.isArray(type) ? type.join() : String(type ?? ''));
}

/**
 * Buffers HTML responses just long enough to hash their inline scripts and set the CSP header;
 * other responses stream through untouched.
 */
export function withContentSecurityPolicy(options: SecurityOptions, app: Handler): Handler {
  return (req, res) => {
    const original = { writeHead: res.writeHead, write: res.write, end: res.end };
    let buffered: { status: number; rest: unknown[]; chunks: Buffer[] } | null = null;
    let decided = false;
    // Streams that never call writeHead (static files) still decide through it first.
    const decide = (target: ServerResponse) => {
      if (!decided) target.writeHead(target.statusCode);
    };
    res.writeHead = function writeHead(this: ServerResponse, status: number, ...rest: unknown[]) {
      decided = true;
      const headersArg = rest.find((arg) => typeof arg === 'object' && arg !== null) as OutgoingHttpHeaders | undefined;
      const headers = Object.fromEntries(Object.entries({ ...res.getHeaders(), ...(headersArg ?? {}) }).map(([k, v]) => [k.toLowerCase(), v]));
      if (status !== 304 && isHtml(headers)) {
        buffered = { status, rest, chunks: [] };
        return this;
      }
      Object.assign(res, original);
      return original.writeHead.apply(this, [status, ...rest] as Parameters<ServerResponse['writeHead']>);
    } as ServerResponse['writeHead'];
    res.write = function write(this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      decide(this);
      if (!buffered) return original.write.apply(this, [chunk, ...rest] as Parameters<ServerResponse['write']>);
      buffered.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array | string));
      (rest.find((arg) => typeof arg === 'function') as (() => void) | undefined)?.();
      return true;
    } as ServerResponse['write'];
    res.end = function end(this: ServerResponse, ...args: unknown[]) {
      decide(this);
      if (!buffered) return original.end.apply(this, args as Parameters<ServerResponse['end']>);
      const [chunk] = args;
      if (chunk && typeof chunk !== 'function') buffered.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array | string));
      Object.assign(res, original);
      const body = Buffer.concat(buffered.chunks);
      res.setHeader('content-security-policy', contentSecurityPolicy(body.toString('utf8'), options));
      original.writeHead.apply(this, [buffered.status, ...buffered.rest] as Parameters<ServerResponse['writeHead']>);
      original.end.apply(this, [body] as unknown as Parameters<ServerResponse['end']>);
      return this;
    } as ServerResponse['end'];
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
