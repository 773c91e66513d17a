/**
 * Writing an item's children (translation rows, relation rows) and checking that every id it
 * points at exists. Dangling ids are reported per field path (422) instead of surfacing as a
 * foreign-key failure.
 */
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import { curators, editions, files, medias, organizers, tags, venues } from '../../../db/schema.ts';
import { locales } from '../../i18n/config.ts';
import type { EntityInput, EntitySpec, EntityState, ReferenceKind } from './entity-spec.ts';
import type { FieldErrors } from '../errors/domain-errors.ts';

/** Where ids of each kind live; `id` is typed as a number column, so rows read back as numbers. */
const targets: Record<ReferenceKind, { table: SQLiteTable; id: AnySQLiteColumn<{ data: number; notNull: true }>; where?: ReturnType<typeof eq> }> = {
  edition: { table: editions, id: editions.id },
  tag: { table: tags, id: tags.id },
  organizer: { table: organizers, id: organizers.id },
  curator: { table: curators, id: curators.id },
  media: { table: medias, id: medias.id },
  image: { table: medias, id: medias.id, where: eq(medias.kind, 'image') },
  file: { table: files, id: files.id },
  venue: { table: venues, id: venues.id },
};

interface Wanted {
  path: string;
  kind: ReferenceKind;
  id: number;
}

/** The existing ids of one kind among `ids`. */
async function existingIds(db: Executor, kind: ReferenceKind, ids: readonly number[]): Promise<Set<number>> {
  const target = targets[kind];
  const found = new Set<number>();
  for (let start = 0; start < ids.length; start += 500) {
    const slice = ids.slice(start, start + 500);
    const rows = await db
      .select({ id: target.id })
      .from(target.table)
      .where(and(inArray(target.id, slice), target.where));
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/**
 * Adds `DANGLING_REFERENCE` (or `NOT_AN_IMAGE`) at each path whose id does not exist, for the
 * references (columns of the row) and/or links (relation lists) present in `input`: one query
 * per kind of target.
 */
export async function checkReferences(
  db: Executor,
  spec: EntitySpec,
  input: EntityInput,
  errors: FieldErrors,
  which: 'references' | 'links' | 'all' = 'all',
): Promise<void> {
  const wanted: Wanted[] = [];
  if (which !== 'links') {
    for (const [key, kind] of Object.entries(spec.references)) {
      const id = input.values[key];
      if (typeof id === 'number') wanted.push({ path: key, kind, id });
    }
    wanted.push(...(spec.innerReferences?.(input.values) ?? []));
  }
  if (which !== 'references') {
    for (const [key, link] of Object.entries(spec.links)) {
      input.links[key]?.forEach((id, index) => wanted.push({ path: `${key}.${index}`, kind: link.kind, id }));
    }
  }
  const kinds = [...new Set(wanted.map((item) => item.kind))];
  const found = new Map(
    await Promise.all(
      kinds.map(
        async (kind) =>
          [
            kind,
            await existingIds(
              db,
              kind,
              wanted.filter((w) => w.kind === kind).map((w) => w.id),
            ),
          ] as const,
      ),
    ),
  );
  const missing = wanted.filter((item) => !found.get(item.kind)?.has(item.id));
  if (missing.length === 0) return;
  // An id that exists as a media but not as an image gets the more helpful code.
  const medias = missing.some((item) => item.kind === 'image')
    ? await existingIds(
        db,
        'media',
        missing.filter((item) => item.kind === 'image').map((item) => item.id),
      )
    : new Set<number>();
  for (const item of missing) {
    errors.add(item.path, item.kind === 'image' && medias.has(item.id) ? 'NOT_AN_IMAGE' : 'DANGLING_REFERENCE');
  }
}

/**
 * Writes the translation rows an input names: merged rows are upserted in one statement,
 * removed locales deleted in another.
 */
export async function writeTranslations(db: Executor, spec: EntitySpec, id: number, input: EntityInput, merged: EntityState): Promise<void> {
  const t = spec.translations;
  const removed = locales.filter((locale) => input.translations?.[locale] === null);
  const kept = locales.filter((locale) => input.translations?.[locale]);
  if (removed.length > 0) await db.delete(t.table).where(and(eq(t.owner, id), inArray(t.locale, removed)));
  if (kept.length === 0) return;
  const ownerKey = propertyOf(t.table, t.owner);
  const rows = kept.map((locale) => ({
    [ownerKey]: id,
    locale,
    ...Object.fromEntries(t.fields.map((field) => [field, merged.translations[locale]?.[field] ?? t.defaults?.[field] ?? null])),
  }));
  const set = Object.fromEntries(t.fields.map((field) => [field, sql.raw(`excluded.${columnName(t.table, field)}`)]));
  await db
    .insert(t.table)
    .values(rows)
    .onConflictDoUpdate({ target: [t.owner, t.locale], set });
}

function columnName(table: SQLiteTable, property: string): string {
  const column = getTableColumns(table)[property];
  if (!column) throw new Error(`unknown column ${property}`);
  return `"${column.name}"`;
}

/** Replaces the relation lists an input names (delete, then insert in the given order). */
export async function writeLinks(db: Executor, spec: EntitySpec, id: number, input: EntityInput): Promise<void> {
  for (const [key, ids] of Object.entries(input.links)) {
    const link = spec.links[key];
    if (!link) continue;
    await db.delete(link.table).where(eq(link.owner, id));
    if (ids.length === 0) continue;
    const ownerKey = propertyOf(link.table, link.owner);
    const targetKey = propertyOf(link.table, link.target);
    const positionKey = link.position ? propertyOf(link.table, link.position) : undefined;
    const rows = ids.map((target, index) => ({
      [ownerKey]: id,
      [targetKey]: target,
      ...(positionKey ? { [positionKey]: index } : {}),
    }));
    await db.insert(link.table).values(rows);
  }
}

/** The property name drizzle uses for `column` of `table`. */
export function propertyOf(table: SQLiteTable, column: SQLiteColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!entry) throw new Error(`column ${column.name} not found on its table`);
  return entry[0];
}
