/**
 * Delivers the outbox (docs/decisions/017). Every app process runs one: it wakes when this
 * process enqueues a message (`mailEvents`), when the earliest retry falls due, and every few
 * seconds otherwise (rows written by other processes or machines). Each round claims due rows
 * under a lease, delivers them one by one, and records the outcome: `sent`, a retry with
 * backoff, or `failed` (a permanent SMTP refusal, or too many attempts). All state is in the
 * database, so a restart, a crash or another node simply carries on from there.
 */
import type { Database } from '../../../db/client.ts';
import { mayRetry, MAX_MAIL_ATTEMPTS, retryDelayMs } from './backoff.ts';
import { mailEvents } from './outbox.ts';
import { MAIL_RETENTION_MS, pruneOldMail } from './retention.ts';
import { claimDueMail, getNextAttemptAt, markAttemptFailed, markSent, releaseClaims, type ClaimedMail } from './queue.ts';
import { OutboxRounds } from '../outbox/rounds.ts';
import { messageIdDomainOf } from './sender-address.ts';
import type { MailTransport } from './transport.ts';
import { logLine } from '../log/log-line.ts';

export interface MailSenderOptions {
  db: Database;
  transport: MailTransport;
  /** The From header of every message. */
  from: string;
  /** Wait after a first failure (doubles per attempt). */
  retryBaseMs: number;
  /** How often to look for rows other processes wrote. */
  pollMs: number;
  maxAttempts?: number;
  /** How long a claim holds a row; an attempt must end well within it. */
  leaseMs?: number;
  /** The longest one delivery may take before it is abandoned (and retried). */
  sendTimeoutMs?: number;
  /** How long `stop()` lets a delivery in progress finish before abandoning it. */
  stopGraceMs?: number;
  batch?: number;
  /** Sent and failed messages older than this are deleted (with their files). */
  retentionMs?: number;
  pruneEveryMs?: number;
  log?: (level: 'info' | 'warn', msg: string, fields?: Record<string, unknown>) => void;
  now?: () => Date;
}

/** What a failed attempt tells: the reply code when the server gave one, and whether it is final. */
export function describeFailure(error: unknown): { message: string; permanent: boolean } {
  const details = (error ?? {}) as { responseCode?: unknown; code?: unknown; message?: unknown };
  const responseCode = typeof details.responseCode === 'number' ? details.responseCode : undefined;
  const label = responseCode ?? (typeof details.code === 'string' ? details.code : undefined);
  const text = typeof details.message === 'string' ? details.message : String(error);
  // 5xx: the server refused the message for good (unknown mailbox, policy); trying again changes nothing.
  return { message: label === undefined ? text : `${label}: ${text}`, permanent: responseCode !== undefined && responseCode >= 500 && responseCode < 600 };
}

export class MailSender {
  readonly #options: Required<MailSenderOptions>;
  readonly #messageIdDomain: string;
  readonly #rounds: OutboxRounds;
  #lastPruneAt = Number.NEGATIVE_INFINITY;
  /** Aborts the delivery in progress when a stop's grace period is over. */
  #abort = new AbortController();
  readonly #onEnqueued = () => this.wake();

  constructor(options: MailSenderOptions) {
    this.#options = {
      maxAttempts: MAX_MAIL_ATTEMPTS,
      leaseMs: 10 * 60_000,
      sendTimeoutMs: 2 * 60_000,
      stopGraceMs: 10_000,
      batch: 10,
      retentionMs: MAIL_RETENTION_MS,
      pruneEveryMs: 60 * 60_000,
      log: logLine,
      now: () => new Date(),
      ...options,
    };
    this.#messageIdDomain = messageIdDomainOf(options.from);
    this.#rounds = new OutboxRounds({
      round: (claimAtOnce) => this.#round(claimAtOnce),
      nextDue: () => getNextAttemptAt(this.#options.db),
      pollMs: this.#options.pollMs,
      now: () => this.#options.now(),
    });
  }

  /** Listens for new messages and delivers what is already due. */
  start(): void {
    mailEvents.on('enqueued', this.#onEnqueued);
    this.wake();
  }

  /**
   * Runs a round now, or right after the one in progress. A wake-up goes straight to the claim,
   * which waits in this process's write queue behind the transaction that enqueued the message,
   * so it sees the row once that commits.
   */
  wake(): void {
    this.#rounds.run(true);
  }

  /**
   * Stops taking rows; a delivery in progress gets `stopGraceMs` to finish, then is abandoned and
   * its row given back. Resolves once nothing runs (then the database may close).
   */
  async stop(): Promise<void> {
    const running = this.#rounds.stop();
    mailEvents.off('enqueued', this.#onEnqueued);
    if (!running) return this.#options.transport.close();
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, this.#options.stopGraceMs)));
    await Promise.race([running, grace]);
    clearTimeout(graceTimer);
    this.#abort.abort();
    await running;
    this.#options.transport.close();
  }

  async #round(claimAtOnce: boolean): Promise<void> {
    let idle = false;
    try {
      const { db, now } = this.#options;
      // A timed poll reads first: idle nodes must not take the write lock every few seconds.
      const next = claimAtOnce ? now() : await getNextAttemptAt(db);
      if (next !== undefined && next <= now()) idle = (await this.#deliverDue()) === 0 && !claimAtOnce;
    } catch (error) {
      this.#options.log('warn', 'mail sender: a round failed; trying again at the next poll', { error: String(error) });
      idle = true;
    }
    await this.#pruneNowAndThen();
    await this.#rounds.scheduleNext(idle);
  }

  /** Claims and delivers until nothing is due; resolves with the number of rows claimed. */
  async #deliverDue(): Promise<number> {
    const { db, leaseMs, batch, now } = this.#options;
    let total = 0;
    for (;;) {
      const claimed = await claimDueMail(db, { now: now(), leaseMs, limit: batch, messageIdDomain: this.#messageIdDomain });
      total += claimed.length;
      for (const [index, row] of claimed.entries()) {
        // A row is only attempted while its lease leaves room for the whole attempt; otherwise
        // another node could take it over mid-send.
        if (this.#rounds.stopped || row.leaseUntil.getTime() - now().getTime() < this.#options.sendTimeoutMs) {
          await releaseClaims(db, claimed.slice(index), now());
          return total;
        }
        await this.#deliver(row);
      }
      if (claimed.length < batch) return total;
    }
  }

  async #deliver(row: ClaimedMail): Promise<void> {
    const { db, transport, now, log } = this.#options;
    const signal = AbortSignal.any([this.#abort.signal, AbortSignal.timeout(this.#options.sendTimeoutMs)]);
    try {
      await transport.deliver(
        {
          id: row.id,
          createdAt: row.createdAt,
          messageId: row.messageId,
          from: this.#options.from,
          to: row.recipient,
          replyTo: row.replyTo,
          subject: row.subject,
          text: row.text,
          html: row.html,
        },
        signal,
      );
    } catch (error) {
      if (this.#abort.signal.aborted) {
        // Stopping: the server may or may not have the message; the row's Message-ID stays the
        // same if it is delivered again.
        await releaseClaims(db, [row], now());
        return;
      }
      const failure = describeFailure(error);
      const retry = !failure.permanent && mayRetry(row.attempts, this.#options.maxAttempts);
      const nextAttemptAt = retry ? new Date(now().getTime() + retryDelayMs(row.attempts, { baseMs: this.#options.retryBaseMs })) : null;
      await markAttemptFailed(db, row, { error: failure.message, nextAttemptAt });
      log('warn', retry ? 'mail not delivered: will retry' : 'mail not delivered: given up', {
        id: row.id,
        kind: row.kind,
        attempts: row.attempts,
        error: failure.message,
        ...(nextAttemptAt ? { nextAttemptAt: nextAttemptAt.toISOString() } : {}),
      });
      return;
    }
    await markSent(db, row, { now: now(), keepBody: transport.kind === 'file' });
  }

  /** Once an hour (and at start): every process may, deleting twice is harmless. */
  async #pruneNowAndThen(): Promise<void> {
    const { db, transport, now, retentionMs, pruneEveryMs, log } = this.#options;
    if (this.#rounds.stopped || now().getTime() - this.#lastPruneAt < pruneEveryMs) return;
    this.#lastPruneAt = now().getTime();
    try {
      const removed = await pruneOldMail(db, { now: now(), retentionMs });
      await transport.forget(removed);
      if (removed.length > 0) log('info', 'old mail deleted', { count: removed.length });
    } catch (error) {
      log('warn', 'deleting old mail failed', { error: String(error) });
    }
  }
}
