/**
 * Deleting items and moving many through the publication lifecycle at once. Both are all or
 * nothing: one refused item refuses the whole request, with the reason per item.
 */
import { inArray, sql } from 'drizzle-orm';
import { writeTransaction, type Database, type Transaction } from '../../../db/client.ts';
import type { PublicationStatus } from '../../../db/schema.ts';
import { removeFromSearch } from '../../../db/search-index.ts';
import { demand, type Actor } from '../auth/actor.ts';
import { noPurge } from '../page-cache/invalidate.ts';
import { withPurge, type PurgeOf, type Purged } from './entity-write.ts';
import { recordAudit } from '../audit/record.ts';
import { loadTitles } from './audit-changes.ts';
import { withConstraintErrors } from './db-errors.ts';
import { demandScopeOfAll } from './edition-scope.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';
import { columnOf, loadStates } from './entity-state.ts';
import { AdminError, FieldErrors, notFound } from '../errors/domain-errors.ts';
import { canTransition, statusOf, transitionAction } from './publication.ts';
import { deleteWorkingCopies } from './working-copy-store.ts';
import { recordRevisions, recordSideRevisions } from './revision-log.ts';
import { moveToTrash } from './trash-log.ts';
import { closeWaitingReviews } from './review-close.ts';
import { detachUsages, findUsages, listInboundLinks, type DetachedOwners, type UsageSource } from './where-used.ts';
import { enqueueRemovalWebhooks, enqueueTransitionWebhooks } from './content-webhooks.ts';

/**
 * The items of a request: the ids it names, or a query run inside the write transaction (bulk
 * "all matching", so the items are the ones that match when the action runs).
 */
export type IdSource = readonly number[] | ((tx: Transaction) => Promise<readonly number[]>);

function resolveIds(tx: Transaction, source: IdSource): Promise<readonly number[]> {
  return typeof source === 'function' ? source(tx) : Promise.resolve(source);
}

export interface RemoveResult {
  /** The deleted items as they were. */
  removed: EntityState[];
  detached: DetachedOwners;
}

/** An item a bulk publish left as it was, with what stops it (field path → codes). */
export interface SkippedItem {
  id: number;
  errors: Record<string, string[]>;
}

export interface TransitionResult {
  /** The items the request named or matched. */
  ids: readonly number[];
  /** Items whose status changed (others already had the target status). */
  changed: EntityState[];
  /** Publishing only: the items that could not be published and why. */
  skipped: SkippedItem[];
}

/** Loads the items; unknown ids → 404 for one id, per-item errors for many. */
async function loadAll(tx: Parameters<typeof loadStates>[0], spec: EntitySpec, ids: readonly number[]): Promise<EntityState[]> {
  const states = await loadStates(tx, spec, ids);
  const missing = ids.filter((id) => !states.has(id));
  if (missing.length > 0) {
    if (ids.length === 1) throw notFound(spec.entity, ids[0]!);
    const errors = new FieldErrors();
    for (const id of missing) errors.add(`items.${id}`, 'NOT_FOUND');
    errors.throwIfAny(422, 'BULK_REJECTED', 'Some of the selected items do not exist');
  }
  return ids.map((id) => states.get(id)!);
}

/**
 * True for an item that is or once was public. `publishedAt` is set on every publication and never
 * cleared, so unpublishing (or archiving) first does not turn a published item into a draft anyone
 * may delete (decision 029).
 */
function wasEverPublished(state: EntityState): boolean {
  return state.values['status'] === 'published' || state.values['publishedAt'] instanceof Date;
}

/**
 * Moves the items to the trash (their translations and own relation rows cascade from the
 * deleted rows; the trash entry keeps them all). Items that are or were
 * published need `content.deletePublished`. Items something still uses answer 409 `IN_USE` with the usages,
 * unless `detach` is set and the actor holds the spec's detach permission.
 */
export function removeEntities(
  db: Database,
  actor: Actor,
  spec: EntitySpec,
  usedBy: readonly UsageSource[],
  source: IdSource,
  detach: boolean,
  purgeOf?: PurgeOf<RemoveResult>,
): Promise<Purged<RemoveResult>> {
  return withConstraintErrors(() =>
    writeTransaction(db, async (tx) => {
      const ids = await resolveIds(tx, source);
      if (ids.length === 0) return { removed: [], detached: {}, purge: noPurge };
      const states = await loadAll(tx, spec, ids);
      if (states.some(wasEverPublished)) demand(actor, 'content.deletePublished');
      demandScopeOfAll(actor, spec, states);
      let detached: DetachedOwners = {};
      let inbound: Awaited<ReturnType<typeof listInboundLinks>> = [];
      if (usedBy.length > 0) {
        const report = await findUsages(tx, usedBy, ids);
        if (report.total > 0 && !detach) {
          throw new AdminError(409, 'IN_USE', `This ${spec.entity} is still used; detach it first or delete with detach=true`, {
            extensions: { usages: report.usages, usageCount: report.total },
          });
        }
        if (report.total > 0) {
          demand(actor, spec.detachPermission);
          // Kept with the trash entry, so a restore can put them back (decision 053).
          inbound = await listInboundLinks(tx, usedBy, ids);
          detached = await detachUsages(tx, actor, usedBy, ids);
          for (const owner of Object.values(detached)) await recordSideRevisions(tx, actor, owner.spec, owner.ids, 'detach');
        }
      }
      // Titles before the rows go: the log keeps what the deleted items were called.
      const titles = await loadTitles(tx, spec, ids);
      // The items go to the trash whole (decision 053); their rows are deleted as ever, so no
      // public page, search, export or count can show them. Their revisions stay for a restore.
      await moveToTrash(tx, actor, spec, states, titles, inbound);
      await tx.delete(spec.table).where(inArray(columnOf(spec, 'id'), [...ids]));
      if (spec.search) await removeFromSearch(tx, spec.search, ids);
      await deleteWorkingCopies(tx, spec, ids);
      // A request waiting for review ends with its item (docs/decisions/064).
      await closeWaitingReviews(tx, spec.collection, ids, 'trashed');
      await recordAudit(
        tx,
        actor,
        ids.map((id) => ({ action: 'delete', entity: spec.entity, entityId: id, changedFields: [], title: titles.get(id) })),
      );
      await enqueueRemovalWebhooks(tx, spec, states);
      return withPurge(tx, { removed: states, detached }, purgeOf);
    }),
  );
}

/**
 * Moves the items to `target` (publish, unpublish, archive). Items already there are left as they
 * are. Publishing publishes the items that can be and reports the others in `skipped` (an editor
 * publishing a page of events wants the good ones out); only when none can be is it refused. An
 * invalid unpublish or archive refuses the whole batch.
 */
export async function transitionEntities(
  db: Database,
  actor: Actor,
  spec: EntitySpec,
  source: IdSource,
  target: PublicationStatus,
  purgeOf?: PurgeOf<TransitionResult>,
): Promise<Purged<TransitionResult>> {
  const publication = spec.publication;
  if (!publication) throw new AdminError(422, 'ACTION_NOT_SUPPORTED', `${spec.entity} items have no publication status`);
  demand(actor, 'content.publish');
  return withConstraintErrors(() =>
    writeTransaction(db, async (tx) => {
      const ids = await resolveIds(tx, source);
      const states = await loadAll(tx, spec, ids);
      demandScopeOfAll(actor, spec, states);
      const errors = new FieldErrors();
      const pending = states.filter((state) => state.values['status'] !== target);
      const skipped: SkippedItem[] = [];
      for (const state of pending) {
        const own: Record<string, string[]> = {};
        if (!canTransition(statusOf(state) ?? 'draft', target)) own['status'] = ['INVALID_TRANSITION'];
        if (target === 'published') Object.assign(own, publication.requirements(state));
        for (const [path, codes] of Object.entries(own)) for (const code of codes) errors.add(`items.${state.id}.${path}`, code);
        if (Object.keys(own).length > 0) skipped.push({ id: state.id, errors: own });
      }
      const changing = pending.filter((state) => !skipped.some((item) => item.id === state.id));
      if (target !== 'published' || changing.length === 0) errors.throwIfAny(422, 'BULK_REJECTED', 'Some of the selected items cannot take this action');
      if (changing.length === 0) return { ids, changed: [], skipped, purge: noPurge };
      const now = new Date();
      const set = {
        status: target,
        version: sql`${columnOf(spec, 'version')} + 1`,
        updatedAt: now,
        updatedBy: actor.id,
        ...(target === 'published' ? { publishedAt: now } : {}),
      };
      await tx
        .update(spec.table)
        .set(set)
        .where(
          inArray(
            columnOf(spec, 'id'),
            changing.map((state) => state.id),
          ),
        );
      const titles = await loadTitles(
        tx,
        spec,
        changing.map((state) => state.id),
      );
      const entries = changing.map((state) => ({
        state,
        action: transitionAction(statusOf(state), target) ?? 'update',
        changes: [{ kind: 'value' as const, field: 'status', from: statusOf(state) ?? null, to: target }],
      }));
      await recordAudit(
        tx,
        actor,
        entries.map(({ state, action, changes }) => ({
          action,
          entity: spec.entity,
          entityId: state.id,
          changedFields: ['status'],
          title: titles.get(state.id),
          changes,
        })),
      );
      if (target === 'published') {
        await closeWaitingReviews(
          tx,
          spec.collection,
          changing.map((state) => state.id),
          'published',
        );
      }
      await enqueueTransitionWebhooks(tx, spec, changing, target);
      // The states as written, without reading them back: only the stamped columns moved.
      await recordRevisions(
        tx,
        actor,
        spec,
        entries.map((entry) => {
          const values = entry.state.values;
          const version = typeof values['version'] === 'number' ? values['version'] + 1 : values['version'];
          return { ...entry, state: { ...entry.state, values: { ...values, ...set, version } } };
        }),
      );
      return withPurge(tx, { ids, changed: changing, skipped }, purgeOf);
    }),
  );
}
