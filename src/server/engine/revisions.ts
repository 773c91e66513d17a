/**
 * Revisions of content items (docs/decisions/030): every save writes the whole item (values,
 * texts, relations) in the save's own transaction, so a failed save leaves none; the history
 * lists them and any one can be restored as a new save, checked like a PATCH.
 */
import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import { revisions, type RevisionSnapshot } from '../../../db/schema.ts';
import { isLocale, locales } from '../../i18n/config.ts';
import type { Actor } from '../auth/actor.ts';
import type { EntitySpec, EntityState } from './entity-spec.ts';
import { loadStates, toEntityInput } from './entity-state.ts';
import { updateEntity, type WriteResult } from './entity-write.ts';
import { AdminError, FieldErrors, notFound } from '../errors/domain-errors.ts';
import { checkReferences } from './references.ts';
import type { AdminResource } from './resource.ts';
import { hiddenColumns } from './entity-view.ts';
import { changesOf, itemView, type WriteOutcome } from './service.ts';
import { parseInput } from './validation.ts';

/**
 * The publication state belongs to the item's present, not to its content: a restore keeps the
 * current status and schedule, so restoring never publishes, unpublishes or archives by surprise.
 */
export const publicationFields: ReadonlySet<string> = new Set(['status', 'publishAt', 'unpublishAt']);

type RevisionRow = typeof revisions.$inferSelect;

function summaryOf(row: Omit<RevisionRow, 'snapshot'>) {
  return {
    id: row.id,
    number: row.number,
    action: row.action,
    itemVersion: row.itemVersion,
    restoredFrom: row.restoredFrom,
    author: { id: row.authorId, label: row.authorLabel },
    createdAt: row.createdAt,
    changes: row.changes,
  };
}

export type RevisionSummary = ReturnType<typeof summaryOf>;

/** The snapshot as the API shows it (server-only columns removed). */
function snapshotView(snapshot: RevisionSnapshot): RevisionSnapshot {
  return { ...snapshot, values: Object.fromEntries(Object.entries(snapshot.values).filter(([key]) => !hiddenColumns.has(key))) };
}

async function requireItem(db: Executor, spec: EntitySpec, id: number): Promise<EntityState> {
  const state = (await loadStates(db, spec, [id])).get(id);
  if (!state) throw notFound(spec.entity, id);
  return state;
}

export interface RevisionPage {
  items: RevisionSummary[];
  total: number;
  page: number;
  limit: number;
}

/** An item's revisions, newest first, a page at a time; 404 for an unknown item. */
export async function listRevisions(db: Executor, spec: EntitySpec, id: number, page: number, limit: number): Promise<RevisionPage> {
  await requireItem(db, spec, id);
  const where = and(eq(revisions.entity, spec.entity), eq(revisions.entityId, id));
  const [counted] = await db.select({ n: count() }).from(revisions).where(where);
  const { snapshot: _snapshot, ...columns } = getTableColumns(revisions);
  const rows = await db
    .select(columns)
    .from(revisions)
    .where(where)
    .orderBy(desc(revisions.number))
    .limit(limit)
    .offset((page - 1) * limit);
  return { items: rows.map(summaryOf), total: counted?.n ?? 0, page, limit };
}

async function loadRevision(db: Executor, spec: EntitySpec, id: number, revisionId: number): Promise<RevisionRow> {
  const [row] = await db
    .select()
    .from(revisions)
    .where(and(eq(revisions.id, revisionId), eq(revisions.entity, spec.entity), eq(revisions.entityId, id)));
  if (!row) throw new AdminError(404, 'NOT_FOUND', `No revision ${revisionId} of this ${spec.entity}`);
  return row;
}

/** One revision with its snapshot; 404 when it is not one of this item's. */
export async function getRevision(db: Executor, spec: EntitySpec, id: number, revisionId: number) {
  await requireItem(db, spec, id);
  const row = await loadRevision(db, spec, id, revisionId);
  return { ...summaryOf(row), snapshot: snapshotView(row.snapshot) };
}

/** A relation the restore left out because its target was deleted since. */
export interface DroppedReference {
  field: string;
  id: number;
}

/**
 * The PATCH body that brings the item to `snapshot`: its declared fields (but not those in
 * `skip`; a restore skips the publication state), every locale's texts (a locale it did not have
 * is removed) and relations. References to items deleted since are dropped and listed. Restores
 * and working copies (decision 035) both use it.
 */
export async function snapshotPatchBody(
  db: Executor,
  spec: EntitySpec,
  current: EntityState,
  snapshot: RevisionSnapshot,
  skip: ReadonlySet<string> = publicationFields,
): Promise<{ body: Record<string, unknown>; dropped: DroppedReference[] }> {
  const values: Record<string, unknown> = {};
  for (const key of spec.columns) {
    if (skip.has(key) || !Object.hasOwn(snapshot.values, key)) continue;
    values[key] = snapshot.values[key];
  }
  const links: Record<string, number[]> = {};
  for (const key of Object.keys(spec.links)) links[key] = (snapshot.links[key] ?? []).filter((id) => typeof id === 'number');

  const missing = new FieldErrors();
  await checkReferences(db, spec, { values, links }, missing);
  const dropped: DroppedReference[] = [];
  for (const path of Object.keys(missing.map)) {
    const [field, index] = path.split('.');
    if (!field) continue;
    if (index === undefined) {
      const id = values[field];
      if (typeof id === 'number') dropped.push({ field, id });
      values[field] = null;
    } else {
      const id = links[field]?.[Number(index)];
      if (id !== undefined) dropped.push({ field, id });
    }
  }
  for (const key of Object.keys(links)) links[key] = links[key]!.filter((id) => !dropped.some((d) => d.field === key && d.id === id));

  const translations: Record<string, Record<string, string | null> | null> = {};
  for (const locale of locales) {
    const row = snapshot.translations[locale];
    if (row) translations[locale] = Object.fromEntries(spec.translations.fields.map((field) => [field, row[field] ?? null]));
    else if (current.translations[locale]) translations[locale] = null;
  }
  for (const locale of Object.keys(snapshot.translations)) if (!isLocale(locale)) delete translations[locale];
  return { body: { ...values, ...links, translations }, dropped };
}

export interface RestoreBody {
  item: Record<string, unknown>;
  /** The new revision, or null when the item already equals the restored one. */
  revision: RevisionSummary | null;
  restoredFrom: number;
  dropped: DroppedReference[];
}

/**
 * POST …/revisions/:revisionId/restore: a save of the revision's content based on `version`
 * (409 with the current item when stale), validated and checked like a PATCH, recorded as a new
 * revision; relations to deleted items are dropped and reported in `dropped`.
 */
export async function restoreRevision(
  db: Database,
  actor: Actor,
  resource: AdminResource,
  id: number,
  revisionId: number,
  version: number,
): Promise<WriteOutcome<RestoreBody>> {
  const { spec } = resource;
  const current = await requireItem(db, spec, id);
  const row = await loadRevision(db, spec, id, revisionId);
  const { body, dropped } = await snapshotPatchBody(db, spec, current, row.snapshot);
  let patch: Record<string, unknown>;
  try {
    patch = parseInput(resource.patchSchema, { ...body, version });
  } catch (error) {
    // The stored values no longer pass today's rules: the revision cannot come back as it is.
    if (error instanceof AdminError) throw new AdminError(422, 'REVISION_INVALID', 'This revision does not pass the current rules', error.details);
    throw error;
  }
  const purgeOf = (result: WriteResult) => (result.changed.length ? changesOf(resource, [id], [result.before!, result.after]) : {});
  const result = await updateEntity(db, actor, spec, id, toEntityInput(spec, patch), purgeOf, { action: 'restore', restoredFrom: row.number });
  const [latest] = result.changed.length ? (await listRevisions(db, spec, id, 1, 1)).items : [];
  return {
    body: { item: await itemView(db, resource, result.after), revision: latest ?? null, restoredFrom: row.number, dropped },
    purge: result.purge,
  };
}
