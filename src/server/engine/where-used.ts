/**
 * "Where used": which items point at a given item, and detaching those links when it is deleted
 * with `?detach=true`. Derived from the collections' own specs: every reference column and link
 * table whose declared kind targets a collection is a place that can use its items, so a new
 * collection or reference is covered without a list to keep (docs/decisions/047).
 */
import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import type { InboundLink } from '../../../db/schema.ts';
import { referenceTargets, type CollectionName } from '../../lib/collections/declare.ts';
import type { Usage } from '../../lib/collections/usage.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit, type AuditChange } from '../audit/record.ts';
import { loadTitles } from './audit-changes.ts';
import type { EntitySpec, LinkSpec } from './entity-spec.ts';
import { columnOf } from './entity-state.ts';

export interface UsageReport {
  usages: Usage[];
  /** All usages, including those beyond the listed ones. */
  total: number;
}

/** One place that can point at items of a collection: a reference column or a link table of `owner`. */
export interface UsageSource {
  owner: EntitySpec;
  field: string;
  link?: LinkSpec;
  column?: SQLiteColumn;
}

/** Every reference column and link table of `specs` that points at `target`. */
export function usageSourcesOf(specs: readonly EntitySpec[], target: CollectionName): UsageSource[] {
  return specs.flatMap((owner) => [
    ...Object.entries(owner.references)
      .filter(([, kind]) => referenceTargets[kind] === target)
      .map(([field]): UsageSource => ({ owner, field, column: columnOf(owner, field) })),
    ...Object.entries(owner.links)
      .filter(([, link]) => referenceTargets[link.kind] === target)
      .map(([field, link]): UsageSource => ({ owner, field, link })),
  ]);
}

/** Rows `(owner_id, used_id)` of one source for the given used ids. */
function pairs(source: UsageSource, usedIds: readonly number[]): SQL {
  const ids = sql.join(
    usedIds.map((id) => sql`${id}`),
    sql`, `,
  );
  if (source.link) {
    const { table, owner, target } = source.link;
    return sql`SELECT ${owner} AS owner_id, ${target} AS used_id FROM ${table} WHERE ${target} IN (${ids})`;
  }
  const column = source.column!;
  const managed = source.owner.managed ? sql` AND ${source.owner.managed}` : sql``;
  return sql`SELECT ${columnOf(source.owner, 'id')} AS owner_id, ${column} AS used_id FROM ${source.owner.table} WHERE ${column} IN (${ids})${managed}`;
}

/**
 * Where the items are used: up to `limit` usages per source, and the total count. One query per
 * source: its pairs joined to the owners' slug and title (`spec.title` names the owner's table),
 * the count taken over every pair before the limit.
 */
export async function findUsages(db: Executor, sources: readonly UsageSource[], usedIds: readonly number[], limit = 50): Promise<UsageReport> {
  if (usedIds.length === 0) return { usages: [], total: 0 };
  const usages: Usage[] = [];
  let total = 0;
  for (const source of sources) {
    const { owner } = source;
    const slug = getTableColumns(owner.table)['slug'];
    const rows = await db.all<{ owner_id: number; used_id: number; n: number; found: number | null; slug: string | null; title: string | null }>(
      sql`SELECT p.owner_id, p.used_id, count(*) OVER () AS n, ${columnOf(owner, 'id')} AS found, ${slug ?? sql`''`} AS slug, ${owner.title} AS title
          FROM (${pairs(source, usedIds)}) AS p LEFT JOIN ${owner.table} ON ${columnOf(owner, 'id')} = p.owner_id
          ORDER BY p.owner_id LIMIT ${limit}`,
    );
    total += rows[0]?.n ?? 0;
    for (const row of rows) {
      if (row.found === null) continue;
      const ownerSlug = row.slug ?? '';
      usages.push({
        usedId: row.used_id,
        entity: owner.entity,
        collection: owner.collection,
        id: row.owner_id,
        slug: ownerSlug,
        title: row.title || ownerSlug,
        field: source.field,
      });
    }
  }
  return { usages, total };
}

/** The links the sources hold to the items, per owner: what `detachUsages` is about to remove. */
export async function listInboundLinks(
  db: Executor,
  sources: readonly UsageSource[],
  usedIds: readonly number[],
): Promise<(InboundLink & { usedId: number })[]> {
  const links: (InboundLink & { usedId: number })[] = [];
  for (const source of sources) {
    const rows = await db.all<{ owner_id: number; used_id: number }>(sql`SELECT owner_id, used_id FROM (${pairs(source, usedIds)}) ORDER BY owner_id, used_id`);
    for (const row of rows) links.push({ usedId: row.used_id, collection: source.owner.collection, field: source.field, ownerId: row.owner_id });
  }
  return links;
}

/** Owners whose links were removed by `detachUsages`: their spec and ids, per collection. */
export type DetachedOwners = Partial<Record<CollectionName, { spec: EntitySpec; ids: number[] }>>;

/**
 * Removes every reference to the items (link rows deleted, reference columns set to null), bumps
 * the version of each owner so open edit forms see a conflict instead of re-adding the link, and
 * audits each owner as `detach`. Runs inside the delete's transaction.
 */
export async function detachUsages(db: Executor, actor: Actor, sources: readonly UsageSource[], usedIds: readonly number[]): Promise<DetachedOwners> {
  const detached: DetachedOwners = {};
  const changes = new Map<string, { spec: EntitySpec; id: number; fields: Set<string>; list: AuditChange[] }>();
  for (const source of sources) {
    const rows = await db.all<{ owner_id: number; used_id: number }>(sql`SELECT owner_id, used_id FROM (${pairs(source, usedIds)}) ORDER BY owner_id, used_id`);
    if (rows.length === 0) continue;
    const { owner } = source;
    for (const row of rows) {
      const key = `${owner.collection}:${row.owner_id}`;
      const entry = changes.get(key) ?? { spec: owner, id: row.owner_id, fields: new Set<string>(), list: [] };
      entry.fields.add(source.field);
      const sameLink = entry.list.find((change) => change.kind === 'link' && change.field === source.field);
      if (sameLink?.kind === 'link') sameLink.removed.push(row.used_id);
      else if (source.link) entry.list.push({ kind: 'link', field: source.field, added: [], removed: [row.used_id] });
      else entry.list.push({ kind: 'value', field: source.field, from: row.used_id, to: null });
      changes.set(key, entry);
    }
    const ids = [...usedIds];
    if (source.link) await db.run(sql`DELETE FROM ${source.link.table} WHERE ${inArray(source.link.target, ids)}`);
    else await db.run(sql`UPDATE ${owner.table} SET ${sql.identifier(source.column!.name)} = NULL WHERE ${inArray(source.column!, ids)}`);
    const ownerIds = new Set([...(detached[owner.collection]?.ids ?? []), ...rows.map((row) => row.owner_id)]);
    detached[owner.collection] = { spec: owner, ids: [...ownerIds] };
  }
  const now = Date.now();
  for (const { spec, ids } of Object.values(detached)) {
    await db.run(
      sql`UPDATE ${spec.table} SET version = version + 1, updated_at = ${now}, updated_by = ${actor.id} WHERE ${inArray(columnOf(spec, 'id'), ids)}`,
    );
  }
  const titles = new Map<EntitySpec, Map<number, string>>();
  for (const { spec, ids } of Object.values(detached)) titles.set(spec, await loadTitles(db, spec, ids));
  await recordAudit(
    db,
    actor,
    [...changes.values()].map(({ spec, id, fields, list }) => ({
      action: 'detach',
      entity: spec.entity,
      entityId: id,
      changedFields: [...fields],
      title: titles.get(spec)?.get(id),
      changes: list,
    })),
  );
  return detached;
}
