/**
 * A stand-in for a shared cache's purge API on loopback (Varnish's xkey `PURGE`, Fastly's and
 * Cloudflare's purge endpoints): it records every request (method, path, headers, body) and
 * answers what the test tells it (200 by default, a JSON success for Cloudflare's path).
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { vi } from 'vitest';
import { listenOnLoopback, readBody, stopServer } from './loopback-server.ts';

export interface PurgeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The keys the request names, whatever the provider's format. */
  keys: string[];
}

export type Answer = (request: IncomingMessage, response: ServerResponse) => void;

const defaultAnswer: Answer = (request, response) => {
  if (request.url?.endsWith('/purge_cache'))
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":true,"errors":[],"result":{"id":"x"}}');
  else response.writeHead(200).end('OK');
};

function keysOf(headers: IncomingHttpHeaders, body: string): string[] {
  const header = headers['xkey-purge'] ?? headers['surrogate-key'];
  if (typeof header === 'string') return header.split(/[\s,]+/).filter(Boolean);
  try {
    const tags = (JSON.parse(body) as { tags?: unknown }).tags;
    return Array.isArray(tags) ? tags.map(String) : [];
  } catch {
    return [];
  }
}

export class PurgeStandIn {
  readonly requests: PurgeRequest[] = [];
  /** What the next requests get; `answer` for every request after those. */
  readonly queue: Answer[] = [];
  answer: Answer = defaultAnswer;
  readonly #server: Server;
  origin = '';

  constructor() {
    this.#server = createServer((request, response) => {
      void readBody(request).then((body) => {
        this.requests.push({ method: request.method ?? '', path: request.url ?? '/', headers: request.headers, body, keys: keysOf(request.headers, body) });
        (this.queue.shift() ?? this.answer)(request, response);
      });
    });
  }

  async start(): Promise<this> {
    this.origin = await listenOnLoopback(this.#server);
    return this;
  }

  stop(): Promise<void> {
    return stopServer(this.#server);
  }

  /** Every key received so far. */
  keys(): Set<string> {
    return new Set(this.requests.flatMap((request) => request.keys));
  }

  /** Waits until the requests received include every key of `keys`; returns the requests. */
  waitForKeys(keys: readonly string[], timeout = 15_000): Promise<PurgeRequest[]> {
    return vi.waitFor(
      () => {
        const received = this.keys();
        const missing = keys.filter((key) => !received.has(key));
        if (missing.length > 0) throw new Error(`purge keys not received yet: ${missing.join(' ')} (got ${[...received].join(' ')})`);
        return this.requests;
      },
      { timeout, interval: 20 },
    );
  }
}
