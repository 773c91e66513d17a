/**
 * One HTTP attempt of a webhook message, signed per the Standard Webhooks specification with its
 * reference library: `webhook-id` (the message's id, the same on every attempt), `webhook-timestamp`
 * (this attempt's time, in seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256>`).
 */
import { Webhook } from 'standardwebhooks';

/** How much of a receiver's answer is kept in the attempt log. */
export const EXCERPT_BYTES = 1024;

export interface WebhookRequest {
  url: string;
  secret: string;
  messageId: string;
  payload: string;
  now: Date;
  signal: AbortSignal;
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

/** Reads at most `EXCERPT_BYTES` of a body, then lets the rest go: a huge answer costs nothing. */
async function readExcerpt(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES));
}

function describeError(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'TIMEOUT';
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message.slice(0, 200) : 'REQUEST_FAILED';
}

/** POSTs the message; never throws. 2xx is success; redirects are not followed (a failure). */
export async function postWebhook({ url, secret, messageId, payload, now, signal }: WebhookRequest): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal,
      headers: { 'content-type': 'application/json', 'user-agent': 'EditionHub-Webhooks/1', ...signatureHeaders(secret, messageId, now, payload) },
      body: payload,
    });
    const excerpt = await readExcerpt(response);
    const ok = response.status >= 200 && response.status < 300;
    return { statusCode: response.status, durationMs: elapsed(), excerpt, error: ok ? null : `HTTP_${response.status}`, ok };
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), excerpt: '', error: describeError(error), ok: false };
  }
}
