/**
 * This node's side of cache purges shared between app nodes (docs/decisions/010): which purge
 * rows it wrote itself, and how to purge its own caches from outside a request. The state lives
 * on `globalThis` because the start script (which runs the poller) and Astro's server bundle
 * (which handles writes and owns the route cache and the memos) load separate copies of this
 * module.
 */
import { invalidateFrontCache } from '../runtime/front-cache.ts';
import type { TagInvalidator } from './invalidate.ts';
import { hubTags } from './tags.ts';

/** Ids of the purge rows this node wrote: its poller skips them (it purged when it wrote them). */
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

interface NodePurgeState {
  /** Set while this node publishes its purges (a poller runs); unset: a single node, nothing written. */
  own?: OwnPurges;
  /** Astro's route cache, taken from the first cached hub render (nothing to purge before it). */
  routeCache?: TagInvalidator;
  /** Forgets the bundle's memos derived from content (next scheduled publication, event span). */
  forgetMemos?: () => void;
}

const STATE = Symbol.for('edition-hub.node-purges');
type Registry = typeof globalThis & { [STATE]?: NodePurgeState };

function state(): NodePurgeState {
  return ((globalThis as Registry)[STATE] ??= {});
}

/** Starts publishing this node's purges for the other nodes; returns the set of its own rows. */
export function startPublishingPurges(): OwnPurges {
  return (state().own ??= new OwnPurges());
}

/** This node's own purge rows, or undefined when it does not publish purges (single node). */
export function getOwnPurges(): OwnPurges | undefined {
  return state().own;
}

/** Called by cached hub renders: makes the route cache and the memos reachable from the poller. */
export function rememberHubRenderer(routeCache: unknown, forgetMemos: () => void): void {
  const current = state();
  current.forgetMemos ??= forgetMemos;
  if (!current.routeCache && typeof (routeCache as Partial<TagInvalidator> | undefined)?.invalidate === 'function') {
    current.routeCache = routeCache as TagInvalidator;
  }
}

/** Purges `tags` from this node's caches (front cache, route cache) and forgets its memos. */
export async function purgeNodeTags(tags: readonly string[]): Promise<void> {
  const current = state();
  current.forgetMemos?.();
  if (tags.length === 0) return;
  invalidateFrontCache(tags);
  await current.routeCache?.invalidate({ tags: [...tags] });
}

/** Purges every cached hub response of this node (each carries the `all` tag). */
export function purgeNodeEverything(): Promise<void> {
  return purgeNodeTags([hubTags.all]);
}
