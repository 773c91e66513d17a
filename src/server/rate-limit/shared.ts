/**
 * Limits shared by every worker of a machine. With several workers (`HUB_WORKERS`), the primary
 * process holds the counters and workers ask it over the cluster's IPC channel, so a client
 * meets one limit however its connections are spread. A single process counts by itself.
 * (Per machine: several machines behind one address each count apart; see decision 012.)
 */
import cluster from 'node:cluster';
import { BackoffCounter, type BackoffOptions } from './backoff.ts';
import { FixedWindowCounter, type FixedWindowOptions, type WindowVerdict } from './fixed-window.ts';

/** How a limiter counts: a fixed window (the default) or growing delays (`strategy: 'backoff'`). */
export type LimiterOptions = FixedWindowOptions | BackoffOptions;

type Counter = Pick<FixedWindowCounter, 'count' | 'peek' | 'reset'>;

function createCounter(options: LimiterOptions): Counter {
  return 'strategy' in options ? new BackoffCounter(options) : new FixedWindowCounter(options);
}

type Operation = 'count' | 'peek' | 'reset';

interface LimitRequest {
  kind: 'edition-hub:limit';
  id: number;
  name: string;
  options: LimiterOptions;
  operation: Operation;
  key: string;
}

interface LimitReply {
  kind: 'edition-hub:limit-reply';
  id: number;
  verdict: WindowVerdict;
}

export interface SharedLimiter {
  count(key: string): Promise<WindowVerdict>;
  peek(key: string): Promise<WindowVerdict>;
  reset(key: string): Promise<void>;
}

const isRequest = (message: unknown): message is LimitRequest => (message as LimitRequest | null)?.kind === 'edition-hub:limit';
const isReply = (message: unknown): message is LimitReply => (message as LimitReply | null)?.kind === 'edition-hub:limit-reply';

function apply(counter: Counter, operation: Operation, key: string): WindowVerdict {
  if (operation === 'reset') {
    counter.reset(key);
    return { allowed: true, retryAfterSeconds: 0 };
  }
  return counter[operation](key);
}

let nextId = 0;
const pending = new Map<number, (verdict: WindowVerdict) => void>();
let listening = false;

/** Asks the primary; falls back to `local` when the channel is gone (a worker shutting down). */
function askPrimary(name: string, options: LimiterOptions, operation: Operation, key: string, local: Counter): Promise<WindowVerdict> {
  if (!listening) {
    listening = true;
    process.on('message', (message: unknown) => {
      if (!isReply(message)) return;
      pending.get(message.id)?.(message.verdict);
      pending.delete(message.id);
    });
  }
  const id = ++nextId;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    const request: LimitRequest = { kind: 'edition-hub:limit', id, name, options, operation, key };
    process.send!(request, undefined, {}, (error) => {
      if (!error) return;
      pending.delete(id);
      resolve(apply(local, operation, key));
    });
  });
}

/** A limiter named `name`: shared through the primary in a cluster worker, else in this process. */
export function createSharedLimiter(name: string, options: LimiterOptions): SharedLimiter {
  const local = createCounter(options);
  const run = (operation: Operation, key: string) =>
    cluster.isWorker && process.send ? askPrimary(name, options, operation, key, local) : Promise.resolve(apply(local, operation, key));
  return {
    count: (key) => run('count', key),
    peek: (key) => run('peek', key),
    reset: async (key) => {
      await run('reset', key);
    },
  };
}

/** In the primary: answers the workers' limit requests from one set of counters. */
export function serveSharedLimits(): void {
  const counters = new Map<string, Counter>();
  cluster.on('message', (worker, message: unknown) => {
    if (!isRequest(message)) return;
    let counter = counters.get(message.name);
    if (!counter) counters.set(message.name, (counter = createCounter(message.options)));
    const reply: LimitReply = { kind: 'edition-hub:limit-reply', id: message.id, verdict: apply(counter, message.operation, message.key) };
    if (worker.isConnected()) worker.send(reply);
  });
}
