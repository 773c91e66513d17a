/**
 * Sends the hub's cache purges to the shared caches (docs/decisions/050), built like the webhook
 * sender (decision 028): every serving process runs one; it wakes when this process logs a purge
 * and every `pollMs` for purges other processes logged. For each target a round claims its cursor,
 * reads the purges after it, and sends their keys in as few calls as the target's limits allow;
 * a failure keeps the cursor where it was and retries with exponential backoff and jitter, for
 * as long as it takes. A save never waits for any of it.
 *
 * Each target is sent every purge twice: at once (`first`), and `settleMs` later (`again`), when
 * every app node has applied it to its own page cache; a shared cache that refetched a page from
 * a node that had not yet purged it gets the corrected page then. Purges pruned from the log
 * before a target got them (an outage longer than the retention) become one purge of `all`.
 */
import type { Database } from '../../../db/client.ts';
import { retryDelayMs } from '../mail/backoff.ts';
import { OutboxRounds } from '../outbox/rounds.ts';
import { getLatestPurgeId, getLatestPurgeIdOlderThan, purgeLogEvents, readPurgesAfter } from '../page-cache/purge-log.ts';
import { hasMissingPurges } from '../page-cache/purge-poller.ts';
import { purgeKeysOf } from '../page-cache/shared-tags.ts';
import { hubTags } from '../page-cache/tags.ts';
import { logLine } from '../log/log-line.ts';
import { claimCursor, ensureCursors, readCursors, recordFailure, recordSent, releaseCursor, type ClaimedCursor, type EdgePurgeCursor } from './cursors.ts';
import { purgeInChunks, type EdgeTarget } from './targets.ts';

/** Purge rows sent in one round per target; a target further behind gets another round at once. */
const ROWS_PER_ROUND = 500;

export interface EdgePurgeSenderOptions {
  db: Database;
  targets: readonly EdgeTarget[];
  /** How often to look for purges other processes logged (`HUB_PURGE_POLL_MS`). */
  pollMs: number;
  /** How long after a purge every node has applied it: the `again` pass waits this long. */
  settleMs: number;
  retryBaseMs: number;
  /** The longest one call to a target may take. */
  timeoutMs?: number;
  log?: (level: 'info' | 'warn', msg: string, fields?: Record<string, unknown>) => void;
  now?: () => Date;
}

export class EdgePurgeSender {
  readonly #options: Required<EdgePurgeSenderOptions>;
  readonly #targets: Map<string, EdgeTarget>;
  readonly #rounds: OutboxRounds;
  readonly #abort = new AbortController();
  readonly #onInserted = () => this.wake();
  #started: Promise<void> | undefined;
  /** The sends in progress, by target and pass. */
  readonly #sending = new Map<string, Promise<unknown>>();

  constructor(options: EdgePurgeSenderOptions) {
    this.#options = { timeoutMs: 10_000, log: logLine, now: () => new Date(), ...options };
    this.#targets = new Map(options.targets.map((target) => [target.id, target]));
    this.#rounds = new OutboxRounds({
      round: () => this.#round(),
      // Every poll: the `again` pass falls due with time, not with a new row.
      nextDue: async () => undefined,
      pollMs: this.#options.pollMs,
      now: () => this.#options.now(),
    });
  }

  start(): void {
    purgeLogEvents.on('inserted', this.#onInserted);
    this.wake();
  }

  /** Runs a round now, or right after the one in progress. */
  wake(): void {
    this.#rounds.run(true);
  }

  /** Stops sending; calls in progress are aborted and their cursors given back. */
  async stop(): Promise<void> {
    const running = this.#rounds.stop();
    purgeLogEvents.off('inserted', this.#onInserted);
    this.#abort.abort();
    await running;
    await Promise.all(this.#sending.values());
  }

  async #round(): Promise<void> {
    try {
      const { db, now } = this.#options;
      this.#started ??= ensureCursors(db, [...this.#targets.keys()]);
      await this.#started;
      const [latest, settled, cursors] = await Promise.all([getLatestPurgeId(db), getLatestPurgeIdOlderThan(db, this.#options.settleMs), readCursors(db)]);
      const at = now();
      for (const cursor of cursors) {
        const key = `${cursor.target}\n${cursor.pass}`;
        const due =
          this.#targets.has(cursor.target) &&
          !this.#sending.has(key) &&
          // Read first, without the write lock: most polls find nothing to claim.
          cursor.lastId < (cursor.pass === 'again' ? settled : latest) &&
          !(cursor.nextAttemptAt && cursor.nextAttemptAt > at) &&
          !(cursor.leaseUntil && cursor.leaseUntil > at);
        if (!due) continue;
        // Each target on its own: a slow or dead one delays nobody else, nor the next rounds.
        const sending = this.#send(cursor, cursor.pass === 'again' ? settled : Infinity)
          .then(
            // Purges logged while this one was sent are due now, not at the next poll.
            (outcome) => (outcome === 'sent' || outcome === 'more') && this.wake(),
            (error: unknown) => this.#options.log('warn', 'shared cache purges: sending failed', { target: cursor.target, error: String(error) }),
          )
          .finally(() => this.#sending.delete(key));
        this.#sending.set(key, sending);
      }
    } catch (error) {
      this.#started = undefined;
      this.#options.log('warn', 'shared cache purges: a round failed; trying again at the next poll', { error: String(error) });
    }
    await this.#rounds.scheduleNext(true);
  }

  /**
   * Sends one cursor's next purges, up to purge id `upTo`; `more` when a full batch went and
   * others may follow.
   */
  async #send(cursor: EdgePurgeCursor, upTo: number): Promise<'idle' | 'sent' | 'more' | 'failed'> {
    const { db, now, timeoutMs, retryBaseMs, log } = this.#options;
    const target = this.#targets.get(cursor.target)!;
    const claimed = await claimCursor(db, cursor, now(), timeoutMs * 4 + 30_000);
    if (!claimed) return 'idle';
    const rows = await readPurgesAfter(db, claimed.lastId, ROWS_PER_ROUND);
    const batch = rows.filter((row) => row.id <= upTo);
    if (batch.length === 0) {
      await releaseCursor(db, claimed);
      return 'idle';
    }
    const everything = hasMissingPurges(claimed.lastId, batch) || batch.some((row) => row.tags === null);
    const tags = everything ? [hubTags.all] : [...new Set(batch.flatMap((row) => row.tags ?? []))];
    const lastId = batch.at(-1)!.id;
    try {
      await purgeInChunks(target, purgeKeysOf(tags), AbortSignal.any([this.#abort.signal, AbortSignal.timeout(timeoutMs)]));
    } catch (error) {
      if (this.#abort.signal.aborted) {
        await releaseCursor(db, claimed);
        return 'idle';
      }
      return this.#fail(claimed, error, log, retryBaseMs);
    }
    await recordSent(db, claimed, lastId, now());
    return rows.length === ROWS_PER_ROUND && batch.length === rows.length ? 'more' : 'sent';
  }

  async #fail(claimed: ClaimedCursor, error: unknown, log: Required<EdgePurgeSenderOptions>['log'], retryBaseMs: number): Promise<'failed'> {
    const at = this.#options.now();
    const failures = claimed.failures + 1;
    const reason = error instanceof Error && error.name === 'PurgeRequestError' ? error.message : describeFailure(error);
    const nextAttemptAt = new Date(at.getTime() + retryDelayMs(failures, { baseMs: retryBaseMs }));
    log('warn', 'shared cache purge failed: will retry', { target: claimed.target, pass: claimed.pass, failures, error: reason });
    await recordFailure(this.#options.db, claimed, reason, at, nextAttemptAt);
    return 'failed';
  }
}

/** A network failure in a few words (fetch hides the cause one level down). */
function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    if (error.name === 'TimeoutError') return 'no answer in time';
    if (cause && typeof cause.code === 'string') return `${error.message} (${cause.code})`;
    return error.message;
  }
  return String(error);
}
