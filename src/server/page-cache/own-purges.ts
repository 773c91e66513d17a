/**
 * The purge rows this node wrote itself (docs/decisions/010): its poller skips them, since the
 * node purged when it wrote them. Kept by the process that runs the poller (the worker holding
 * the machine's duties when several run), fed by its own purges and those the primary relays.
 */
export class OwnPurges {
  #ids = new Set<number>();

  get size(): number {
    return this.#ids.size;
  }

  mark(id: number): void {
    this.#ids.add(id);
  }

  /** True (once) when `id` is one of ours. */
  take(id: number): boolean {
    return this.#ids.delete(id);
  }

  /** Drops ids at or below `id`: the poller has passed them (ours or rolled back and reused). */
  forgetUpTo(id: number): void {
    for (const own of this.#ids) if (own <= id) this.#ids.delete(own);
  }
}
