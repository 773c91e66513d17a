/**
 * The daily housekeeping of a machine (run once per machine: by the single process, or by the worker
 * holding the machine's duties, src/server/runtime/machine-duties.ts): contact
 * messages past the privacy policy's retention (decision 021), old webhook deliveries
 * (decision 028) and trash entries past `HUB_TRASH_DAYS` (decision 053). Runs at start and then
 * daily; each job is an idempotent DELETE, so machines
 * sharing a database need no coordination. Failures are logged, never thrown: the next run
 * catches up.
 */
import type { Database } from '../../../db/client.ts';
import { deleteExpiredMessages, type RetentionSettings } from '../inbox/retention.ts';
import { pruneOldWebhookDeliveries } from '../webhooks/retention.ts';
import { getStorage } from '../storage/index.ts';
import { purgeExpiredTrash } from '../trash/store.ts';

const DAY = 24 * 60 * 60_000;

export type DailySettings = RetentionSettings & { HUB_WEBHOOK_RETENTION_DAYS: number; HUB_TRASH_DAYS: number };

/** One run of every daily job; each says what it did, even when it deleted nothing. */
export async function runDailyOperations(db: Database, env: DailySettings): Promise<void> {
  await deleteExpiredMessages(db, env).then(
    (count) => console.log(`Contact retention: deleted ${count} contact message(s) handled more than ${env.HUB_CONTACT_RETENTION_MONTHS} months ago.`),
    (error: unknown) => console.warn(`Could not delete expired contact messages: ${String(error)}`),
  );
  await pruneOldWebhookDeliveries(db, { retentionDays: env.HUB_WEBHOOK_RETENTION_DAYS }).then(
    (count) => console.log(`Webhook retention: deleted ${count} delivered or failed webhook deliveries older than ${env.HUB_WEBHOOK_RETENTION_DAYS} days.`),
    (error: unknown) => console.warn(`Could not delete old webhook deliveries: ${String(error)}`),
  );
  await purgeExpiredTrash(db, getStorage(), { days: env.HUB_TRASH_DAYS }).then(
    (count) => console.log(`Trash: purged ${count} item(s) deleted more than ${env.HUB_TRASH_DAYS} days ago.`),
    (error: unknown) => console.warn(`Could not purge the trash: ${String(error)}`),
  );
}

/** Runs the daily jobs at once and then every `everyMs` for the life of the process; returns a stop function. */
export function startDailyOperations(db: Database, env: DailySettings, everyMs = DAY): () => void {
  void runDailyOperations(db, env);
  const timer = setInterval(() => void runDailyOperations(db, env), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
