/**
 * Updating many items inside the caller's write transaction with what `updateEntityIn` writes
 * for each — the same checks, the version bump, texts, links, an audit entry, a revision, search
 * rows, webhook outbox rows — with one UPDATE per changed item and everything else in multi-row
 * statements (a re-import of 2,000 events went from ~24 s to a few seconds; decision 034). The
 * states come from the same transaction, so their versions are current and the ids they point
 * at exist (the foreign keys still refuse a dangling one).
 */
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { reindexSearch } from '../../../db/search-index.ts';
import { locales } from '../../i18n/config.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { describeChanges, loadTitles } from '../engine/audit-changes.ts';
import type { EntityInput, EntitySpec, EntityState } from '../engine/entity-spec.ts';
import { changedFields, columnOf, mergeState, normaliseTranslations } from '../engine/entity-state.ts';
import { validateState, type WriteResult } from '../engine/entity-write.ts';
import { AdminError, FieldErrors } from '../errors/domain-errors.ts';
import { publishedAtFor, statusOf, transitionAction } from '../engine/publication.ts';
import { propertyOf, writeTranslations } from '../engine/references.ts';
import { recordRevisions } from '../engine/revision-log.ts';
import { resolveSlug } from '../engine/slugs.ts';
import { stringValue } from '../engine/spec-helpers.ts';
import { enqueueContentWebhooks } from '../engine/content-webhooks.ts';
import { BulkRefusal, chunks } from './bulk-create.ts';

/** One item to update: its current state (read in this transaction) and what to change. */
export interface BulkUpdate {
  before: EntityState;
  input: EntityInput;
}

interface Planned {
  before: EntityState;
  after: EntityState;
  changed: string[];
  input: EntityInput;
}

function only<T>(record: Record<string, T>, keys: readonly string[]): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key)));
}

/** The merged state of each update, checked like a save (no database needed), or a refusal naming it. */
async function planUpdates(tx: Executor, actor: Actor, spec: EntitySpec, updates: readonly BulkUpdate[]): Promise<Planned[]> {
  const planned: Planned[] = [];
  for (const [index, { before, input }] of updates.entries()) {
    const after = normaliseTranslations(spec, mergeState(before, input));
    const changed = changedFields(spec, before, after);
    const errors = new FieldErrors();
    try {
      if (changed.length > 0) validateState(spec, actor, before, after, errors);
      errors.throwIfAny();
      if (spec.slug && changed.includes('slug')) await resolveSlug(tx, spec, after, stringValue(after, 'slug'));
    } catch (error) {
      throw error instanceof AdminError ? new BulkRefusal(index, error) : error;
    }
    planned.push({ before, after: changed.length ? after : before, changed, input });
  }
  return planned;
}

/** Writes the changed columns of one item and bumps its version; a stale version refuses it. */
async function writeRow(tx: Executor, actor: Actor, spec: EntitySpec, item: Planned, now: Date, index: number): Promise<EntityState> {
  const { before, after, changed } = item;
  const publishedAt = publishedAtFor(before, after, now);
  const versionColumn = columnOf(spec, 'version');
  const updated = await tx
    .update(spec.table)
    .set({
      ...only(after.values, changed),
      ...(publishedAt ? { publishedAt } : {}),
      version: sql`${versionColumn} + 1`,
      updatedAt: now,
      updatedBy: actor.id,
    })
    .where(and(eq(columnOf(spec, 'id'), before.id), eq(versionColumn, Number(before.values['version']))))
    .returning({ version: versionColumn });
  if (updated.length === 0) throw new BulkRefusal(index, new AdminError(409, 'VERSION_CONFLICT', `This ${spec.entity} was changed by someone else meanwhile`));
  const values = { ...after.values, version: updated[0]!.version, updatedAt: now, updatedBy: actor.id, ...(publishedAt ? { publishedAt } : {}) };
  return { ...after, values };
}

/** Upserts the texts the updates changed, in multi-row statements; removed locales one by one. */
async function writeTexts(tx: Executor, spec: EntitySpec, items: readonly Planned[]): Promise<void> {
  const t = spec.translations;
  const owner = propertyOf(t.table, t.owner);
  const textChanged = items.filter((item) => item.changed.some((field) => field.startsWith('translations.')));
  const rows = [];
  for (const item of textChanged) {
    if (locales.some((locale) => item.input.translations?.[locale] === null)) {
      await writeTranslations(tx, spec, item.before.id, item.input, item.after);
      continue;
    }
    for (const locale of locales) {
      if (!item.input.translations?.[locale]) continue;
      const merged = item.after.translations[locale];
      rows.push({ [owner]: item.before.id, locale, ...Object.fromEntries(t.fields.map((field) => [field, merged?.[field] ?? t.defaults?.[field] ?? null])) });
    }
  }
  const columns = getTableColumns(t.table);
  const set = Object.fromEntries(t.fields.map((field) => [field, sql.raw(`excluded."${columns[field]!.name}"`)]));
  for (const slice of chunks(rows)) {
    await tx
      .insert(t.table)
      .values(slice)
      .onConflictDoUpdate({ target: [t.owner, t.locale], set });
  }
}

/** Replaces the relation lists the updates changed: one DELETE and one INSERT per list per chunk. */
async function writeLinkLists(tx: Executor, spec: EntitySpec, items: readonly Planned[]): Promise<void> {
  for (const [key, link] of Object.entries(spec.links)) {
    const touched = items.filter((item) => item.changed.includes(key) && item.input.links[key]);
    const owner = propertyOf(link.table, link.owner);
    const target = propertyOf(link.table, link.target);
    const position = link.position ? propertyOf(link.table, link.position) : undefined;
    for (const slice of chunks(touched, 500)) {
      await tx.delete(link.table).where(
        inArray(
          link.owner,
          slice.map((item) => item.before.id),
        ),
      );
    }
    const rows = touched.flatMap((item) =>
      item.input.links[key]!.map((targetId, index) => ({ [owner]: item.before.id, [target]: targetId, ...(position ? { [position]: index } : {}) })),
    );
    for (const slice of chunks(rows, 300)) await tx.insert(link.table).values(slice);
  }
}

/** Re-indexes what the updates changed the searchable text of (their own rows, and dependents'). */
async function refreshSearchAll(tx: Executor, spec: EntitySpec, items: readonly Planned[]): Promise<void> {
  const dependents = spec.searchDependents;
  if (dependents) {
    for (const item of items) {
      if (item.changed.some((field) => dependents.columns.includes(field))) await reindexSearch(tx, dependents.type, await dependents.ids(tx, item.before.id));
    }
  }
  if (!spec.search) return;
  const ids = items
    .filter((item) => item.changed.some((field) => field.startsWith('translations.') || spec.searchColumns?.includes(field)))
    .map((item) => item.before.id);
  await reindexSearch(tx, spec.search, ids);
}

/**
 * Applies each update as `updateEntityIn` would one by one (an update that changes nothing writes
 * nothing); a refused one throws `BulkRefusal` naming it, and the caller's transaction rolls back.
 */
export async function updateEntitiesIn(tx: Executor, actor: Actor, spec: EntitySpec, updates: readonly BulkUpdate[]): Promise<WriteResult[]> {
  const planned = await planUpdates(tx, actor, spec, updates);
  const now = new Date();
  const written = new Map<Planned, EntityState>();
  for (const [index, item] of planned.entries()) if (item.changed.length > 0) written.set(item, await writeRow(tx, actor, spec, item, now, index));
  const changedItems = [...written.keys()];
  await writeTexts(tx, spec, changedItems);
  await writeLinkLists(tx, spec, changedItems);
  // A repeating event's dates follow its rule and start (or go when it stops repeating).
  const { afterWrite } = spec;
  if (afterWrite) for (const item of changedItems) if (afterWrite.needed(item.before, item.after)) await afterWrite.write(tx, item.before.id);
  const titles = new Map<number, string>();
  for (const slice of chunks(changedItems, 500)) {
    for (const [id, title] of await loadTitles(
      tx,
      spec,
      slice.map((item) => item.before.id),
    ))
      titles.set(id, title);
  }
  const entries = changedItems.map((item) => {
    const action = transitionAction(statusOf(item.before), statusOf(item.after)) ?? 'update';
    return { item, action, changes: describeChanges(spec, item.before, item.after, item.changed) };
  });
  await recordAudit(
    tx,
    actor,
    entries.map(({ item, action, changes }) => ({
      action,
      entity: spec.entity,
      entityId: item.before.id,
      changedFields: item.changed,
      title: titles.get(item.before.id),
      changes,
    })),
  );
  await refreshSearchAll(tx, spec, changedItems);
  await enqueueContentWebhooks(
    tx,
    spec,
    changedItems.map((item) => ({ before: item.before, after: item.after, changed: item.changed })),
  );
  await recordRevisions(
    tx,
    actor,
    spec,
    entries.map(({ item, action, changes }) => ({ state: written.get(item)!, action, changes })),
  );
  return planned.map((item) => ({ id: item.before.id, before: item.before, after: written.get(item) ?? item.before, changed: item.changed }));
}
