/**
 * A stand-in for the machine translation services on loopback (docs/decisions/056): DeepL's
 * `POST /v2/translate` and LibreTranslate's `POST /translate`. It records every request and, unless
 * the test queued another answer, "translates" by putting the text of each HTML fragment in
 * capitals (tags, attributes and entities untouched). Queued answers: a status with a body, or
 * `hang` (no answer until the stand-in stops). Its server does not keep a process alive.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { listenOnLoopback, readBody, stopServer } from './loopback-server.ts';
import { uppercaseHtml } from './uppercase-html.ts';

export interface TranslationRequest {
  path: string;
  headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON the product sent
  body: any;
}

export type StandInAnswer = 'translate' | 'hang' | { status: number; body?: string };

/** What a failing service says: tests check it never reaches an editor. */
export const STAND_IN_FAILURE_TEXT = 'stand-in failure: internal detail';

function translated(path: string, body: { text?: unknown; q?: unknown }): unknown {
  const texts = (value: unknown) => (Array.isArray(value) ? value.map((item) => uppercaseHtml(String(item))) : uppercaseHtml(String(value)));
  if (path === '/v2/translate') return { translations: (texts(body.text ?? []) as string[]).map((text) => ({ detected_source_language: 'EN', text })) };
  return { translatedText: texts(body.q ?? '') };
}

export class TranslationStandIn {
  readonly requests: TranslationRequest[] = [];
  /** What the next requests get, in order; `translate` after those. */
  readonly queue: StandInAnswer[] = [];
  readonly #server: Server;
  origin = '';

  constructor() {
    this.#server = createServer((request, response) => {
      void readBody(request).then((raw) => {
        const path = request.url ?? '/';
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          // recorded as {}: a test asserting the body fails
        }
        this.requests.push({ path, headers: request.headers, body });
        this.#answer(this.queue.shift() ?? 'translate', path, body, response);
      });
    });
    this.#server.unref();
  }

  #answer(answer: StandInAnswer, path: string, body: Record<string, unknown>, response: ServerResponse): void {
    if (answer === 'hang') return;
    if (answer !== 'translate') {
      response.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body ?? JSON.stringify({ message: STAND_IN_FAILURE_TEXT }));
      return;
    }
    if (path !== '/v2/translate' && path !== '/translate') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(translated(path, body)));
  }

  async start(): Promise<this> {
    this.origin = await listenOnLoopback(this.#server);
    return this;
  }

  stop(): Promise<void> {
    return stopServer(this.#server);
  }
}
