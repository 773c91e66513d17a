/**
 * The duties of one process per machine: publishing this machine's purges for the others and
 * applying theirs (the `cache_purges` log, decision 010), sweeping leftovers of interrupted
 * uploads hourly and the daily housekeeping (decisions 021, 028). A single process holds them
 * itself; with workers, the primary gives them to one worker at a time (`assignDuties`), so the
 * primary never opens the database (decision 012).
 */
import { writeTransaction, type Database } from '../../../db/client.ts';
import type { Env } from '../config/env.ts';
import { startDailyOperations } from '../operations/daily.ts';
import { OwnPurges } from '../page-cache/own-purges.ts';
import { insertPurge } from '../page-cache/purge-log.ts';
import { PurgePoller } from '../page-cache/purge-poller.ts';
import type { PurgeOptions } from '../page-cache/request.ts';
import { hubTags } from '../page-cache/tags.ts';
import { startLeftoverSweeps } from '../uploads/leftovers.ts';
import { logLine } from '../log/log-line.ts';

export interface MachineDuties {
  /**
   * Makes a purge of this machine reach the others: notes the row the write recorded as our own
   * (the poller skips it), or writes one when the write did not. Nothing when polling is off.
   */
  publish: (tags: readonly string[], options: PurgeOptions) => void;
  /** Stops polling (a poll in progress finishes first) and the periodic jobs. */
  stop: () => Promise<void>;
}

/** Starts the duties; `apply` purges tags another machine logged, on every worker of this one. */
export async function startMachineDuties(
  db: Database,
  env: Env,
  apply: (tags: readonly string[]) => void,
  { takeover = false }: { takeover?: boolean } = {},
): Promise<MachineDuties> {
  const own = new OwnPurges();
  const poller =
    env.HUB_PURGE_POLL_MS === 0
      ? undefined
      : new PurgePoller({
          db,
          intervalMs: env.HUB_PURGE_POLL_MS,
          own,
          applyTags: async (tags) => apply(tags),
          applyEverything: async () => apply([hubTags.all]),
        });
  await poller?.start();
  // Taken over from a holder that died: the poller starts at the newest row, and what other
  // machines logged between the dead holder's last poll and now is unknown, so every page goes.
  if (poller && takeover) {
    apply([hubTags.all]);
    logLine('info', "took over the machine's duties: purged every page");
  }
  // Staged uploads and storage writes a crash interrupted are removed once idle, at start and hourly.
  const stopSweeps = startLeftoverSweeps(env.UPLOADS_DIR);
  // Contact messages handled 12 months ago and old webhook deliveries are deleted, at start and daily.
  const stopRetention = startDailyOperations(db, env);
  return {
    publish(tags, { purgeId }) {
      if (env.HUB_PURGE_POLL_MS === 0 || tags.length === 0) return;
      if (purgeId !== undefined) return own.mark(purgeId);
      // Through the write queue: a second writer would wait on SQLite's lock and block the event loop.
      writeTransaction(db, (tx) => insertPurge(tx, tags)).then(
        (id) => own.mark(id),
        (error: unknown) => logLine('warn', 'recording a cache purge for the other nodes failed', { error: String(error) }),
      );
    },
    async stop() {
      stopRetention();
      stopSweeps();
      await poller?.stop();
    },
  };
}
