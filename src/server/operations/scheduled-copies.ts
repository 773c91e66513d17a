/**
 * Publishes working copies scheduled for "Publish changes at" when their time comes (decision
 * 035's amendment). Every serving process runs one, like the outbox senders: it sleeps until the
 * earliest scheduled instant or one poll interval, whichever comes first, and wakes when its own
 * requests schedule a copy. The claim in `publishDueWorkingCopies` applies each copy once however
 * many processes and machines poll; each applied copy purges the hub pages it changed here, and
 * through the purge record, on the other nodes.
 */
import type { Database } from '../../../db/client.ts';
import { getNextScheduledCopy, publishDueWorkingCopies, scheduleEvents } from '../admin/working-copy-schedule.ts';
import { invalidateHubFor } from '../page-cache/invalidate.ts';
import type { PageCacheRequest } from '../page-cache/request.ts';
import { OutboxRounds } from '../outbox/rounds.ts';
import { logLine } from '../log/log-line.ts';

export interface ScheduledCopiesOptions {
  db: Database;
  pollMs: number;
  /** This process's page cache (undefined where none runs). */
  pageCache?: Pick<PageCacheRequest, 'purge'> | undefined;
  log?: (msg: string, fields: Record<string, unknown>) => void;
}

/** Starts the rounds; returns a function that stops them (resolving with the round in progress). */
export function startScheduledCopies({ db, pollMs, pageCache, log = defaultLog }: ScheduledCopiesOptions): () => Promise<void> {
  const rounds: OutboxRounds = new OutboxRounds({
    pollMs,
    now: () => new Date(),
    nextDue: () => getNextScheduledCopy(db),
    round: async () => {
      let idle = false;
      try {
        const applied = await publishDueWorkingCopies(db, async ({ purge }) => {
          invalidateHubFor(pageCache, purge);
        });
        idle = applied === 0 && ((await getNextScheduledCopy(db))?.getTime() ?? Infinity) <= Date.now();
      } catch (error) {
        log('scheduled changes: a round failed; trying again at the next poll', { error: String(error) });
        idle = true;
      }
      await rounds.scheduleNext(idle);
    },
  });
  const wake = () => rounds.run(false);
  scheduleEvents.on('scheduled', wake);
  rounds.run(false);
  return async () => {
    scheduleEvents.off('scheduled', wake);
    await rounds.stop();
  };
}

const defaultLog = (msg: string, fields: Record<string, unknown>): void => logLine('warn', msg, fields);
