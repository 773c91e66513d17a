/**
 * The admin use cases every collection shares: read one, create, update, delete, bulk actions.
 * Each returns the response body and the hub purge to apply once the write committed.
 */
import type { Database, Executor } from '../../../db/client.ts';
import type { BulkAction } from '../../lib/admin-schemas/bulk.ts';
import type { HubChanges, HubPurge } from '../page-cache/invalidate.ts';
import type { Actor } from '../auth/actor.ts';
import { loadStates, toEntityInput } from './entity-state.ts';
import { entityView } from './entity-view.ts';
import { createEntity, updateEntity, type WriteResult } from './entity-write.ts';
import { removeEntities, transitionEntities, type IdSource, type RemoveResult, type TransitionResult } from './entity-remove.ts';
import type { EntityState } from './entity-spec.ts';
import { notFound } from '../errors/domain-errors.ts';
import { bulkTargets } from './publication.ts';
import type { AdminResource } from './resource.ts';
import { findUsages, type DetachedOwners } from './where-used.ts';
import { draftMember } from './working-copy-store.ts';

export interface WriteOutcome<B = unknown> {
  body: B;
  /** The hub purge the write committed with its changes (decision 010). */
  purge: HubPurge;
}

/**
 * Hub changes of a write: the items themselves (via the spec) plus owners that lost a link.
 * An item with a publication status that was not published before nor after the write is on no
 * public page, so it purges nothing (editors saving drafts keep the hub cache warm).
 */
export function changesOf(resource: AdminResource, ids: readonly number[], states: readonly EntityState[], detached: DetachedOwners = {}): HubChanges {
  const invisible = resource.spec.publication !== undefined && states.every((state) => state.values['status'] !== 'published');
  const changes: HubChanges = invisible ? {} : { ...resource.spec.changes(ids, states) };
  for (const owner of Object.values(detached)) {
    const key = owner.spec.collection;
    changes[key] = [...new Set([...(changes[key] ?? []), ...owner.ids])];
  }
  return changes;
}

/**
 * The API view of one item, with where it is used when the collection tracks that, and its
 * unpublished working copy (`draft`, decision 035) when the collection is publishable.
 */
export async function itemView(db: Executor, resource: AdminResource, state: EntityState): Promise<Record<string, unknown>> {
  return {
    ...entityView(resource.spec, state),
    ...(resource.usedBy.length > 0 ? { usedBy: await findUsages(db, resource.usedBy, [state.id]) } : {}),
    ...(await draftMember(db, resource.spec, state.id, state.values['version'])),
  };
}

/** GET one item; 404 when unknown. */
export async function getItem(db: Executor, resource: AdminResource, id: number): Promise<Record<string, unknown>> {
  const state = (await loadStates(db, resource.spec, [id])).get(id);
  if (!state) throw notFound(resource.spec.entity, id);
  return itemView(db, resource, state);
}

export async function createItem(db: Database, actor: Actor, resource: AdminResource, body: Record<string, unknown>): Promise<WriteOutcome> {
  const purgeOf = (result: WriteResult) => changesOf(resource, [result.id], [result.after]);
  const result = await createEntity(db, actor, resource.spec, toEntityInput(resource.spec, body), purgeOf);
  return { body: await itemView(db, resource, result.after), purge: result.purge };
}

export async function updateItem(db: Database, actor: Actor, resource: AdminResource, id: number, body: Record<string, unknown>): Promise<WriteOutcome> {
  const purgeOf = (result: WriteResult) => (result.changed.length ? changesOf(resource, [id], [result.before!, result.after]) : {});
  const result = await updateEntity(db, actor, resource.spec, id, toEntityInput(resource.spec, body), purgeOf);
  return { body: await itemView(db, resource, result.after), purge: result.purge };
}

export async function deleteItems(
  db: Database,
  actor: Actor,
  resource: AdminResource,
  source: IdSource,
  detach: boolean,
): Promise<WriteOutcome<{ deleted: readonly number[]; detached: Record<string, number[]> }>> {
  const idsOf = (removed: readonly EntityState[]) => removed.map((state) => state.id);
  const purgeOf = (result: RemoveResult) => changesOf(resource, idsOf(result.removed), result.removed, result.detached);
  const result = await removeEntities(db, actor, resource.spec, resource.usedBy, source, detach, purgeOf);
  await resource.afterRemove?.(db, result.removed);
  const detached = Object.fromEntries(Object.values(result.detached).map((owner) => [owner.spec.entity, owner.ids]));
  return { body: { deleted: idsOf(result.removed), detached }, purge: result.purge };
}

/** A bulk action on the selected ids, or on the items a list query matches (`bulk-matching.ts`). */
export interface BulkRequest {
  action: BulkAction;
  items: IdSource;
  /** "All matching": how many items the list showed when the action was chosen. */
  shown?: number | undefined;
  detach?: boolean | undefined;
}

/** What an "all matching" action adds to its answer: how many matched, and whether the list's count was out of date. */
function matchedMembers(request: BulkRequest, ids: readonly number[]) {
  if (typeof request.items !== 'function') return {};
  return { matched: ids.length, ...(request.shown === undefined ? {} : { shown: request.shown, countChanged: request.shown !== ids.length }) };
}

/** Bulk publish (the valid items, the others listed as skipped) / unpublish / archive / delete (all or none). */
export async function bulkItems(db: Database, actor: Actor, resource: AdminResource, request: BulkRequest): Promise<WriteOutcome> {
  if (request.action === 'delete') {
    const outcome = await deleteItems(db, actor, resource, request.items, request.detach ?? false);
    const ids = outcome.body.deleted;
    return { ...outcome, body: { action: request.action, ids, changed: ids, detached: outcome.body.detached, ...matchedMembers(request, ids) } };
  }
  const target = bulkTargets[request.action];
  const purgeOf = ({ changed }: TransitionResult) => {
    const after = changed.map((state) => ({ ...state, values: { ...state.values, status: target } }));
    return changed.length
      ? changesOf(
          resource,
          changed.map((state) => state.id),
          [...changed, ...after],
        )
      : {};
  };
  const result = await transitionEntities(db, actor, resource.spec, request.items, target, purgeOf);
  return {
    body: {
      action: request.action,
      ids: result.ids,
      changed: result.changed.map((state) => state.id),
      skipped: result.skipped,
      ...matchedMembers(request, result.ids),
    },
    purge: result.purge,
  };
}
