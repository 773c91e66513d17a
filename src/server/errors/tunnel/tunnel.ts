/**
 * The `/monitoring` tunnel: relays Sentry envelopes from our pages to the one configured Sentry
 * project, and to nothing else (an open relay would let anyone send traffic from our servers).
 */
import { BodyRefusal, readBodyBytes } from '../../http/body-limit.ts';
import { problem } from '../../http/problem.ts';
import { getEnvelopeEndpoint, isSameProject, parseDsn, type Dsn } from '../../config/sentry-dsn.ts';
import { readEnvelopeDsn } from './envelope.ts';
import type { RateLimiter } from './rate-limit.ts';

/** Envelopes larger than this are refused (the browser SDK sends a few kilobytes). */
export const MAX_ENVELOPE_BYTES = 1024 * 1024;
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 5_000;

// Headers the SDK uses to back off when Sentry is rate limiting it.
const PASSED_BACK_HEADERS = ['content-type', 'retry-after', 'x-sentry-rate-limits'];

export interface TunnelOptions {
  /** The DSN envelopes must belong to; unset means monitoring is off. */
  dsn: string | undefined;
  /** Identifies the caller for rate limiting (its IP address). */
  clientKey: string;
  limiter: RateLimiter;
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
}

/** Handles one request to the tunnel and returns the answer for the SDK. */
export async function tunnelEnvelope(request: Request, options: TunnelOptions): Promise<Response> {
  if (request.method !== 'POST') {
    return problem(405, 'METHOD_NOT_ALLOWED', 'Only POST is allowed', { headers: { Allow: 'POST' } });
  }
  const configured = parseDsn(options.dsn);
  if (!configured) {
    // Monitoring is off: accept and drop, so an SDK built with a DSN does not retry forever. The
    // body is still size-checked (and dropped), so the 413 contract holds whether or not it is on.
    const dropped = await readEnvelope(request, options);
    if (dropped instanceof Response) return dropped;
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  }
  const decision = await options.limiter.take(options.clientKey);
  if (!decision.allowed) {
    await request.body?.cancel().catch(() => undefined);
    return problem(429, 'RATE_LIMITED', 'Too many error reports', {
      headers: { 'Retry-After': String(decision.retryAfter) },
    });
  }
  const body = await readEnvelope(request, options);
  if (body instanceof Response) return body;
  const envelopeDsn = readEnvelopeDsn(body);
  if (!envelopeDsn) return problem(400, 'MALFORMED_ENVELOPE', 'The envelope header is not valid');
  if (!isSameProject(envelopeDsn, configured)) {
    return problem(403, 'FOREIGN_DSN', 'The envelope is not for this site’s monitoring project');
  }
  return forward(body, request.headers.get('content-type'), configured, options);
}

/** The envelope's bytes, or the 413 answer past the limit. */
async function readEnvelope(request: Request, options: TunnelOptions): Promise<Uint8Array<ArrayBuffer> | Response> {
  try {
    return await readBodyBytes(request, options.maxBytes ?? MAX_ENVELOPE_BYTES, 'ENVELOPE_TOO_LARGE');
  } catch (error) {
    if (error instanceof BodyRefusal) return error.toResponse();
    throw error;
  }
}

async function forward(body: Uint8Array<ArrayBuffer>, contentType: string | null, dsn: Dsn, options: TunnelOptions): Promise<Response> {
  const send = options.fetch ?? fetch;
  let upstream: Response;
  try {
    upstream = await send(getEnvelopeEndpoint(dsn), {
      method: 'POST',
      body,
      headers: { 'Content-Type': contentType ?? 'application/x-sentry-envelope' },
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return problem(504, 'UPSTREAM_TIMEOUT', 'The monitoring service did not answer in time');
    }
    return problem(502, 'UPSTREAM_UNAVAILABLE', 'The monitoring service could not be reached');
  }
  let text: string;
  try {
    text = await upstream.text();
  } catch {
    return problem(502, 'UPSTREAM_UNAVAILABLE', 'The monitoring service could not be reached');
  }
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  for (const name of PASSED_BACK_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.status === 204 || upstream.status === 304 ? null : text, { status: upstream.status, headers });
}
