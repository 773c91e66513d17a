/**
 * Applies the cache purges other app nodes wrote (docs/decisions/010): every `intervalMs` it
 * reads the `cache_purges` rows after the last id it saw and purges their tags from this node's
 * caches. When it cannot know what it missed — the poll failed, or rows were pruned before it
 * read them — it purges everything, which is always safe. Once a minute it prunes old rows.
 * Its timer never keeps the process alive, and `stop()` waits for a poll in progress.
 */
import type { Database } from '../../../db/client.ts';
import type { OwnPurges } from './own-purges.ts';
import { getLatestPurgeId, prunePurges, PURGE_BATCH, PURGE_RETENTION_MS, readPurgesAfter, type PurgeRow } from '../page-cache/purge-log.ts';
import { logLine } from '../log/log-line.ts';

export interface PurgePollerOptions {
  db: Database;
  intervalMs: number;
  /** This node's own rows (skipped: it purged when it wrote them). */
  own: OwnPurges;
  /** Purges `tags` from every page cache of this machine (and the memos derived from content). */
  applyTags: (tags: readonly string[]) => Promise<void>;
  /** Purges every page cache of this machine whole. */
  applyEverything: () => Promise<void>;
  batch?: number;
  retentionMs?: number;
  pruneEveryMs?: number;
  log?: (level: 'warn' | 'info', msg: string, fields?: Record<string, unknown>) => void;
  now?: () => number;
}

/** What one poll did: `more` means a full batch came back and the next poll should follow at once. */
export type PollOutcome = 'idle' | 'applied' | 'more' | 'missed' | 'failed';

/** True when the ids do not follow `lastId` one by one: rows in between are gone. */
export function hasMissingPurges(lastId: number, rows: readonly PurgeRow[]): boolean {
  return rows.some((row, index) => row.id !== (index === 0 ? lastId : rows[index - 1]!.id) + 1);
}

export class PurgePoller {
  readonly #options: Required<PurgePollerOptions>;
  /** Last id applied; undefined until the start position is known. */
  #lastId: number | undefined;
  #failing = false;
  #lastPruneAt = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = false;

  constructor(options: PurgePollerOptions) {
    this.#options = {
      batch: PURGE_BATCH,
      retentionMs: PURGE_RETENTION_MS,
      pruneEveryMs: 60_000,
      log: logLine,
      now: Date.now,
      ...options,
    };
  }

  /** The last purge id this node has applied (undefined before it could read the log). */
  get lastId(): number | undefined {
    return this.#lastId;
  }

  /** Starts from the newest row (this node's caches are empty) and schedules the first poll. */
  async start(): Promise<void> {
    try {
      this.#lastId = await getLatestPurgeId(this.#options.db);
    } catch (error) {
      // The first successful poll starts from there and purges everything it may have cached.
      this.#reportFailure(error);
    }
    this.#schedule(this.#options.intervalMs);
  }

  /** Stops polling; resolves once a poll in progress has finished (then the database may close). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** Reads and applies the purges after the last id once (the timer calls it; tests may too). */
  async pollOnce(): Promise<PollOutcome> {
    const { db, own, batch } = this.#options;
    let outcome: PollOutcome;
    try {
      if (this.#lastId === undefined) {
        const latest = await getLatestPurgeId(db);
        await this.#options.applyEverything();
        this.#lastId = latest;
        outcome = 'missed';
      } else {
        const rows = await readPurgesAfter(db, this.#lastId, batch);
        outcome = await this.#apply(this.#lastId, rows);
        if (rows.length > 0) this.#lastId = rows.at(-1)!.id;
      }
    } catch (error) {
      await this.#options.applyEverything().catch(() => undefined);
      this.#reportFailure(error);
      return 'failed';
    }
    own.forgetUpTo(this.#lastId);
    if (this.#failing) {
      this.#failing = false;
      this.#options.log('info', 'cache purge polling recovered', { lastId: this.#lastId });
    }
    await this.#pruneNowAndThen();
    return outcome;
  }

  async #apply(lastId: number, rows: readonly PurgeRow[]): Promise<PollOutcome> {
    const { own, batch } = this.#options;
    if (rows.length === 0) return 'idle';
    if (hasMissingPurges(lastId, rows)) {
      await this.#options.applyEverything();
      this.#options.log('warn', 'cache purges were pruned before this node read them: purged its whole cache', { lastId, nextId: rows[0]!.id });
      return 'missed';
    }
    const tags = new Set<string>();
    let everything = false;
    for (const row of rows) {
      if (own.take(row.id)) continue;
      if (row.tags === null) everything = true;
      else for (const tag of row.tags) tags.add(tag);
    }
    // One purge for the whole batch, whatever the number of rows.
    if (everything) await this.#options.applyEverything();
    else if (tags.size > 0) await this.#options.applyTags([...tags]);
    return rows.length === batch ? 'more' : 'applied';
  }

  #reportFailure(error: unknown): void {
    if (this.#failing) return;
    this.#failing = true;
    this.#options.log('warn', "cache purge polling failed: purging this node's whole cache on every poll until it recovers", {
      error: String(error),
    });
  }

  async #pruneNowAndThen(): Promise<void> {
    const now = this.#options.now();
    if (now - this.#lastPruneAt < this.#options.pruneEveryMs) return;
    this.#lastPruneAt = now;
    try {
      await prunePurges(this.#options.db, this.#options.retentionMs);
    } catch (error) {
      this.#options.log('warn', 'pruning old cache purges failed', { error: String(error) });
    }
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      const poll = this.pollOnce().catch((): PollOutcome => 'failed');
      this.#running = poll;
      void poll.then((outcome) => this.#schedule(outcome === 'more' ? 0 : this.#options.intervalMs));
    }, delayMs);
    // Polling is background work: it must never be what keeps the process running.
    this.#timer.unref();
  }
}
