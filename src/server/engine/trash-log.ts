/**
 * The trash the engine writes to when it deletes (docs/decisions/053): one entry per deleted
 * item, whole (a revision's snapshot), in the delete's own transaction. Listing, restoring and
 * purging entries: src/server/trash/.
 */
import type { Executor } from '../../../db/client.ts';
import { trash, type InboundLink } from '../../../db/schema.ts';
import type { AuditActor } from '../audit/record.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';
import { snapshotOf } from './revision-log.ts';

/** Keeps the items being deleted, inside the delete's transaction (their rows go right after). */
export async function moveToTrash(
  tx: Executor,
  actor: AuditActor,
  spec: EntitySpec,
  states: readonly EntityState[],
  titles: ReadonlyMap<number, string>,
  /** The links other items had to them, removed by the delete's detach. */
  inbound: readonly (InboundLink & { usedId: number })[] = [],
): Promise<void> {
  const deletedAt = new Date();
  const rows = states.map((state) => ({
    collection: spec.collection,
    entity: spec.entity,
    entityId: state.id,
    title: titles.get(state.id) ?? null,
    snapshot: {
      ...snapshotOf(state),
      inbound: inbound.filter((link) => link.usedId === state.id).map(({ collection, field, ownerId }) => ({ collection, field, ownerId })),
    },
    // A media's or file's upload stays stored while the entry exists (storage/blobs.ts).
    storageKey: typeof state.values['storageKey'] === 'string' ? state.values['storageKey'] : null,
    deletedBy: actor.id,
    deletedByLabel: actor.label,
    deletedAt,
  }));
  for (let start = 0; start < rows.length; start += 100) await tx.insert(trash).values(rows.slice(start, start + 100));
}
