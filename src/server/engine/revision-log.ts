/**
 * The revision log the write engine appends to (docs/decisions/030): one row per saved item, in
 * the save's own transaction, pruned to `HUB_REVISIONS_KEEP`. Reading and restoring: revisions.ts.
 */
import { and, desc, eq, inArray, lte, max } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../../db/client.ts';
import { revisions, type AuditChange, type RevisionSnapshot } from '../../../db/schema.ts';
import { getEnv } from '../config/env.ts';
import type { Actor } from '../auth/actor.ts';
import { describeChanges } from './audit-changes.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';
import { changedFields, loadStates } from './entity-state.ts';

/** What made a revision: the audit action of the write, or `restore` of an older revision. */
export interface RevisionEntry {
  state: EntityState;
  action: string;
  changes: AuditChange[];
  /** The number of the revision a restore copied. */
  restoredFrom?: number | undefined;
}

/** A state after its JSON round trip (dates are ISO strings by then). */
const snapshotSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  translations: z.record(z.string(), z.record(z.string(), z.string().nullable())),
  links: z.record(z.string(), z.array(z.number())),
}) satisfies z.ZodType<RevisionSnapshot>;

/** The stored form of a state; dates become ISO strings, as in the API. */
export function snapshotOf(state: EntityState): RevisionSnapshot {
  return snapshotSchema.parse(JSON.parse(JSON.stringify({ values: state.values, translations: state.translations, links: state.links })));
}

/** The revisions kept per item (`HUB_REVISIONS_KEEP`), undefined = all. */
function keepLimit(): number | undefined {
  return getEnv().HUB_REVISIONS_KEEP;
}

/**
 * Appends one revision per entry (numbered after the item's last) and prunes beyond
 * `HUB_REVISIONS_KEEP`, inside the caller's write transaction. `spec` names the entity: a
 * collection's, or the site pages' (decision 038). Many entries (an import) cost one query per
 * 500 items and one insert per 100 revisions, not two statements each.
 */
export async function recordRevisions(tx: Executor, actor: Actor, spec: { entity: string }, entries: readonly RevisionEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const keep = keepLimit();
  const createdAt = new Date();
  const last = new Map<number, number>();
  const ids = [...new Set(entries.map((entry) => entry.state.id))];
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await tx
      .select({ id: revisions.entityId, number: max(revisions.number) })
      .from(revisions)
      .where(and(eq(revisions.entity, spec.entity), inArray(revisions.entityId, ids.slice(start, start + 500))))
      .groupBy(revisions.entityId);
    for (const row of rows) last.set(row.id, row.number ?? 0);
  }
  const rows = entries.map((entry) => {
    const number = (last.get(entry.state.id) ?? 0) + 1;
    last.set(entry.state.id, number);
    const version = entry.state.values['version'];
    return {
      entity: spec.entity,
      entityId: entry.state.id,
      number,
      action: entry.action,
      itemVersion: typeof version === 'number' ? version : 0,
      restoredFrom: entry.restoredFrom ?? null,
      authorId: actor.id,
      authorLabel: actor.label,
      createdAt,
      snapshot: snapshotOf(entry.state),
      changes: entry.changes,
    };
  });
  for (let start = 0; start < rows.length; start += 100) await tx.insert(revisions).values(rows.slice(start, start + 100));
  if (keep === undefined) return;
  for (const [id, number] of last) {
    if (number > keep)
      await tx.delete(revisions).where(and(eq(revisions.entity, spec.entity), eq(revisions.entityId, id), lte(revisions.number, number - keep)));
  }
}

/** A snapshot read back as a state (dates stay ISO strings, as in every snapshot). */
export function stateOfSnapshot(id: number, snapshot: RevisionSnapshot): EntityState {
  return { id, values: snapshot.values, translations: snapshot.translations, links: snapshot.links };
}

/**
 * Revisions of items a write changed on the side (links removed when what they pointed at was
 * deleted): what changed is told against each item's last revision, when it has one.
 */
export async function recordSideRevisions(tx: Executor, actor: Actor, spec: EntitySpec, ids: readonly number[], action: string): Promise<void> {
  const states = await loadStates(tx, spec, ids);
  const entries: RevisionEntry[] = [];
  for (const state of states.values()) {
    const [last] = await tx
      .select({ snapshot: revisions.snapshot })
      .from(revisions)
      .where(and(eq(revisions.entity, spec.entity), eq(revisions.entityId, state.id)))
      .orderBy(desc(revisions.number))
      .limit(1);
    const now = stateOfSnapshot(state.id, snapshotOf(state));
    const before = last ? stateOfSnapshot(state.id, last.snapshot) : undefined;
    const changes = before ? describeChanges(spec, before, now, changedFields(spec, before, now)) : [];
    entries.push({ state, action, changes });
  }
  await recordRevisions(tx, actor, spec, entries);
}
