/**
 * A webhook receiver on loopback for integration tests: each path has a behaviour (204 unless
 * told) and a secret; every request is verified with the Standard Webhooks library and only
 * verified ones are kept (docs/decisions/028).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';
import { listenOnLoopback, readBody, stopServer } from './loopback-server.ts';

export interface Received {
  path: string;
  id: string;
  timestamp: number;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

export type Behaviour = (request: IncomingMessage, response: ServerResponse) => void;

/** A webhook receiver: each path has a behaviour and a secret; only verified requests are kept. */
export class Receiver {
  readonly received: Received[] = [];
  readonly rejected: string[] = [];
  readonly secrets = new Map<string, string>();
  readonly behaviours = new Map<string, Behaviour>();
  readonly #server: Server;
  origin = '';

  constructor() {
    this.#server = createServer((request, response) => {
      void readBody(request).then((payload) => {
        const path = request.url ?? '/';
        try {
          // Throws unless the signature, id and timestamp headers match this path's secret.
          const body = new Webhook(this.secrets.get(path) ?? 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(
            payload,
            request.headers as Record<string, string>,
          ) as Received['body'];
          this.received.push({ path, id: String(request.headers['webhook-id']), timestamp: Number(request.headers['webhook-timestamp']), body });
        } catch (error) {
          this.rejected.push(`${path}: ${String(error)}`);
          response.writeHead(400).end('bad signature');
          return;
        }
        (this.behaviours.get(path) ?? ((_, res) => res.writeHead(204).end()))(request, response);
      });
    });
  }

  async start(): Promise<void> {
    this.origin = await listenOnLoopback(this.#server);
  }

  stop(): Promise<void> {
    return stopServer(this.#server);
  }

  at(path: string): Received[] {
    return this.received.filter((entry) => entry.path === path);
  }

  /** Waits until `path` has received a message matching `match`. */
  waitFor(path: string, match: (entry: Received) => boolean, timeout = 20_000): Promise<Received> {
    return vi.waitFor(
      () => {
        const found = this.at(path).find(match);
        if (!found)
          throw new Error(
            `nothing matching at ${path} yet (${this.at(path)
              .map((entry) => entry.body.type)
              .join(', ')})`,
          );
        return found;
      },
      { timeout, interval: 25 },
    );
  }
}
