/**
 * Delivers webhook messages (docs/decisions/028), built like the mail sender (decision 017):
 * every serving process runs one; it wakes when this process queues a message, when the
 * earliest retry falls due, and every `HUB_WEBHOOK_POLL_MS` for rows other processes wrote. A
 * round claims due rows under a lease and sends them side by side, each with its own timeout,
 * so one slow receiver delays nobody else. Failures are retried with exponential backoff and
 * jitter until the message's 24 hours are over, then the row is `failed`. Each round first
 * announces scheduled publications whose instant passed (`scheduled.ts`).
 */
import type { Database } from '../../../db/client.ts';
import { retryDelayMs } from '../mail/backoff.ts';
import { postWebhook } from './deliver.ts';
import { webhookEvents } from '../outbox/webhooks.ts';
import { claimDueDeliveries, getNextDeliveryAt, recordAttempt, releaseDeliveries, type ClaimedDelivery } from './queue.ts';
import { announceScheduledChanges } from './scheduled.ts';
import { OutboxRounds } from '../outbox/rounds.ts';
import { logLine } from '../log/log-line.ts';

export interface WebhookSenderOptions {
  db: Database;
  retryBaseMs: number;
  pollMs: number;
  /** The longest one request may take (connect, answer and excerpt). */
  timeoutMs: number;
  /** `HUB_WEBHOOK_ALLOW_PRIVATE`: loopback, link-local and metadata addresses may be reached. */
  allowPrivate?: boolean;
  batch?: number;
  log?: (level: 'info' | 'warn', msg: string, fields?: Record<string, unknown>) => void;
  now?: () => Date;
}

export class WebhookSender {
  readonly #options: Required<WebhookSenderOptions>;
  /** A claim holds its rows well past one request's timeout, so no other node takes one mid-request. */
  readonly #leaseMs: number;
  readonly #rounds: OutboxRounds;
  readonly #abort = new AbortController();
  readonly #onEnqueued = () => this.wake();

  constructor(options: WebhookSenderOptions) {
    this.#options = { batch: 20, allowPrivate: false, log: logLine, now: () => new Date(), ...options };
    this.#leaseMs = options.timeoutMs * 2 + 60_000;
    this.#rounds = new OutboxRounds({
      round: (claimAtOnce) => this.#round(claimAtOnce),
      nextDue: () => getNextDeliveryAt(this.#options.db),
      pollMs: this.#options.pollMs,
      now: () => this.#options.now(),
    });
  }

  start(): void {
    webhookEvents.on('enqueued', this.#onEnqueued);
    this.wake();
  }

  /** Runs a round now, or right after the one in progress. */
  wake(): void {
    this.#rounds.run(true);
  }

  /** Stops taking rows; requests in progress are aborted and their rows given back. */
  async stop(): Promise<void> {
    const running = this.#rounds.stop();
    webhookEvents.off('enqueued', this.#onEnqueued);
    this.#abort.abort();
    await running;
  }

  async #round(claimAtOnce: boolean): Promise<void> {
    let idle = false;
    try {
      const { db, now } = this.#options;
      // Scheduled publications that passed since the last round (of any process) queue their messages first.
      const announced = await announceScheduledChanges(db, now());
      const next = claimAtOnce || announced > 0 ? now() : await getNextDeliveryAt(db);
      if (next !== undefined && next <= now()) idle = (await this.#deliverDue()) === 0 && !claimAtOnce;
    } catch (error) {
      this.#options.log('warn', 'webhook sender: a round failed; trying again at the next poll', { error: String(error) });
      idle = true;
    }
    await this.#rounds.scheduleNext(idle);
  }

  async #deliverDue(): Promise<number> {
    const { db, batch, now } = this.#options;
    let total = 0;
    for (;;) {
      if (this.#rounds.stopped) return total;
      const claimed = await claimDueDeliveries(db, { now: now(), leaseMs: this.#leaseMs, limit: batch });
      total += claimed.length;
      await Promise.all(claimed.map((row) => this.#deliver(row)));
      if (claimed.length < batch) return total;
    }
  }

  async #deliver(row: ClaimedDelivery): Promise<void> {
    const { db, now, log, timeoutMs, retryBaseMs, allowPrivate } = this.#options;
    const at = now();
    const response = await postWebhook({
      url: row.url,
      secret: row.secret,
      messageId: row.messageId,
      payload: row.payload,
      now: at,
      allowPrivate,
      signal: AbortSignal.any([this.#abort.signal, AbortSignal.timeout(timeoutMs)]),
    });
    if (this.#abort.signal.aborted) {
      await releaseDeliveries(db, [row], now());
      return;
    }
    let nextAttemptAt: Date | null = null;
    if (!response.ok) {
      const next = new Date(now().getTime() + retryDelayMs(row.attempts, { baseMs: retryBaseMs }));
      nextAttemptAt = next <= row.retryUntil ? next : null;
      log('warn', nextAttemptAt ? 'webhook not delivered: will retry' : 'webhook not delivered: given up', {
        id: row.id,
        endpointId: row.endpointId,
        attempts: row.attempts,
        error: response.error,
      });
    }
    await recordAttempt(
      db,
      row,
      { at, statusCode: response.statusCode, durationMs: response.durationMs, excerpt: response.excerpt, error: response.error },
      { delivered: response.ok, nextAttemptAt },
    );
  }
}
