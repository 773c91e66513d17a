/**
 * One HTTP attempt of a webhook message, signed per the Standard Webhooks specification with its
 * reference library: `webhook-id` (the message's id, the same on every attempt), `webhook-timestamp`
 * (this attempt's time, in seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256>`).
 *
 * Sent with `node:http(s)` rather than `fetch` so the connection goes to the very address the
 * destination check accepted (`guardedLookup`): a name cannot resolve to a public address for the
 * check and to loopback for the connection.
 */
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { createGuardedLookup, DestinationRefusedError, guardedLookup, refusedAddress, type Resolver } from './destination.ts';

/** How much of a receiver's answer is read. */
export const READ_BYTES = 1024;
/** How much of it is kept in the attempt log: a short text excerpt, never binary or markup-sized dumps. */
export const EXCERPT_CHARS = 256;

export interface WebhookRequest {
  url: string;
  secret: string;
  messageId: string;
  payload: string;
  now: Date;
  signal: AbortSignal;
  /** `HUB_WEBHOOK_ALLOW_PRIVATE`: loopback, link-local and metadata addresses may be reached. */
  allowPrivate?: boolean;
  /** Resolves the receiver's name (DNS unless a test says otherwise). */
  resolve?: Resolver;
}

export interface WebhookResponse {
  statusCode: number | null;
  durationMs: number;
  excerpt: string;
  error: string | null;
  ok: boolean;
}

/** The three Standard Webhooks headers for `payload` sent at `now`. */
export function signatureHeaders(secret: string, messageId: string, now: Date, payload: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, now, payload),
  };
}

/** Only textual answers are kept (an admin reads them to debug a receiver), as plain one-screen text. */
function isTextual(contentType: string | undefined): boolean {
  return /^(text\/plain|application\/(problem\+)?json)\b/i.test(contentType ?? '');
}

/** Reads at most `READ_BYTES` of a body, then lets the rest go: a huge answer costs nothing. */
function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      response.destroy();
      const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, READ_BYTES));
      resolve(isTextual(response.headers['content-type']) ? text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').slice(0, EXCERPT_CHARS) : '');
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size >= READ_BYTES) finish();
    });
    response.once('end', finish);
    response.once('error', finish);
    response.once('aborted', finish);
  });
}

function describeError(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'TIMEOUT';
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message.slice(0, 200) : 'REQUEST_FAILED';
}

/** POSTs the message and resolves with the answer's head; redirects are not followed. */
function send(url: URL, options: RequestOptions, body: string, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { ...options, signal }, resolve);
    request.once('error', (error) => reject(signal.aborted ? (signal.reason ?? error) : error));
    request.end(body);
  });
}

/** POSTs the message; never throws. 2xx is success; redirects are not followed (a failure). */
export async function postWebhook({ url, secret, messageId, payload, now, signal, allowPrivate = false, resolve }: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const target = new URL(url);
    // A literal address is connected to without a lookup, so it is checked here.
    const literal = allowPrivate ? undefined : refusedAddress(target.hostname);
    if (literal) throw new DestinationRefusedError(literal);
    const response = await send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          'user-agent': 'EditionHub-Webhooks/1',
          ...signatureHeaders(secret, messageId, now, payload),
        },
        ...(allowPrivate ? {} : { lookup: resolve ? createGuardedLookup(resolve) : guardedLookup }),
        // One request per connection: a kept-alive socket would skip the next check.
        agent: false,
      },
      payload,
      signal,
    );
    const excerpt = await readExcerpt(response);
    const status = response.statusCode ?? 0;
    const ok = status >= 200 && status < 300;
    return { statusCode: status, durationMs: elapsed(), excerpt, error: ok ? null : `HTTP_${status}`, ok };
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), excerpt: '', error: describeError(error), ok: false };
  }
}
