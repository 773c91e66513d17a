/**
 * The stored working copies of published items (docs/decisions/035): one row per item holding
 * the whole item as the editor saved it, read into the item's API view as `draft`. Saving,
 * publishing and discarding them: working-copies.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { workingCopies } from '../../../db/schema.ts';
import type { EntitySpec } from './entity-spec.ts';
import { entityView } from './entity-view.ts';
import { stateOfSnapshot } from './revision-log.ts';

export type WorkingCopyRow = typeof workingCopies.$inferSelect;

/** The working copy of one item, if it has one. */
export async function findWorkingCopy(db: Executor, spec: EntitySpec, id: number): Promise<WorkingCopyRow | undefined> {
  const [row] = await db
    .select()
    .from(workingCopies)
    .where(and(eq(workingCopies.entity, spec.entity), eq(workingCopies.entityId, id)));
  return row;
}

/** Drops the working copies of these items (discarded, published, or the items deleted). */
export async function deleteWorkingCopies(tx: Executor, spec: EntitySpec, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(workingCopies).where(and(eq(workingCopies.entity, spec.entity), inArray(workingCopies.entityId, [...ids])));
}

/** The `draft` member of an item's API view: the copy as an item, who saved it, and whether the live item moved on since. */
export function workingCopyView(spec: EntitySpec, row: WorkingCopyRow, liveVersion: unknown) {
  return {
    baseVersion: row.baseVersion,
    /** The copy's own version: the next "Save draft" or "Publish changes" states it. */
    version: row.version,
    /** The live item was saved since the copy was made: publishing it will answer 409. */
    stale: liveVersion !== row.baseVersion,
    updatedAt: row.updatedAt,
    updatedBy: { id: row.updatedBy, label: row.updatedByLabel },
    /** "Publish changes at" (working-copy-schedule.ts): when, and by whom; null when not scheduled. */
    scheduledAt: row.scheduledAt,
    scheduledBy: row.scheduledAt ? { id: row.scheduledBy, label: row.scheduledByLabel } : null,
    /** Why the last scheduled publication failed (an error code), and when; null otherwise. */
    scheduleProblem: row.scheduleProblem,
    scheduleFailedAt: row.scheduleFailedAt,
    item: entityView(spec, stateOfSnapshot(row.entityId, row.snapshot)),
  };
}

export type WorkingCopyView = ReturnType<typeof workingCopyView>;

/** `{ draft }` for an item of a publishable collection (null without a copy); `{}` for the others. */
export async function draftMember(db: Executor, spec: EntitySpec, id: number, liveVersion: unknown): Promise<{ draft?: WorkingCopyView | null }> {
  if (!spec.publication) return {};
  const row = await findWorkingCopy(db, spec, id);
  return { draft: row ? workingCopyView(spec, row, liveVersion) : null };
}
