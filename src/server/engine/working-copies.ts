/**
 * Working copies of published items (docs/decisions/035). "Save draft" checks the edit like a
 * save and stores the whole item beside the live one, which stays as published: no live row,
 * cache, search index, webhook or revision is touched. "Publish changes" applies the copy
 * through the ordinary update (version check, validation, publication rules, audit, revision,
 * webhooks, cache purge) and drops it in the same transaction. "Discard draft" drops it.
 */
import { sql } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { workingCopies } from '../../../db/schema.ts';
import type { Actor } from '../auth/actor.ts';
import { describeChanges, loadTitles } from './audit-changes.ts';
import { recordAudit, type AuditEntry } from '../audit/record.ts';
import { withConstraintErrors } from './db-errors.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';
import { loadStates, toEntityInput } from './entity-state.ts';
import { checkUpdate, updateEntityIn, type Purged, type WriteResult } from './entity-write.ts';
import { AdminError, FieldErrors, notFound } from '../errors/domain-errors.ts';
import type { AdminResource } from './resource.ts';
import { snapshotOf } from './revision-log.ts';
import { snapshotPatchBody, type DroppedReference } from './revisions.ts';
import { changesOf, itemView, type WriteOutcome } from './service.ts';
import { parseInput } from './validation.ts';
import { deleteWorkingCopies, findWorkingCopy, type WorkingCopyRow } from './working-copy-store.ts';

/** The status is the live item's own: a copy never publishes, unpublishes or archives. */
export const notInWorkingCopy: ReadonlySet<string> = new Set(['status']);

function requirePublishable(resource: AdminResource): EntitySpec {
  if (!resource.spec.publication) throw new AdminError(404, 'NOT_FOUND', `${resource.collection} have no working copies`);
  return resource.spec;
}

async function requireItem(db: Executor, spec: EntitySpec, id: number): Promise<EntityState> {
  const state = (await loadStates(db, spec, [id])).get(id);
  if (!state) throw notFound(spec.entity, id);
  return state;
}

/**
 * PUT …/draft: `body` is a PATCH body (parsed with the collection's patch schema) based on the
 * live item's `version`. It is checked like a save (409 when the live item moved on, 422 field
 * errors) and stored as the item's working copy; a body that leaves the item as it is drops the
 * copy instead. Only a published item takes a new copy (409 `NOT_PUBLISHED`: save the others).
 * `copyVersion` is the copy the caller started from (null: there was none); when the stored copy
 * is another, the answer is 409 `VERSION_CONFLICT` with `conflictWith: 'working-copy'` and the
 * item as it is now, its copy included, so a second editor's draft never silently replaces the
 * first's. Left out (API scripts), the copy is replaced as before.
 */
export async function saveWorkingCopy(
  db: Database,
  actor: Actor,
  resource: AdminResource,
  id: number,
  body: Record<string, unknown>,
  copyVersion?: number | null,
): Promise<Record<string, unknown>> {
  const spec = requirePublishable(resource);
  const input = toEntityInput(spec, body);
  const state = await withConstraintErrors(() =>
    writeTransaction(db, async (tx) => {
      const live = await requireItem(tx, spec, id);
      const stored = await findWorkingCopy(tx, spec, id);
      if (copyVersion !== undefined && (stored?.version ?? null) !== copyVersion) {
        throw new AdminError(409, 'VERSION_CONFLICT', `The draft of this ${spec.entity} was saved by someone else meanwhile`, {
          extensions: { conflictWith: 'working-copy', current: await itemView(tx, resource, live) },
        });
      }
      // A copy outlives an unpublish (its edits are not lost): it can still be saved, published or discarded.
      if (live.values['status'] !== 'published' && !stored) {
        throw new AdminError(409, 'NOT_PUBLISHED', `Only a published ${spec.entity} keeps a working copy; save this one directly`);
      }
      if ('status' in input.values && input.values['status'] !== live.values['status']) {
        new FieldErrors().add('status', 'NOT_IN_WORKING_COPY').throwIfAny();
      }
      const { after, changed } = await checkUpdate(tx, actor, spec, live, input);
      if (changed.length === 0) {
        if (stored) await auditCopy(tx, actor, spec, id, 'draft-discard');
        await deleteWorkingCopies(tx, spec, [id]);
        return live;
      }
      // Told against the live item, like the update that publishing it will be.
      await auditCopy(tx, actor, spec, id, 'draft-save', { changedFields: changed, changes: describeChanges(spec, live, after, changed) });
      const row = {
        snapshot: snapshotOf(after),
        baseVersion: Number(live.values['version']),
        updatedBy: actor.id,
        updatedByLabel: actor.label,
        updatedAt: new Date(),
      };
      await tx
        .insert(workingCopies)
        .values({ entity: spec.entity, entityId: id, ...row })
        .onConflictDoUpdate({ target: [workingCopies.entity, workingCopies.entityId], set: { ...row, version: sql`${workingCopies.version} + 1` } });
      return live;
    }),
  );
  return itemView(db, resource, state);
}

export interface PublishedCopy {
  item: Record<string, unknown>;
  /** Relations the copy held to items deleted since; left out of the published item. */
  dropped: DroppedReference[];
}

/**
 * POST …/draft/publish with `{ version, copyVersion? }` (the copy's `baseVersion` and own
 * `version` the caller saw): applies the
 * copy as an update of the live item and drops it, in one transaction. 404 `NO_WORKING_COPY`
 * without a copy; 409 `VERSION_CONFLICT` (with the live item) when the live item or the copy
 * changed since; 422 when the copy no longer passes today's rules.
 */
export async function publishWorkingCopy(
  db: Database,
  actor: Actor,
  resource: AdminResource,
  id: number,
  version: number,
  copyVersion?: number,
): Promise<WriteOutcome<PublishedCopy>> {
  const spec = requirePublishable(resource);
  const { result, dropped } = await withConstraintErrors(() =>
    writeTransaction(db, async (tx) => {
      const live = await requireItem(tx, spec, id);
      const copy = await findWorkingCopy(tx, spec, id);
      if (!copy) throw new AdminError(404, 'NO_WORKING_COPY', `This ${spec.entity} has no unpublished changes`);
      // The caller publishes the copy it saw: one saved since on another item version is not it.
      const sameCopy = copy.baseVersion === version && (copyVersion === undefined || copy.version === copyVersion);
      if (!sameCopy) throw new AdminError(409, 'WORKING_COPY_CHANGED', 'The working copy was saved again meanwhile');
      return applyWorkingCopyIn(tx, actor, resource, live, copy);
    }),
  );
  return { body: { item: await itemView(db, resource, result.after), dropped }, purge: result.purge };
}

/**
 * Inside a write transaction: applies `copy` to the `live` item as an update based on the copy's
 * `baseVersion` (409 `VERSION_CONFLICT` when the live item moved on, 422 `WORKING_COPY_INVALID`
 * when today's rules refuse it) and drops it. "Publish changes" and the scheduled publication
 * (working-copy-schedule.ts) both go through here.
 */
export async function applyWorkingCopyIn(
  tx: Executor,
  actor: Actor,
  resource: AdminResource,
  live: EntityState,
  copy: WorkingCopyRow,
): Promise<{ result: Purged<WriteResult>; dropped: DroppedReference[] }> {
  const spec = resource.spec;
  const id = copy.entityId;
  const { body, dropped } = await snapshotPatchBody(tx, spec, live, copy.snapshot, notInWorkingCopy);
  let patch: Record<string, unknown>;
  try {
    patch = parseInput(resource.patchSchema, { ...body, version: copy.baseVersion });
  } catch (error) {
    if (error instanceof AdminError) throw new AdminError(422, 'WORKING_COPY_INVALID', 'The working copy does not pass the current rules', error.details);
    throw error;
  }
  const result = await updateEntityIn(tx, actor, spec, id, toEntityInput(spec, patch), copyPurgeOf(resource, id));
  await deleteWorkingCopies(tx, spec, [id]);
  return { result, dropped };
}

/** The hub pages an applied copy changes (none when it changed nothing). */
function copyPurgeOf(resource: AdminResource, id: number) {
  return (result: WriteResult) => (result.changed.length ? changesOf(resource, [id], [result.before!, result.after]) : {});
}

/** DELETE …/draft: drops the item's working copy (none is fine); 404 for an unknown item. */
export async function discardWorkingCopy(db: Database, actor: Actor, resource: AdminResource, id: number): Promise<void> {
  const spec = requirePublishable(resource);
  await writeTransaction(db, async (tx) => {
    await requireItem(tx, spec, id);
    if (await findWorkingCopy(tx, spec, id)) await auditCopy(tx, actor, spec, id, 'draft-discard');
    await deleteWorkingCopies(tx, spec, [id]);
  });
}

/** An activity entry for a working copy saved or discarded (the live item is unchanged). */
async function auditCopy(
  tx: Executor,
  actor: Actor,
  spec: EntitySpec,
  id: number,
  action: 'draft-save' | 'draft-discard',
  what: Pick<AuditEntry, 'changedFields' | 'changes'> = { changedFields: [] },
): Promise<void> {
  const title = (await loadTitles(tx, spec, [id])).get(id);
  await recordAudit(tx, actor, [{ action, entity: spec.entity, entityId: id, title, ...what }]);
}
