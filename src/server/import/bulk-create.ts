/**
 * Creating many items inside the caller's write transaction with what a hand-made create writes —
 * the same checks, a slug, the row, its texts and links, an audit entry, a revision, search rows,
 * webhook outbox rows — in a few multi-row statements per table instead of a dozen statements per
 * item (decision 034: the write lock is held for the whole import, so its length is what every
 * other writer waits). The ids the inputs point at were read in the same transaction (the
 * import's name index and edition), so the engine's reference check has nothing to add; the
 * foreign keys still refuse a dangling id.
 */
import { and, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { reindexSearch } from '../../../db/search-index.ts';
import { slugFromTitle, slugWithSuffix } from '../../lib/admin-schemas/slug.ts';
import type { Actor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { describeChanges, loadTitles } from '../engine/audit-changes.ts';
import type { EntityInput, EntitySpec, EntityState } from '../engine/entity-spec.ts';
import { changedFields, columnOf, loadStates, newState } from '../engine/entity-state.ts';
import { validateState, type WriteResult } from '../engine/entity-write.ts';
import { AdminError, FieldErrors } from '../errors/domain-errors.ts';
import { publishedAtFor } from '../engine/publication.ts';
import { propertyOf } from '../engine/references.ts';
import { recordRevisions } from '../engine/revision-log.ts';
import { enqueueContentWebhooks } from '../engine/content-webhooks.ts';

/** Rows per multi-row INSERT: well under SQLite's bound-parameter limit for the widest table. */
const CHUNK = 100;

const empty: EntityState = { id: 0, values: {}, translations: {}, links: {} };

/** `items` in slices of `size`. */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < items.length; start += size) slices.push(items.slice(start, start + size));
  return slices;
}

/** What refuses one input: the engine's error, and which input it was. */
export class BulkRefusal extends Error {
  readonly index: number;
  readonly error: AdminError;

  constructor(index: number, error: AdminError) {
    super(error.message);
    this.index = index;
    this.error = error;
  }
}

/**
 * Free slugs for `bases` (one per new item, repeats allowed), read in one query per chunk of
 * bases: each base and its `-<n>` variants are one index range (`base-` < slug < `base.`).
 */
async function reserveSlugs(tx: Executor, spec: EntitySpec, bases: readonly string[]): Promise<string[]> {
  const column = columnOf(spec, 'slug');
  const taken = new Set<string>();
  for (const slice of chunks([...new Set(bases)])) {
    const rows = await tx
      .select({ slug: column })
      .from(spec.table)
      .where(or(inArray(column, slice), ...slice.map((base) => and(gt(column, `${base}-`), lt(column, `${base}.`)))));
    for (const row of rows) if (typeof row.slug === 'string') taken.add(row.slug);
  }
  const slugs = bases.map((base) => {
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = slugWithSuffix(base, n);
    taken.add(slug);
    return slug;
  });
  // A suffix that had to shorten a long base leaves its range: check those few one by one.
  for (const [index, slug] of slugs.entries()) {
    const base = bases[index]!;
    if (slug === base || slug.startsWith(`${base}-`)) continue;
    let candidate = slug;
    for (let n = Number(/-(\d+)$/.exec(slug)?.[1] ?? 2); ; n++) {
      candidate = slugWithSuffix(base, n);
      const [row] = await tx.select({ slug: column }).from(spec.table).where(eq(column, candidate)).limit(1);
      if (!row && !slugs.some((other, j) => j !== index && other === candidate)) break;
    }
    slugs[index] = candidate;
  }
  return slugs;
}

/** The engine's checks of a new item (no database needed) and its slug base (`''` for a spec without slugs). */
function checkNew(spec: EntitySpec, actor: Actor, state: EntityState, index: number): string {
  const errors = new FieldErrors();
  const base = spec.slug ? slugFromTitle(spec.slug.source(state) ?? '') : '';
  if (spec.slug && !base) errors.add('slug', 'SLUG_REQUIRED');
  try {
    // A missing permission (publishing) throws here too: it refuses the row like a field error.
    validateState(spec, actor, undefined, state, errors);
    errors.throwIfAny();
  } catch (error) {
    if (error instanceof AdminError) throw new BulkRefusal(index, error);
    throw error;
  }
  return base;
}

/** Inserts the texts and links of new items (`ids[i]` made from `inputs[i]`). */
async function writeChildren(tx: Executor, spec: EntitySpec, states: readonly EntityState[], ids: readonly number[]): Promise<void> {
  const t = spec.translations;
  const ownerKey = propertyOf(t.table, t.owner);
  const texts = states.flatMap((state, i) =>
    Object.entries(state.translations).map(([locale, row]) => ({
      [ownerKey]: ids[i],
      locale,
      ...Object.fromEntries(t.fields.map((field) => [field, row?.[field] ?? t.defaults?.[field] ?? null])),
    })),
  );
  for (const slice of chunks(texts)) await tx.insert(t.table).values(slice);
  for (const [key, link] of Object.entries(spec.links)) {
    const owner = propertyOf(link.table, link.owner);
    const target = propertyOf(link.table, link.target);
    const position = link.position ? propertyOf(link.table, link.position) : undefined;
    const rows = states.flatMap((state, i) =>
      (state.links[key] ?? []).map((targetId, index) => ({ [owner]: ids[i], [target]: targetId, ...(position ? { [position]: index } : {}) })),
    );
    for (const slice of chunks(rows, 300)) await tx.insert(link.table).values(slice);
  }
}

/** The states of `ids` as written, in their order. */
async function reloadAll(tx: Executor, spec: EntitySpec, ids: readonly number[]): Promise<EntityState[]> {
  const states = new Map<number, EntityState>();
  for (const slice of chunks(ids, 500)) for (const [id, state] of await loadStates(tx, spec, slice)) states.set(id, state);
  return ids.map((id) => states.get(id)!);
}

/**
 * Creates one item per input (version 1), as `createEntityIn` would one by one; a refused input
 * throws `BulkRefusal` naming it (the caller's transaction then rolls everything back).
 */
export async function createEntitiesIn(tx: Executor, actor: Actor, spec: EntitySpec, inputs: readonly EntityInput[]): Promise<WriteResult[]> {
  if (inputs.length === 0) return [];
  const states = inputs.map(newState);
  const bases = states.map((state, index) => checkNew(spec, actor, state, index));
  if (spec.slug) {
    const slugs = await reserveSlugs(tx, spec, bases);
    states.forEach((state, index) => (state.values['slug'] = slugs[index]));
  }
  const now = new Date();
  const rows = states.map((state) => {
    const publishedAt = publishedAtFor(undefined, state, now);
    return { ...state.values, ...(publishedAt ? { publishedAt } : {}), createdAt: now, updatedAt: now, createdBy: actor.id, updatedBy: actor.id, version: 1 };
  });
  const ids: number[] = [];
  for (const slice of chunks(rows)) {
    // RETURNING lists rows in the order they were inserted.
    const inserted = await tx
      .insert(spec.table)
      .values(slice)
      .returning({ id: columnOf(spec, 'id') });
    for (const row of inserted) {
      if (typeof row.id !== 'number') throw new Error(`${spec.entity}: the insert returned no id`);
      ids.push(row.id);
    }
  }
  await writeChildren(tx, spec, states, ids);
  // What a save does after its row (a repeating event's dates), only for the items that need it.
  const { afterWrite } = spec;
  if (afterWrite) for (const [index, id] of ids.entries()) if (afterWrite.needed(undefined, states[index]!)) await afterWrite.write(tx, id);
  const afters = await reloadAll(tx, spec, ids);
  const titles = new Map<number, string>();
  for (const slice of chunks(ids, 500)) for (const [id, title] of await loadTitles(tx, spec, slice)) titles.set(id, title);
  const results = afters.map((after) => {
    const changed = changedFields(spec, empty, after);
    return { id: after.id, before: undefined, after, changed, changes: describeChanges(spec, undefined, after, changed) };
  });
  await recordAudit(
    tx,
    actor,
    results.map(({ id, changed, changes }) => ({
      action: 'create',
      entity: spec.entity,
      entityId: id,
      changedFields: changed,
      title: titles.get(id),
      changes,
    })),
  );
  await recordRevisions(
    tx,
    actor,
    spec,
    results.map(({ after, changes }) => ({ state: after, action: 'create', changes })),
  );
  if (spec.search) await reindexSearch(tx, spec.search, ids);
  await enqueueContentWebhooks(
    tx,
    spec,
    results.map(({ after, changed }) => ({ before: undefined, after, changed })),
  );
  return results.map(({ id, after, changed }) => ({ id, before: undefined, after, changed }));
}
