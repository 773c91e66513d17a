/**
 * Copies of items: `duplicateItem` (any collection, one item) and the building blocks the edition
 * clone uses. A copy goes through the engine's create (`createEntityIn`), so it is validated,
 * audited, indexed and purged like any new item. It starts as a draft with a new slug; its title
 * is marked "(copy)" in each locale so the two are told apart in lists. A media or file copy
 * shares the stored blob: blobs are released only when no row names their key (uploads/blobs.ts).
 */
import { z } from 'zod';
import { writeTransaction, type Database, type Executor } from '../../../db/client.ts';
import { getTranslator } from '../../i18n/index.ts';
import { defaultLocale, isLocale } from '../../i18n/config.ts';
import { SLUG_MAX_LENGTH } from '../../lib/admin-schemas/fields.ts';
import { collections, type CollectionName } from '../../lib/collections/index.ts';
import type { Actor } from '../auth/actor.ts';
import { withConstraintErrors } from './db-errors.ts';
import type { EntityInput, EntitySpec, EntityState } from './entity-spec.ts';
import { loadStates } from './entity-state.ts';
import { createEntityIn, type WriteResult } from './entity-write.ts';
import { notFound } from '../errors/domain-errors.ts';
import type { AdminResource } from './resource.ts';
import { changesOf, itemView, type WriteOutcome } from './service.ts';
import { findFreeSlug } from './slugs.ts';

/**
 * Columns the engine stamps on a create; never copied. A copy is another session: it gets a GUID
 * of its own (two events sharing one would merge in conference apps, docs/decisions/033).
 */
const stamped = new Set(['id', 'guid', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'version', 'publishedAt']);
/** Scheduled (un)publication belongs to the original's life, not the copy's. */
const schedule = ['publishAt', 'unpublishAt'];
/** Likewise a cancellation or postponement: a copy (or next year's clone) is planned as scheduled. */
const resetTo: Readonly<Record<string, unknown>> = { eventStatus: 'scheduled', previousStartsAt: null };
/** Texts that belong to that status (why it was cancelled): the copy starts without them. */
const resetTexts = ['statusNote'];

/** The declared maximum length of a text field, so a marked title still saves. */
function maxLengthOf(collection: CollectionName, field: string, translated: boolean): number {
  const declaration = collections[collection];
  const shape: Record<string, unknown> = translated ? declaration.texts.shape : declaration.fields;
  const schema = shape[field];
  return schema instanceof z.ZodString && schema.maxLength !== null ? schema.maxLength : Number.MAX_SAFE_INTEGER;
}

/** `title (copy)` in `locale`'s words, the title shortened when both would not fit in `max`. */
export function markCopy(title: string, locale: string, max: number): string {
  const suffix = ` ${getTranslator(isLocale(locale) ? locale : defaultLocale)('admin.duplicate.titleSuffix')}`;
  const room = Math.max(0, max - suffix.length);
  return `${title.length > room ? title.slice(0, room).trimEnd() : title}${suffix}`;
}

/** `<slug>-copy`, else the first free `<slug>-copy-<n>`, within the slug length. */
export async function copySlug(tx: Executor, spec: EntitySpec, slug: string): Promise<string> {
  const head = slug.slice(0, SLUG_MAX_LENGTH - '-copy-99'.length).replace(/-+$/, '');
  return findFreeSlug(tx, spec, `${head}-copy`);
}

/**
 * The create input of a copy of `state`: every stored column but the stamps, the schedule and the
 * event status, as a draft when the collection has a status, with the same texts and links.
 */
export function copyInput(spec: EntitySpec, state: EntityState): EntityInput {
  const values = Object.fromEntries(Object.entries(state.values).filter(([key]) => !stamped.has(key)));
  for (const key of schedule) if (key in values) values[key] = null;
  for (const [key, value] of Object.entries(resetTo)) if (key in values) values[key] = value;
  if (spec.publication) values['status'] = 'draft';
  const translations: EntityInput['translations'] = {};
  for (const [locale, row] of Object.entries(state.translations)) {
    if (!isLocale(locale) || !row) continue;
    const copy = { ...row };
    for (const key of resetTexts) if (key in copy) copy[key] = null;
    translations[locale] = copy;
  }
  const links = Object.fromEntries(Object.entries(state.links).map(([key, ids]) => [key, [...ids]]));
  return { values, translations, links };
}

/** Marks the copy's title in every locale it has (or its base name in the default locale's words). */
function markTitles(collection: CollectionName, input: EntityInput): void {
  const title = collections[collection].title;
  if (!title) return;
  const max = maxLengthOf(collection, title.field, title.translated);
  if (!title.translated) {
    const name = input.values[title.field];
    if (typeof name === 'string') input.values[title.field] = markCopy(name, defaultLocale, max);
    return;
  }
  for (const [locale, row] of Object.entries(input.translations ?? {})) {
    const text = row?.[title.field];
    if (row && typeof text === 'string' && text) row[title.field] = markCopy(text, locale, max);
  }
}

/** Loads one item inside `tx`; 404 when unknown. */
export async function loadItem(tx: Executor, spec: EntitySpec, id: number): Promise<EntityState> {
  const state = (await loadStates(tx, spec, [id])).get(id);
  if (!state) throw notFound(spec.entity, id);
  return state;
}

/** POST /api/admin/<collection>/:id/duplicate: a draft copy with a new slug, in one transaction. */
export async function duplicateItem(db: Database, actor: Actor, resource: AdminResource, id: number): Promise<WriteOutcome> {
  const { spec } = resource;
  const purgeOf = (result: WriteResult) => changesOf(resource, [result.id], [result.after]);
  const result = await withConstraintErrors(() =>
    writeTransaction(db, async (tx) => {
      const input = copyInput(spec, await loadItem(tx, spec, id));
      markTitles(resource.collection, input);
      const slug = input.values['slug'];
      if (spec.slug && typeof slug === 'string') input.values['slug'] = await copySlug(tx, spec, slug);
      return createEntityIn(tx, actor, spec, input, purgeOf);
    }),
  );
  return { body: await itemView(db, resource, result.after), purge: result.purge };
}
