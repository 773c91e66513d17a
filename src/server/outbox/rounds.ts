/**
 * The delivery loop of an outbox (mail, webhooks): one round at a time in this process; a wake-up
 * during a round runs another right after it; between rounds it sleeps until the earliest row is
 * due or one poll interval, whichever comes first (a full interval after a round that found
 * nothing it could claim: no busy loop). The timer never keeps the process alive.
 */
export interface OutboxRoundsOptions {
  /** One round; `claimAtOnce` when woken by a new row rather than by the timer. */
  round(claimAtOnce: boolean): Promise<void>;
  /** When the earliest pending row is due, if any. */
  nextDue(): Promise<Date | undefined>;
  pollMs: number;
  now(): Date;
}

export class OutboxRounds {
  readonly #options: OutboxRoundsOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(options: OutboxRoundsOptions) {
    this.#options = options;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Runs a round now, or right after the one in progress. */
  run(claimAtOnce: boolean): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again ||= claimAtOnce;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.#options.round(claimAtOnce).finally(() => {
      this.#running = undefined;
      if (this.#again) {
        this.#again = false;
        this.run(true);
      }
    });
  }

  /** Sleeps until the next row is due (a full interval after an `idle` round), then runs a round. */
  async scheduleNext(idle: boolean): Promise<void> {
    if (this.#stopped) return;
    const { pollMs, now } = this.#options;
    let delay = pollMs;
    if (!idle) {
      try {
        const next = await this.#options.nextDue();
        if (next !== undefined) delay = Math.max(0, Math.min(pollMs, next.getTime() - now().getTime()));
      } catch {
        // The poll interval then; the next round reports the failure.
      }
    }
    if (this.#stopped) return;
    this.#timer = setTimeout(() => this.run(false), delay);
    this.#timer.unref();
  }

  /** No round starts after this; resolves with the round in progress, if any. */
  stop(): Promise<void> | undefined {
    this.#stopped = true;
    clearTimeout(this.#timer);
    return this.#running;
  }
}
