/** Loading items as `EntityState`s in batched queries, merging updates and listing what changed. */
import { and, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import type { Executor } from '../../../db/client.ts';
import { isLocale, locales } from '../../i18n/config.ts';
import type { EntityInput, EntitySpec, EntityState } from './entity-spec.ts';
import { propertyOf } from './references.ts';

/** The column of `spec.table` with property name `key`. */
export function columnOf(spec: EntitySpec, key: string): SQLiteColumn {
  const column = getTableColumns(spec.table)[key];
  if (!column) throw new Error(`${spec.entity} has no column ${key}`);
  return column;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function isIdList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((id) => typeof id === 'number');
}

/** The `translations` member of a body the declaration's schema accepted: locale → texts, or null to remove it. */
const translationsInputSchema = z.partialRecord(z.enum(locales), z.record(z.string(), z.string().nullable()).nullable());

/** Splits a parsed create/update body into base values, translations and link lists. */
export function toEntityInput(spec: EntitySpec, body: Record<string, unknown>): EntityInput {
  const input: EntityInput = { values: {}, links: {} };
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (key === 'translations') input.translations = translationsInputSchema.parse(value);
    else if (key === 'version' && typeof value === 'number') input.version = value;
    else if (Object.hasOwn(spec.links, key) && isIdList(value)) input.links[key] = value;
    else if (spec.columns.includes(key)) input.values[key] = value;
    else throw new Error(`${spec.entity}: input key ${key} is not declared in the spec`);
  }
  return input;
}

/**
 * Items by id with their texts and relations, in three queries whatever the collection: rows,
 * translation rows, and every relation list in one UNION ALL.
 */
export async function loadStates(db: Executor, spec: EntitySpec, ids: readonly number[]): Promise<Map<number, EntityState>> {
  const unique = [...new Set(ids)];
  const states = new Map<number, EntityState>();
  if (unique.length === 0) return states;
  const idColumn = columnOf(spec, 'id');
  const { translations: t } = spec;
  const linkEntries = Object.entries(spec.links);
  const linkQuery = linkEntries.length
    ? sql.join(
        linkEntries.map(
          ([key, link]) =>
            sql`SELECT ${key} AS k, ${link.owner} AS owner, ${link.target} AS target, ${link.position ?? sql`0`} AS pos FROM ${link.table} WHERE ${inArray(link.owner, unique)}`,
        ),
        sql` UNION ALL `,
      )
    : undefined;
  const [rows, texts, links] = await Promise.all([
    // Rows derived from an item (an event's later dates) are not items: they answer 404.
    db
      .select()
      .from(spec.table)
      .where(and(inArray(idColumn, unique), spec.managed)),
    db.select().from(t.table).where(inArray(t.owner, unique)),
    linkQuery ? db.all<{ k: string; owner: number; target: number }>(sql`${linkQuery} ORDER BY 2, 1, 4, 3`) : Promise.resolve([]),
  ]);
  for (const row of rows) {
    const values: Record<string, unknown> = row;
    const id = values['id'];
    if (typeof id !== 'number') continue;
    states.set(id, { id, values, translations: {}, links: Object.fromEntries(linkEntries.map(([key]) => [key, []])) });
  }
  const ownerKey = propertyOf(t.table, t.owner);
  for (const row of texts) {
    const text: Record<string, unknown> = row;
    const owner = text[ownerKey];
    const state = typeof owner === 'number' ? states.get(owner) : undefined;
    const locale = text['locale'];
    if (!state || !isLocale(locale)) continue;
    state.translations[locale] = Object.fromEntries(t.fields.map((field) => [field, textOrNull(text[field])]));
  }
  for (const link of links) states.get(link.owner)?.links[link.k]?.push(link.target);
  return states;
}

/** The state an update leads to: given fields replace, translations merge per field. */
export function mergeState(before: EntityState, input: EntityInput): EntityState {
  const translations = { ...before.translations };
  for (const [locale, patch] of Object.entries(input.translations ?? {})) {
    if (!isLocale(locale) || patch === undefined) continue;
    if (patch === null) delete translations[locale];
    else translations[locale] = { ...(translations[locale] ?? {}), ...patch };
  }
  return { id: before.id, values: { ...before.values, ...input.values }, translations, links: { ...before.links, ...input.links } };
}

/** Gives every translation row every text field (null, or the column default), as stored. */
export function normaliseTranslations(spec: EntitySpec, state: EntityState): EntityState {
  const translations: EntityState['translations'] = {};
  for (const locale of locales) {
    const row = state.translations[locale];
    if (!row) continue;
    translations[locale] = Object.fromEntries(spec.translations.fields.map((field) => [field, row[field] ?? spec.translations.defaults?.[field] ?? null]));
  }
  return { ...state, translations };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : false;
  }
  if (typeof a === 'object' && a !== null) return JSON.stringify(a) === JSON.stringify(b);
  return (a ?? null) === (b ?? null);
}

/** Field paths that differ between two states (`slug`, `translations.fr.title`, `tagIds`). */
export function changedFields(spec: EntitySpec, before: EntityState, after: EntityState): string[] {
  const changed: string[] = [];
  for (const key of spec.columns) if (!sameValue(before.values[key], after.values[key])) changed.push(key);
  for (const locale of locales) {
    const old = before.translations[locale];
    const next = after.translations[locale];
    if (!old && !next) continue;
    const listed = changed.length;
    for (const field of spec.translations.fields) {
      if (!sameValue(old?.[field], next?.[field])) changed.push(`translations.${locale}.${field}`);
    }
    // A locale added or removed with nothing but empty fields still changed the item.
    if (changed.length === listed && !old !== !next) changed.push(`translations.${locale}`);
  }
  for (const key of Object.keys(spec.links)) {
    if (!sameValue(before.links[key] ?? [], after.links[key] ?? [])) changed.push(key);
  }
  return changed;
}

/** A fresh state for a create (no id yet). */
export function newState(input: EntityInput): EntityState {
  const translations: EntityState['translations'] = {};
  for (const [locale, row] of Object.entries(input.translations ?? {})) {
    if (isLocale(locale) && row) translations[locale] = row;
  }
  return { id: 0, values: { ...input.values }, translations, links: { ...input.links } };
}
