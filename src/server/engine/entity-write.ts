/**
 * Create and update of any admin entity, each in one write transaction: the row, its
 * translations, its relations, the audit entry and the search index commit together or not at
 * all. Updates carry the version they were based on; a stale one gets 409 with the current item.
 */
import { and, eq, sql } from 'drizzle-orm';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { reindexSearch } from '../../../db/search-index.ts';
import { noPurge, recordWritePurge, type HubChanges, type HubPurge } from '../page-cache/invalidate.ts';
import { demand, type Actor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { describeChanges, loadTitles } from './audit-changes.ts';
import { withConstraintErrors } from './db-errors.ts';
import type { EntityInput, EntitySpec, EntityState } from './entity-spec.ts';
import { changedFields, columnOf, loadStates, mergeState, newState, normaliseTranslations } from './entity-state.ts';
import { entityView } from './entity-view.ts';
import { closeWaitingReviews } from './review-close.ts';
import { AdminError, FieldErrors, notFound } from '../errors/domain-errors.ts';
import { stringValue } from './spec-helpers.ts';
import { checkPublication, publishedAtFor, statusOf, transitionAction } from './publication.ts';
import { checkReferences, writeLinks, writeTranslations } from './references.ts';
import { recordRevisions } from './revision-log.ts';
import { checkSlugSource, resolveSlug } from './slugs.ts';
import { enqueueContentWebhooks } from './content-webhooks.ts';
import { demandScope } from './edition-scope.ts';
import { refuseUnreviewedSuggestions } from './suggestion-marks.ts';

export interface WriteResult {
  id: number;
  before: EntityState | undefined;
  after: EntityState;
  /** Field paths the write changed; empty when an update changed nothing. */
  changed: string[];
}

/** The hub changes of a write, recorded as a cache purge inside its transaction (decision 010). */
export type PurgeOf<R> = (result: R) => HubChanges;

/** A write's result with the purge recorded in its transaction, for `invalidateHubFor` once it committed. */
export type Purged<R> = R & { purge: HubPurge };

/** Records the purge of `result` in the write's transaction; other nodes see it once it commits. */
export async function withPurge<R extends object>(tx: Executor, result: R, purgeOf: PurgeOf<R> | undefined): Promise<Purged<R>> {
  return { ...result, purge: purgeOf ? await recordWritePurge(tx, purgeOf(result)) : noPurge };
}

const empty: EntityState = { id: 0, values: {}, translations: {}, links: {} };

function isFilled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** Checks that need no database: the spec's own rules, required texts, publication, the edition scope (403). */
export function validateState(spec: EntitySpec, actor: Actor, before: EntityState | undefined, after: EntityState, errors: FieldErrors): void {
  spec.validate?.(after, errors);
  checkSlugSource(spec, after, errors);
  for (const [locale, row] of Object.entries(after.translations)) {
    for (const field of spec.translations.required) {
      if (!isFilled(row?.[field])) errors.add(`translations.${locale}.${field}`, 'REQUIRED');
    }
  }
  checkPublication(spec, actor, before, after, errors);
  demandScope(actor, spec, before, after);
}

async function reloadState(tx: Executor, spec: EntitySpec, id: number): Promise<EntityState> {
  const state = (await loadStates(tx, spec, [id])).get(id);
  if (!state) throw notFound(spec.entity, id);
  return state;
}

/** Re-indexes the item when its searchable text changed. */
async function refreshSearch(tx: Executor, spec: EntitySpec, id: number, changed: readonly string[]): Promise<void> {
  const dependents = spec.searchDependents;
  if (dependents && changed.some((field) => dependents.columns.includes(field))) await reindexSearch(tx, dependents.type, await dependents.ids(tx, id));
  if (!spec.search) return;
  const textChanged = changed.some((field) => field.startsWith('translations.') || spec.searchColumns?.includes(field));
  if (textChanged) await reindexSearch(tx, spec.search, [id]);
}

/** 409 carrying the item as it is now, so the editor can see what changed meanwhile. */
export function versionConflict(spec: EntitySpec, current: EntityState): AdminError {
  return new AdminError(409, 'VERSION_CONFLICT', `This ${spec.entity} was changed by someone else meanwhile`, {
    extensions: { current: entityView(spec, current) },
  });
}

/** Creates an item (version 1). */
export function createEntity(db: Database, actor: Actor, spec: EntitySpec, input: EntityInput, purgeOf?: PurgeOf<WriteResult>): Promise<Purged<WriteResult>> {
  return withConstraintErrors(() => writeTransaction(db, (tx) => createEntityIn(tx, actor, spec, input, purgeOf)));
}

/**
 * `createEntity` inside a write transaction the caller holds, so several items (a clone's edition
 * and its events) commit together or not at all, each checked and audited like a single create.
 */
export async function createEntityIn(
  tx: Executor,
  actor: Actor,
  spec: EntitySpec,
  input: EntityInput,
  purgeOf?: PurgeOf<WriteResult>,
): Promise<Purged<WriteResult>> {
  const state = newState(input);
  const errors = new FieldErrors();
  validateState(spec, actor, undefined, state, errors);
  // The row's own reference columns are checked before it is inserted (the foreign keys
  // would refuse it without saying which field was wrong).
  await checkReferences(tx, spec, input, errors, 'references');
  errors.throwIfAny();
  if (spec.slug) state.values['slug'] = await resolveSlug(tx, spec, state, stringValue(state, 'slug'));
  const now = new Date();
  const publishedAt = publishedAtFor(undefined, state, now);
  const row = {
    ...state.values,
    ...(publishedAt ? { publishedAt } : {}),
    createdAt: now,
    updatedAt: now,
    createdBy: actor.id,
    updatedBy: actor.id,
    version: 1,
  };
  const [inserted] = await tx
    .insert(spec.table)
    .values(row)
    .returning({ id: columnOf(spec, 'id') });
  const id = inserted?.id;
  if (typeof id !== 'number') throw new Error(`${spec.entity}: the insert returned no id`);
  await writeTranslations(tx, spec, id, input, state);
  // Relations are checked once the row exists, inside the same transaction: a dangling id
  // rolls back the row and its texts too, so a failed create leaves nothing behind.
  await checkReferences(tx, spec, input, errors, 'links');
  errors.throwIfAny();
  await writeLinks(tx, spec, id, input);
  if (spec.afterWrite?.needed(undefined, state)) await spec.afterWrite.write(tx, id);
  const after = await reloadState(tx, spec, id);
  const changed = changedFields(spec, empty, after);
  const title = (await loadTitles(tx, spec, [id])).get(id);
  const changes = describeChanges(spec, undefined, after, changed);
  await recordAudit(tx, actor, [{ action: 'create', entity: spec.entity, entityId: id, changedFields: changed, title, changes }]);
  await recordRevisions(tx, actor, spec, [{ state: after, action: 'create', changes }]);
  if (spec.search) await reindexSearch(tx, spec.search, [id]);
  await enqueueContentWebhooks(tx, spec, [{ before: undefined, after, changed }]);
  return withPurge(tx, { id, before: undefined, after, changed }, purgeOf);
}

/** How an update is recorded in the item's revisions when it is not a plain save. */
export interface RevisionOrigin {
  action: 'restore';
  /** The number of the revision whose content the update brings back. */
  restoredFrom: number;
}

/** What an update needs besides where it writes: who, which item, the new input, the purge and how it is recorded. */
type UpdateArguments = [actor: Actor, spec: EntitySpec, id: number, input: EntityInput, purgeOf?: PurgeOf<WriteResult>, origin?: RevisionOrigin];

/**
 * Applies a partial update based on `input.version`: a PATCH, or a revision's restore. On an item
 * that is published either changes the public site at once, so it needs `content.publish` like
 * publishing; whoever lacks it proposes the change as a working copy (decision 035). Previews
 * and working copies call `updateEntityIn` directly: what they write is rolled back or is the
 * publish itself, checked by its route.
 */
export function updateEntity(db: Database, ...update: UpdateArguments): Promise<Purged<WriteResult>> {
  return withConstraintErrors(() =>
    writeTransaction(db, async (tx) => {
      const [actor, spec, id] = update;
      const before = await reloadState(tx, spec, id);
      if (spec.publication && statusOf(before) === 'published') demand(actor, 'content.publish');
      return applyUpdate(tx, before, ...update);
    }),
  );
}

/** The state an update of `before` leads to, checked like a save (422 field errors), nothing written. */
export interface CheckedUpdate {
  after: EntityState;
  changed: string[];
}

/**
 * Merges `input` into `before` and runs every check a save runs — the version (409 with the
 * current item), the collection's rules, required texts, publication, references, unreviewed
 * machine suggestions, slug uniqueness — writing nothing but the marks of reviewed suggestions.
 * Shared by `updateEntityIn` and working copies (decision 035).
 */
export async function checkUpdate(tx: Executor, actor: Actor, spec: EntitySpec, before: EntityState, input: EntityInput): Promise<CheckedUpdate> {
  if (before.values['version'] !== input.version) throw versionConflict(spec, before);
  // Refused even when nothing would change: whether a write may happen does not depend on its content.
  demandScope(actor, spec, before, undefined);
  const after = normaliseTranslations(spec, mergeState(before, input));
  const changed = changedFields(spec, before, after);
  if (changed.length === 0) return { after: before, changed };
  const errors = new FieldErrors();
  validateState(spec, actor, before, after, errors);
  await checkReferences(tx, spec, { ...input, values: pick(input.values, changed), links: pick(input.links, changed) }, errors);
  errors.throwIfAny();
  // A machine suggestion nobody reviewed is never stored (decision 056).
  await refuseUnreviewedSuggestions(tx, spec, after, changed);
  if (spec.slug && changed.includes('slug')) await resolveSlug(tx, spec, after, stringValue(after, 'slug'));
  return { after, changed };
}

/** `updateEntity` inside a write transaction the caller holds (publishing a working copy drops it in the same one). */
export async function updateEntityIn(tx: Executor, ...update: UpdateArguments): Promise<Purged<WriteResult>> {
  const [, spec, id] = update;
  return applyUpdate(tx, await reloadState(tx, spec, id), ...update);
}

/** The update of `before`, the item as loaded in this transaction. */
async function applyUpdate(tx: Executor, before: EntityState, ...[actor, spec, id, input, purgeOf, origin]: UpdateArguments): Promise<Purged<WriteResult>> {
  const { after, changed } = await checkUpdate(tx, actor, spec, before, input);
  if (changed.length === 0) return { id, before, after: before, changed, purge: noPurge };

  const now = new Date();
  const publishedAt = publishedAtFor(before, after, now);
  const set = {
    ...pick(after.values, changed),
    ...(publishedAt ? { publishedAt } : {}),
    version: sql`${columnOf(spec, 'version')} + 1`,
    updatedAt: now,
    updatedBy: actor.id,
  };
  const versionColumn = columnOf(spec, 'version');
  const updated = await tx
    .update(spec.table)
    .set(set)
    .where(and(eq(columnOf(spec, 'id'), id), eq(versionColumn, input.version!)))
    .returning({ version: versionColumn });
  // Another process may have written between our read and this update.
  if (updated.length === 0) throw versionConflict(spec, await reloadState(tx, spec, id));

  if (changed.some((field) => field.startsWith('translations.'))) await writeTranslations(tx, spec, id, input, after);
  await writeLinks(tx, spec, id, { ...input, links: pick(input.links, changed) });
  if (spec.afterWrite?.needed(before, after)) await spec.afterWrite.write(tx, id);
  const action = transitionAction(statusOf(before), statusOf(after)) ?? 'update';
  const title = (await loadTitles(tx, spec, [id])).get(id);
  const changes = describeChanges(spec, before, after, changed);
  await recordAudit(tx, actor, [{ action, entity: spec.entity, entityId: id, changedFields: changed, title, changes }]);
  // Published by a publisher's own hand: nothing waits for a review any more (docs/decisions/064).
  if (action === 'publish') await closeWaitingReviews(tx, spec.collection, [id], 'published');
  await refreshSearch(tx, spec, id, changed);
  await enqueueContentWebhooks(tx, spec, [{ before, after, changed }]);
  // The merged state is what was written; no need to read it back.
  const stamped = { ...after.values, version: updated[0]!.version, updatedAt: now, updatedBy: actor.id, ...(publishedAt ? { publishedAt } : {}) };
  const written = { ...after, values: stamped };
  await recordRevisions(tx, actor, spec, [{ state: written, action: origin?.action ?? action, changes, restoredFrom: origin?.restoredFrom }]);
  return withPurge(tx, { id, before, after: written, changed }, purgeOf);
}

/** The entries of `record` whose key is in `keys`. */
function pick<T>(record: Record<string, T>, keys: readonly string[]): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key)));
}
