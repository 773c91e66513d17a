/**
 * Purges between the workers of one machine (`HUB_WORKERS` > 1), over the cluster's IPC channel:
 * a worker that wrote purges itself and tells the primary, which relays the purge to every other
 * worker at once and publishes it for other machines (scripts/start.ts). The primary also hands every worker the purges its poller reads from other machines.
 */
import cluster, { type Worker } from 'node:cluster';
import type { ProcessPageCache } from './process-cache.ts';
import type { PurgeOptions } from './request.ts';

interface PurgeMessage {
  kind: 'edition-hub:purge';
  tags: string[];
  purgeId?: number | undefined;
}

const isPurge = (message: unknown): message is PurgeMessage => (message as PurgeMessage | null)?.kind === 'edition-hub:purge';

/** In a worker: the `fanOut` of its page cache (the primary relays to the others). */
export function announcePurge(tags: readonly string[], { purgeId }: PurgeOptions): void {
  if (!process.send || !process.connected) return;
  const message: PurgeMessage = { kind: 'edition-hub:purge', tags: [...tags], purgeId };
  process.send(message);
}

/** In a worker: applies the purges the primary relays. */
export function receivePurges(cache: ProcessPageCache): void {
  process.on('message', (message: unknown) => {
    if (isPurge(message)) cache.apply(message.tags);
  });
}

function send(worker: Worker, tags: readonly string[]): void {
  if (!worker.isConnected()) return;
  const message: PurgeMessage = { kind: 'edition-hub:purge', tags: [...tags] };
  worker.send(message);
}

/** In the primary: sends `tags` to every worker (`except` the one that purged already). */
export function broadcastPurge(tags: readonly string[], except?: Worker): void {
  for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== except) send(worker, tags);
}

/** In the primary: relays each worker's purges to the others, then hands them to `publish`. */
export function relayPurges(publish: (tags: readonly string[], options: PurgeOptions) => void): void {
  cluster.on('message', (worker, message: unknown) => {
    if (!isPurge(message)) return;
    broadcastPurge(message.tags, worker);
    publish(message.tags, { purgeId: message.purgeId });
  });
}
