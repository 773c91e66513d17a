/** What the admin dashboard shows: how much content there is, and what changed last. */
import { count, desc } from 'drizzle-orm';
import { auditLog, curators, editions, events, files, medias, organizers, tags } from '../../../db/schema.ts';
import type { Executor } from '../../../db/client.ts';
import type { AdminCollection } from '../auth/permissions.ts';

const tables = { curators, editions, events, files, medias, organizers, tags } as const satisfies Record<AdminCollection, unknown>;

/** Number of rows per admin collection (every status, drafts included). */
export async function countCollections(db: Executor): Promise<Record<AdminCollection, number>> {
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<AdminCollection, number>;
}

export type AuditEntry = typeof auditLog.$inferSelect;

/** The most recent audit-log entries, newest first. */
export function listLatestAuditEntries(db: Executor, limit = 10): Promise<AuditEntry[]> {
  return db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit);
}
