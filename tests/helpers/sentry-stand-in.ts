/**
 * A local HTTP server on 127.0.0.1 standing in for Sentry: records every request (method, URL,
 * headers, exact body bytes) and answers what the test tells it to.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Responder = (request: RecordedRequest, res: ServerResponse) => void;

export interface SentryStandIn {
  port: number;
  requests: RecordedRequest[];
  /** A DSN pointing at this stand-in, e.g. `http://publickey@127.0.0.1:<port>/42`. */
  dsn: (projectId?: string, publicKey?: string) => string;
  respondWith: (responder: Responder) => void;
  /** Resolves with the first recorded request matching `predicate` (waits up to `timeoutMs`). */
  waitFor: (predicate: (request: RecordedRequest) => boolean, timeoutMs?: number) => Promise<RecordedRequest>;
  close: () => Promise<void>;
}

const acceptEnvelope: Responder = (_request, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 'f'.repeat(32) }));
};

/** Starts the stand-in on `port` (0 = any free port). */
export async function startSentryStandIn(port = 0): Promise<SentryStandIn> {
  const requests: RecordedRequest[] = [];
  let responder = acceptEnvelope;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      responder(recorded, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    requests,
    dsn: (projectId = '42', publicKey = 'publickey') => `http://${publicKey}@127.0.0.1:${bound}/${projectId}`,
    respondWith: (next) => {
      responder = next;
    },
    waitFor: async (predicate, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = requests.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`the Sentry stand-in received no matching request (got ${requests.length})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A minimal browser-style envelope: header line with `dsn`, one event item. */
export function buildEnvelope(dsn: string, message = 'test event'): string {
  const eventId = 'a'.repeat(32);
  const header = JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn, sdk: { name: 'sentry.javascript.astro', version: '10.75.2' } });
  const payload = JSON.stringify({ event_id: eventId, platform: 'javascript', exception: { values: [{ type: 'Error', value: message }] } });
  return `${header}\n${JSON.stringify({ type: 'event', length: Buffer.byteLength(payload) })}\n${payload}\n`;
}
