/** The shared cache purger of an app process, configured from the environment (docs/decisions/050). */
import type { Database } from '../../../db/client.ts';
import type { Env } from '../config/env.ts';
import { EdgePurgeSender } from './sender.ts';
import { targetsFromEnv } from './targets.ts';

type EdgePurgeSettings = Parameters<typeof targetsFromEnv>[0] & Pick<Env, 'HUB_PURGE_POLL_MS' | 'HUB_PURGE_RETRY_BASE_MS'>;

/** Starts sending purges to the configured shared caches; undefined when none is configured. */
export function startEdgePurges(db: Database, env: EdgePurgeSettings): EdgePurgeSender | undefined {
  const targets = targetsFromEnv(env);
  if (targets.length === 0) return undefined;
  const sender = new EdgePurgeSender({
    db,
    targets,
    pollMs: env.HUB_PURGE_POLL_MS,
    // Two polls and a margin: every node has read the log by then (decision 010).
    settleMs: env.HUB_PURGE_POLL_MS * 2 + 500,
    retryBaseMs: env.HUB_PURGE_RETRY_BASE_MS,
  });
  sender.start();
  return sender;
}
