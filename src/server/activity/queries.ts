/** Reading the audit log: a filtered page of entries, one item's history, and who appears in it. */
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema.ts';
import type { AuditEntity } from '../audit/record.ts';
import { ACTIVITY_PAGE_SIZE, entityOfCollection, type ActivityQuery } from './filters.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export interface ActivityPage {
  rows: AuditRow[];
  total: number;
  page: number;
  pageSize: number;
}

const dayMs = 24 * 3600 * 1000;

function conditionsOf(query: ActivityQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.person) conditions.push(eq(auditLog.actorId, query.person));
  if (query.collection) conditions.push(eq(auditLog.entity, entityOfCollection(query.collection)));
  if (query.collection && query.item) conditions.push(eq(auditLog.entityId, query.item));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  // Days are UTC days: the server renders times in one zone for everyone.
  if (query.from) conditions.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(auditLog.at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + dayMs)));
  return and(...conditions);
}

/** One page of entries matching the filters, newest first, with the total. */
export async function listActivity(db: Executor, query: ActivityQuery, pageSize = ACTIVITY_PAGE_SIZE): Promise<ActivityPage> {
  const where = conditionsOf(query);
  const [counted] = await db.select({ n: count() }).from(auditLog).where(where);
  const total = counted?.n ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page ?? 1, lastPage);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, page, pageSize };
}

/** The latest entries about one item (its edit page's history). */
export function listItemHistory(db: Executor, entity: AuditEntity, id: number | string, limit = 20): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

export interface ActivityPerson {
  id: string;
  label: string;
}

/** Everyone who has an entry, by the label of their latest one (for the person filter). */
export async function listActivityPeople(db: Executor): Promise<ActivityPerson[]> {
  const rows = await db.all<{ id: string; label: string | null }>(sql`
    SELECT a.actor_id AS id, (SELECT b.actor_label FROM audit_log b WHERE b.actor_id = a.actor_id ORDER BY b.at DESC LIMIT 1) AS label
    FROM (SELECT DISTINCT actor_id FROM audit_log WHERE actor_id IS NOT NULL) a`);
  return rows.map((row) => ({ id: row.id, label: row.label ?? row.id })).sort((a, b) => a.label.localeCompare(b.label));
}
