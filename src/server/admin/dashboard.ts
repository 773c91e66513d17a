/** What the admin dashboard shows: how much content there is, and what changed last. */
import { count, desc } from 'drizzle-orm';
import { auditLog } from '../../../db/schema.ts';
import type { Executor } from '../../../db/client.ts';
import { collectionNames, type CollectionName } from '../../lib/collections/index.ts';
import { adminResources } from '../collections/registry.ts';

/** Number of rows per admin collection (every status, drafts included), in declaration order. */
export function countCollections(db: Executor): Promise<{ collection: CollectionName; count: number }[]> {
  return Promise.all(
    collectionNames.map(async (collection) => {
      const { table, managed } = adminResources[collection].spec;
      // Items only: an event's later dates are rows of their own (decision 049).
      const [row] = await db.select({ n: count() }).from(table).where(managed);
      return { collection, count: row?.n ?? 0 };
    }),
  );
}

export type AuditEntry = typeof auditLog.$inferSelect;

/** The most recent audit-log entries, newest first. */
export function listLatestAuditEntries(db: Executor, limit = 10): Promise<AuditEntry[]> {
  return db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}
