/**
 * Applying an import plan in ONE write transaction: each event gets what a hand-made save writes
 * (checks, revision, audit, search, webhooks), all events together (`bulk-create.ts`,
 * `bulk-update.ts`) so the write lock is held for a second or two, not a minute; missing venues,
 * tags and people are created first through the engine (venues as drafts). A row the engine refuses
 * rolls back the whole import and names its line, or with `skip=errors` is left out and listed
 * (`commit-skips.ts`).
 */
import { writeTransaction, type Database, type Executor, type Transaction } from '../../../db/client.ts';
import { importLinks } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Translate } from '../../i18n/index.ts';
import type { Actor } from '../auth/actor.ts';
import { withConstraintErrors } from '../engine/db-errors.ts';
import type { AdminResource } from '../engine/resource.ts';
import { loadStates } from '../engine/entity-state.ts';
import type { EntityInput, EntityState } from '../engine/entity-spec.ts';
import { createEntityIn, withPurge, type WriteResult } from '../engine/entity-write.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { changesOf, type WriteOutcome } from '../engine/service.ts';
import { adminResources } from '../collections/registry.ts';
import { BulkRefusal, createEntitiesIn } from './bulk-create.ts';
import { updateEntitiesIn } from './bulk-update.ts';
import { loadNameIndex, matchTagsBySlug, nameKey, tagSlugKey, usableTagSlug, type NamedKind } from './names.ts';
import { rowInput, type ImportPlan, type PlannedRow } from './plan.ts';
import { applySkippingRefused, refusedRowView, RowRefusal } from './commit-skips.ts';
import { issueReason, warningReason } from './reasons.ts';
import type { ImportFormat } from './rows.ts';
import { sourceFieldOf } from './source-fields.ts';
import { recordAudit } from '../audit/record.ts';

// Through the registry, which gives each resource its where-used sources (decision 047).
const { curators: curatorsAdmin, events: eventsAdmin, organizers: organizersAdmin, tags: tagsAdmin, venues: venuesAdmin } = adminResources;

export interface CommitResult {
  created: number;
  updated: number;
  /** Items of other collections the import created, per kind. */
  added: Record<NamedKind, number>;
  events: { line: number; id: number; action: 'create' | 'update' }[];
  /** Texts moved or cut to fit, per event, with the file's field, the limit and the reason. */
  warnings: ImportedWarning[];
  /** Rows left out because they had errors (only with `skip: 'errors'`), each with its reasons. */
  skipped: SkippedRow[];
}

export interface SkippedRow {
  line: number;
  externalId: string | null;
  title: string;
  errors: { field: string; source: string; code: string; reason: string }[];
}

/** How the person asked to commit: skip rows with errors or refuse the file; where it came from. */
export interface CommitOptions {
  skipErrors: boolean;
  format: ImportFormat;
  fileName: string;
  /** A CSV's own column of each field, so skipped rows name what the person sees. */
  sourceNames?: Partial<Record<string, string>> | undefined;
  /** Written in the import's transaction (a CSV's column mapping, remembered). */
  alsoWrite?: ((tx: Transaction) => Promise<void>) | undefined;
}

export interface ImportedWarning {
  line: number;
  eventId: number;
  externalId: string | null;
  field: string;
  code: string;
  limit: number;
  reason: string;
}

const namedResources: Record<NamedKind, AdminResource> = { venue: venuesAdmin, tags: tagsAdmin, organizers: organizersAdmin, curators: curatorsAdmin };

/**
 * The create input of a new named item (a person named in a schedule is an organizer of kind
 * person); a tag takes the file's slug when it has one, so other locales' exports find it, and
 * its label is in the file's language of it when known.
 */
function namedInput(kind: NamedKind, name: string, locale: Locale, slug: string | undefined) {
  switch (kind) {
    case 'venue':
      return { values: { name, status: 'draft' }, links: {} };
    case 'tags':
      return { values: slug ? { slug } : {}, translations: { [locale]: { label: name } }, links: {} };
    case 'organizers':
      return { values: { name, kind: 'person' }, links: {} };
    case 'curators':
      return { values: { name }, links: {} };
  }
}

/** Creates the venues (as drafts), tags and people the plan names and the database lacks. */
async function createMissingNames(tx: Executor, actor: Actor, plan: ImportPlan, textLocale: Locale) {
  const index = await loadNameIndex(tx);
  matchTagsBySlug(
    index,
    plan.rows.map((row) => row.row),
  );
  const added: Record<NamedKind, number> = { venue: 0, tags: 0, organizers: 0, curators: 0 };
  for (const row of plan.rows) {
    for (const [kind, names] of Object.entries(row.created) as [NamedKind, string[]][]) {
      for (const name of names) {
        if (index[kind].has(nameKey(name))) continue;
        const slug = kind === 'tags' ? usableTagSlug(row.row, name) : undefined;
        const locale = (kind === 'tags' && row.row.tagDetails[name]?.locale) || textLocale;
        const created = await createEntityIn(tx, actor, namedResources[kind].spec, namedInput(kind, name, locale, slug));
        index[kind].set(nameKey(name), created.id);
        if (slug) index.tags.set(tagSlugKey(slug), created.id);
        added[kind]++;
      }
    }
  }
  return { index, added };
}

/** `write` over the rows' inputs; a refused input becomes a `RowRefusal` naming its row. */
async function writeRows<T extends { row: PlannedRow }>(items: readonly T[], write: (items: readonly T[]) => Promise<WriteResult[]>) {
  try {
    return await write(items);
  } catch (error) {
    throw error instanceof BulkRefusal ? new RowRefusal(items[error.index]!.row, error.error) : error;
  }
}

type Applied = Awaited<ReturnType<typeof applyRows>>;

/** The results of rows applied one by one, as if applied together. */
function mergeApplied(parts: Applied[]): Applied {
  const added: Record<NamedKind, number> = { venue: 0, tags: 0, organizers: 0, curators: 0 };
  for (const part of parts) for (const kind of Object.keys(added) as NamedKind[]) added[kind] += part.added[kind];
  return { results: parts.flatMap((part) => part.results), added };
}

async function applyRows(tx: Executor, actor: Actor, plan: ImportPlan, textLocale: Locale) {
  // Names are resolved before the events, so the resolver itself stays synchronous.
  const { index, added } = await createMissingNames(tx, actor, plan, textLocale);
  const resolve = (kind: NamedKind, name: string) => index[kind].get(nameKey(name))!;
  const existing = await loadStates(
    tx,
    eventsAdmin.spec,
    plan.rows.flatMap((row) => (row.eventId ? [row.eventId] : [])),
  );
  const creates: { row: PlannedRow; input: EntityInput }[] = [];
  const updates: { row: PlannedRow; before: EntityState; input: EntityInput }[] = [];
  for (const row of plan.rows) {
    const input = rowInput(row.row, plan.editionId, resolve);
    const before = row.eventId === undefined ? undefined : existing.get(row.eventId);
    if (before) {
      // A re-import keeps a published event published; choosing "published" publishes drafts too.
      if (plan.status === 'published') input.values['status'] = 'published';
      updates.push({ row, before, input });
    } else {
      input.values['status'] = plan.status;
      // The file's GUID when no event has it (plan.ts); else the column's default, a new one.
      if (row.row.guid) input.values['guid'] = row.row.guid;
      creates.push({ row, input });
    }
  }
  const updated = await writeRows(updates, (items) => updateEntitiesIn(tx, actor, eventsAdmin.spec, items));
  const created = await writeRows(creates, (items) =>
    createEntitiesIn(
      tx,
      actor,
      eventsAdmin.spec,
      items.map(({ input }) => input),
    ),
  );
  const links = creates.flatMap(({ row }, i) =>
    row.row.externalId ? [{ editionId: plan.editionId, source: plan.source, externalId: row.row.externalId, eventId: created[i]!.id }] : [],
  );
  for (let start = 0; start < links.length; start += 200) await tx.insert(importLinks).values(links.slice(start, start + 200));
  const byRow = new Map<PlannedRow, WriteResult>([
    ...updates.map(({ row }, i) => [row, updated[i]!] as const),
    ...creates.map(({ row }, i) => [row, created[i]!] as const),
  ]);
  const results = plan.rows.map((row) => ({ row, result: byRow.get(row)! }));
  return { results, added };
}

/** The rows left out, with their reasons in the admin's language and the file's field names. */
function skippedRows(failing: readonly PlannedRow[], format: ImportFormat, t: Translate, sourceNames?: Partial<Record<string, string>>): SkippedRow[] {
  return failing.map((row) => ({
    line: row.line,
    externalId: row.externalId,
    title: row.title,
    errors: row.issues.map((issue) => ({ ...issue, source: sourceFieldOf(format, issue.field, sourceNames), reason: issueReason(t, issue.code) })),
  }));
}

/**
 * The activity log's entry for the import itself, on the edition: how many events it created and
 * updated, and which rows it skipped (their count and lines), so nothing leaves the file unseen.
 */
function importAuditEntry(plan: ImportPlan, body: CommitResult, options: CommitOptions) {
  const value = (field: string, to: string | number) => ({ kind: 'value' as const, field, from: null, to });
  return {
    action: 'import' as const,
    entity: 'edition' as const,
    entityId: plan.editionId,
    changedFields: [],
    title: options.fileName || options.format,
    changes: [
      value('importCreated', body.created),
      value('importUpdated', body.updated),
      value('importSkipped', body.skipped.length),
      ...(body.skipped.length ? [value('importSkippedLines', body.skipped.map((row) => row.line).join(', '))] : []),
    ],
  };
}

/**
 * Applies `plan` in one transaction. Rows with errors refuse the whole file (422
 * `IMPORT_HAS_ERRORS`), and a row the engine refuses while writing refuses it too (422
 * `IMPORT_ROW_FAILED`), unless `skipErrors`: then the other rows are imported and those are
 * listed as skipped, in the result and in the activity log.
 */
export async function commitImport(
  db: Database,
  actor: Actor,
  fullPlan: ImportPlan,
  textLocale: Locale,
  t: Translate,
  options: CommitOptions,
): Promise<WriteOutcome<CommitResult>> {
  const failing = fullPlan.rows.filter((row) => row.action === 'error');
  const plan = { ...fullPlan, rows: fullPlan.rows.filter((row) => row.action !== 'error') };
  if (failing.length > 0 && !options.skipErrors) {
    const errors = Object.fromEntries(failing.flatMap((row) => row.issues.map((issue) => [`line:${row.line}.${issue.field}`, [issue.code]])));
    throw new AdminError(422, 'IMPORT_HAS_ERRORS', `${failing.length} rows have errors; fix them and import again`, {
      errors,
      extensions: { errorRows: failing.length },
    });
  }
  const outcome = await withConstraintErrors(() =>
    writeTransaction(db, async (tx) => {
      const applied = await applySkippingRefused(tx, plan.rows, { skip: options.skipErrors, t, merge: mergeApplied }, (savepoint, rows) =>
        applyRows(savepoint, actor, { ...plan, rows: [...rows] }, textLocale),
      );
      const { results, added } = applied.value;
      const states = results.flatMap(({ result }) => (result.before ? [result.before, result.after] : [result.after]));
      const changes = changesOf(
        eventsAdmin,
        results.map(({ result }) => result.id),
        states,
      );
      const body: CommitResult = {
        created: results.filter(({ result }) => !result.before).length,
        updated: results.filter(({ result }) => result.before).length,
        added,
        events: results.map(({ row, result }) => ({ line: row.line, id: result.id, action: result.before ? 'update' : 'create' })),
        skipped: [
          ...skippedRows(failing, options.format, t, options.sourceNames),
          ...applied.refused.map((refusal) => refusedRowView(refusal, options.format, t, options.sourceNames)),
        ].sort((a, b) => a.line - b.line),
        warnings: results.flatMap(({ row, result }) =>
          row.row.warnings.map((warning) => ({
            line: row.line,
            eventId: result.id,
            externalId: row.externalId,
            ...warning,
            reason: warningReason(t, warning),
          })),
        ),
      };
      await recordAudit(tx, actor, [importAuditEntry(plan, body, options)]);
      await options.alsoWrite?.(tx);
      return withPurge(tx, { body, changes }, (r) => r.changes);
    }),
  );
  return { body: outcome.body, purge: outcome.purge };
}
