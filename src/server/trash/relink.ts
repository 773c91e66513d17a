/**
 * Putting back, on restore, the links other items had to a trashed item (docs/decisions/053):
 * the delete's `detach` removed them from their owners and the trash entry kept them. A link
 * comes back where its owner still exists (appended to a list, or a reference that is still
 * empty); one whose owner is gone, or whose reference now points elsewhere, is left out and named.
 * Each owner changed gets a new version (open forms see a conflict), an `update` in the activity
 * log and a revision, like the detach did.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import type { InboundLink } from '../../../db/schema.ts';
import { isCollectionName, type CollectionName } from '../../lib/collections/index.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit, type AuditChange } from '../audit/record.ts';
import { adminResources } from '../collections/registry.ts';
import { loadTitles } from '../engine/audit-changes.ts';
import type { EntitySpec } from '../engine/entity-spec.ts';
import { columnOf } from '../engine/entity-state.ts';
import { propertyOf } from '../engine/references.ts';
import { recordSideRevisions } from '../engine/revision-log.ts';
import type { DetachedOwners } from '../engine/where-used.ts';

/** A link of another item the restore could not put back: its owner is gone, or its reference points elsewhere now. */
export interface LinkNotRestored {
  collection: string;
  field: string;
  id: number;
  reason: 'gone' | 'replaced';
}

export interface Relinked {
  /** Owners given their link back, per collection (their pages are purged like a detach's). */
  owners: DetachedOwners;
  restored: { collection: CollectionName; field: string; id: number }[];
  notRestored: LinkNotRestored[];
}

/** Puts one link back; false when the owner's reference already points at another item. */
async function putBack(tx: Executor, owner: EntitySpec, field: string, ownerId: number, targetId: number): Promise<boolean> {
  const link = owner.links[field];
  if (link) {
    const [held] = await tx
      .select({ n: count() })
      .from(link.table)
      .where(and(eq(link.owner, ownerId), eq(link.target, targetId)));
    if ((held?.n ?? 0) > 0) return true;
    const [size] = await tx.select({ n: count() }).from(link.table).where(eq(link.owner, ownerId));
    await tx.insert(link.table).values({
      [propertyOf(link.table, link.owner)]: ownerId,
      [propertyOf(link.table, link.target)]: targetId,
      ...(link.position ? { [propertyOf(link.table, link.position)]: size?.n ?? 0 } : {}),
    });
    return true;
  }
  const column = columnOf(owner, field);
  const updated = await tx.run(
    sql`UPDATE ${owner.table} SET ${sql.identifier(column.name)} = ${targetId} WHERE ${and(eq(columnOf(owner, 'id'), ownerId), isNull(column))}`,
  );
  return updated.rowsAffected > 0;
}

/** Restores the kept inbound links of the item `targetId`, inside the restore's transaction. */
export async function relinkInbound(tx: Executor, actor: Actor, targetId: number, links: readonly InboundLink[]): Promise<Relinked> {
  const result: Relinked = { owners: {}, restored: [], notRestored: [] };
  const changes = new Map<string, { spec: EntitySpec; id: number; fields: string[]; list: AuditChange[] }>();
  for (const { collection, field, ownerId } of links) {
    const owner = isCollectionName(collection) ? adminResources[collection].spec : undefined;
    const known = owner && (field in owner.links || field in owner.references);
    const [exists] = known
      ? await tx
          .select({ id: columnOf(owner, 'id') })
          .from(owner.table)
          .where(eq(columnOf(owner, 'id'), ownerId))
      : [];
    if (!owner || !isCollectionName(collection) || !exists) {
      result.notRestored.push({ collection, field, id: ownerId, reason: 'gone' });
      continue;
    }
    if (!(await putBack(tx, owner, field, ownerId, targetId))) {
      result.notRestored.push({ collection, field, id: ownerId, reason: 'replaced' });
      continue;
    }
    result.restored.push({ collection, field, id: ownerId });
    const entry = changes.get(`${collection}:${ownerId}`) ?? { spec: owner, id: ownerId, fields: [], list: [] };
    entry.fields.push(field);
    entry.list.push(field in owner.links ? { kind: 'link', field, added: [targetId], removed: [] } : { kind: 'value', field, from: null, to: targetId });
    changes.set(`${collection}:${ownerId}`, entry);
    result.owners[collection] = { spec: owner, ids: [...new Set([...(result.owners[collection]?.ids ?? []), ownerId])] };
  }
  const now = Date.now();
  for (const { spec, ids } of Object.values(result.owners)) {
    await tx.run(
      sql`UPDATE ${spec.table} SET version = version + 1, updated_at = ${now}, updated_by = ${actor.id} WHERE ${sql.join(
        ids.map((id) => sql`${columnOf(spec, 'id')} = ${id}`),
        sql` OR `,
      )}`,
    );
    const titles = await loadTitles(tx, spec, ids);
    await recordAudit(
      tx,
      actor,
      [...changes.values()]
        .filter((change) => change.spec === spec)
        .map(({ id, fields, list }) => ({ action: 'update', entity: spec.entity, entityId: id, changedFields: fields, title: titles.get(id), changes: list })),
    );
    await recordSideRevisions(tx, actor, spec, ids, 'update');
  }
  return result;
}
