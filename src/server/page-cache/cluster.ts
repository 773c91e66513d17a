/**
 * Purges between the workers of one machine (`HUB_WORKERS` > 1), over the cluster's IPC channel:
 * a worker that purged tells the primary, which relays the purge to every other worker at once.
 * One worker at a time also holds the machine's duties (`assignDuties`, scripts/start.ts): it
 * publishes the machine's purges for other machines and polls theirs, which it applies and
 * announces like its own. The primary itself opens no database (decision 012).
 */
import cluster, { type Worker } from 'node:cluster';
import type { PurgeOptions } from './request.ts';

interface PurgeMessage {
  kind: 'edition-hub:purge';
  tags: string[];
  purgeId?: number | undefined;
}

interface DutiesMessage {
  kind: 'edition-hub:duties';
  /** Given after the holder died: the purges other machines logged since its last poll are unknown. */
  takeover: boolean;
}

const isPurge = (message: unknown): message is PurgeMessage => (message as PurgeMessage | null)?.kind === 'edition-hub:purge';
const isDuties = (message: unknown): message is DutiesMessage => (message as DutiesMessage | null)?.kind === 'edition-hub:duties';

/** In a worker: the `fanOut` of its page cache (the primary relays to the others). */
export function announcePurge(tags: readonly string[], { purgeId }: PurgeOptions): void {
  if (!process.send || !process.connected) return;
  const message: PurgeMessage = { kind: 'edition-hub:purge', tags: [...tags], purgeId };
  process.send(message);
}

/**
 * In a worker: hands each purge the primary relays from another worker to `apply` (with the id
 * of the purge row that worker's write recorded, when it did), and calls `onDuties` once this
 * worker is given the machine's duties.
 */
export function receiveFromPrimary(apply: (tags: readonly string[], options: PurgeOptions) => void, onDuties: (takeover: boolean) => void): void {
  process.on('message', (message: unknown) => {
    if (isPurge(message)) apply(message.tags, { purgeId: message.purgeId });
    else if (isDuties(message)) onDuties(message.takeover);
  });
}

/** In the primary: relays each worker's purges to every other worker. */
export function relayPurges(): void {
  cluster.on('message', (from, message: unknown) => {
    if (!isPurge(message)) return;
    const relayed: PurgeMessage = { kind: 'edition-hub:purge', tags: message.tags, purgeId: message.purgeId };
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from && worker.isConnected()) worker.send(relayed);
  });
}

/** In the primary: gives `worker` the machine's duties (once it listens: its handlers are in place). */
export function assignDuties(worker: Worker, takeover: boolean): void {
  if (!worker.isConnected()) return;
  const message: DutiesMessage = { kind: 'edition-hub:duties', takeover };
  worker.send(message);
}
