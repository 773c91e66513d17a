/**
 * The history panel of an edit page (decision 030): the item's revisions read like activity
 * entries (who, when, what changed), and a chosen revision's differences from the current item,
 * field by field, with relations named. Only what a restore would change is compared: the
 * publication state stays as it is.
 */
import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { auditLog, revisions } from '../../../db/schema.ts';
import { reviewActions } from '../audit/record.ts';
import type { AuditRow } from '../activity/queries.ts';
import { isLocale, type Locale } from '../../i18n/config.ts';
import type { Translate } from '../../i18n/index.ts';
import { referenceTargetOf, type CollectionName } from '../../lib/collections/index.ts';
import { activityLabels } from '../activity/labels.ts';
import { presentActivity, type ActivityEntry } from '../activity/present.ts';
import { toAuditValue } from '../engine/audit-changes.ts';
import type { EntityState } from '../engine/entity-spec.ts';
import { changedFields, loadStates } from '../engine/entity-state.ts';
import { snapshotOf, stateOfSnapshot } from '../engine/revision-log.ts';
import { adminResources } from '../collections/registry.ts';
import { loadTitles } from '../engine/audit-changes.ts';
import { publicationFields } from '../engine/revisions.ts';

export interface RevisionDiffRow {
  path: string;
  label: string;
  /** The value in the chosen revision, ready to show. */
  revision: string | null;
  current: string | null;
}

export interface SelectedRevision {
  id: number;
  number: number;
  rows: RevisionDiffRow[];
}

export interface RevisionPanelData {
  /**
   * Revisions and review steps (decision 064) interleaved, newest first, as activity entries: a
   * page of `entriesTotal`. Review steps are the audit log's own entries; they restore nothing.
   */
  entries: ActivityEntry[];
  /** By position in `entries`: the revision an entry is (id and per-item number), else undefined (a review step). */
  revisions: ({ id: number; number: number } | undefined)[];
  /** The item's revisions. */
  total: number;
  /** Revisions and review steps. */
  entriesTotal: number;
  selected: SelectedRevision | null;
  /** The item's current version, which a restore is based on. */
  version: number;
  /** A restore changes what visitors see at once: the item is published (or has no publication state). */
  live: boolean;
}

/**
 * Which revisions and review steps make up page `page` of the history, newest first: one query
 * over both, so a page is the same size wherever the steps fall between saves. A step written in
 * the same millisecond as a save (an approval's publish) comes after it.
 */
async function pageOrder(db: Executor, revisionsOf: SQL | undefined, stepsOf: SQL | undefined, limit: number, page: number) {
  const at = sql<number>`at`;
  const rows = await db
    .select({ source: sql<'revision' | 'step'>`'revision'`.as('source'), id: revisions.id, at: sql<number>`${revisions.createdAt}`.as('at') })
    .from(revisions)
    .where(revisionsOf)
    .unionAll(
      db
        .select({ source: sql<'revision' | 'step'>`'step'`.as('source'), id: auditLog.id, at: sql<number>`${auditLog.at}`.as('at') })
        .from(auditLog)
        .where(stepsOf),
    )
    .orderBy(desc(at), desc(sql`source`), desc(sql`id`))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows;
}

/** The panel for item `id` of `collection`; null when the item does not exist. */
export async function loadRevisionPanel(
  db: Executor,
  locale: Locale,
  t: Translate,
  collection: CollectionName,
  id: number,
  selectedId: number | undefined,
  limit = 20,
  page = 1,
): Promise<RevisionPanelData | null> {
  const { spec } = adminResources[collection];
  const current = (await loadStates(db, spec, [id])).get(id);
  if (!current) return null;
  const where = and(eq(revisions.entity, spec.entity), eq(revisions.entityId, id));
  const steps = and(eq(auditLog.entity, spec.entity), eq(auditLog.entityId, String(id)), inArray(auditLog.action, [...reviewActions]));
  const [order, revisionCount, stepCount] = await Promise.all([
    pageOrder(db, where, steps, limit, page),
    db.select({ n: count() }).from(revisions).where(where),
    db.select({ n: count() }).from(auditLog).where(steps),
  ]);
  const revisionIds = order.filter((row) => row.source === 'revision').map((row) => row.id);
  const stepIds = order.filter((row) => row.source === 'step').map((row) => row.id);
  const { snapshot: _snapshot, ...columns } = getTableColumns(revisions);
  const [revisionRows, stepRows] = await Promise.all([
    revisionIds.length ? db.select(columns).from(revisions).where(inArray(revisions.id, revisionIds)) : [],
    stepIds.length ? db.select().from(auditLog).where(inArray(auditLog.id, stepIds)) : [],
  ]);
  const revisionById = new Map(revisionRows.map((row) => [row.id, row]));
  const stepById = new Map(stepRows.map((row) => [row.id, row]));
  const rows = order.flatMap((row): { audit: AuditRow; revision: { id: number; number: number } | null }[] => {
    if (row.source === 'step') {
      const step = stepById.get(row.id);
      return step ? [{ audit: step, revision: null }] : [];
    }
    const revision = revisionById.get(row.id);
    if (!revision) return [];
    const audit: AuditRow = {
      id: revision.id,
      actorId: revision.authorId,
      actorLabel: revision.authorLabel,
      action: revision.action,
      entity: revision.entity,
      entityId: String(revision.entityId),
      at: revision.createdAt,
      changedFields: [],
      title: null,
      changes: revision.changes,
    };
    return [{ audit, revision: { id: revision.id, number: revision.number } }];
  });
  const entries = await presentActivity(
    db,
    locale,
    rows.map((row) => row.audit),
  );
  const revisionsOf = rows.map((row) => row.revision ?? undefined);
  const version = typeof current.values['version'] === 'number' ? current.values['version'] : 0;
  let selected: SelectedRevision | null = null;
  if (selectedId !== undefined) {
    const [row] = await db
      .select()
      .from(revisions)
      .where(and(where, eq(revisions.id, selectedId)));
    if (row) selected = { id: row.id, number: row.number, rows: await diffRows(db, locale, t, collection, current, stateOfSnapshot(id, row.snapshot)) };
  }
  const live = !spec.publication || current.values['status'] === 'published';
  const total = revisionCount[0]?.n ?? 0;
  return { entries, revisions: revisionsOf, total, entriesTotal: total + (stepCount[0]?.n ?? 0), selected, version, live };
}

/** The fields where `revision` differs from `current`, labelled and formatted for `locale`. */
async function diffRows(
  db: Executor,
  locale: Locale,
  t: Translate,
  collection: CollectionName,
  current: EntityState,
  revision: EntityState,
): Promise<RevisionDiffRow[]> {
  const { spec } = adminResources[collection];
  const labels = activityLabels(locale, t);
  // Both as stored in a snapshot, so dates compare as the same ISO strings.
  const now = stateOfSnapshot(current.id, snapshotOf(current));
  const paths = changedFields(spec, revision, now).filter((path) => !publicationFields.has(path));

  const wanted = new Map<CollectionName, Set<number>>();
  for (const path of paths) {
    const target = referenceTargetOf(collection, path);
    if (!target) continue;
    const ids = wanted.get(target) ?? new Set<number>();
    for (const state of [revision, now]) {
      const value = spec.links[path] ? state.links[path] : [state.values[path]];
      for (const item of value ?? []) if (typeof item === 'number') ids.add(item);
    }
    wanted.set(target, ids);
  }
  const titles = new Map<CollectionName, Map<number, string>>();
  await Promise.all([...wanted].map(async ([target, ids]) => titles.set(target, await loadTitles(db, adminResources[target].spec, [...ids]))));
  const nameOf = (path: string, itemId: number): string => {
    const target = referenceTargetOf(collection, path);
    return (target && titles.get(target)?.get(itemId)) ?? t('revisions.deletedItem', { id: String(itemId) });
  };

  const show = (state: EntityState, path: string): string | null => {
    const [head, code, field] = path.split('.');
    if (head === 'translations' && code && isLocale(code)) {
      const row = state.translations[code];
      if (!field) return row ? t('revisions.localePresent') : null;
      const text = row?.[field];
      return text === undefined || text === null || text === '' ? null : text;
    }
    if (spec.links[path]) {
      const ids = state.links[path] ?? [];
      return ids.length ? ids.map((itemId) => nameOf(path, itemId)).join(', ') : null;
    }
    const value = state.values[path];
    if (value === null || value === undefined || value === '') return null;
    if (referenceTargetOf(collection, path) && typeof value === 'number') return nameOf(path, value);
    return labels.value(path, toAuditValue(value));
  };

  return paths.map((path) => {
    const [head, code, field] = path.split('.');
    const label = head === 'translations' && code ? (field ? `${labels.field(field)} (${labels.locale(code)})` : labels.locale(code)) : labels.field(path);
    return { path, label, revision: show(revision, path), current: show(now, path) };
  });
}
