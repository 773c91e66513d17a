/**
 * One admin collection as the server sees it: its declaration (src/lib/collections) joined with
 * the tables and columns that store it, and the rules only the server can apply. The engine's
 * `EntitySpec` is derived here, so column lists, link kinds and translation rules are written
 * once, in the declaration (docs/decisions/014).
 */
import type { SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import type { Collection, CollectionName } from '../../lib/collections/index.ts';
import type { EntitySpec, EntityState, LinkSpec } from './entity-spec.ts';
import type { ListDefinition, ListQueryBase, TranslationFilterQuery } from './list.ts';
import type { UsageSource } from './where-used.ts';
import type { HubChanges } from '../page-cache/invalidate.ts';

export interface ExportQueryBase extends TranslationFilterQuery {
  q?: string | undefined;
  format: 'csv' | 'json';
}

export interface AdminResource<L extends ListQueryBase = ListQueryBase, X extends ExportQueryBase = ExportQueryBase> {
  collection: CollectionName;
  spec: EntitySpec;
  /**
   * The places in other collections that can point at this one's items (where used, detach on
   * delete): filled by the registry, the one place that knows every collection.
   */
  usedBy: UsageSource[];
  list: ListDefinition<L> & ListDefinition<X>;
  listQuery: z.ZodType<L, unknown>;
  exportQuery: z.ZodType<X, unknown>;
  /** JSON create; absent for uploads, which are created by a multipart POST. */
  createSchema?: z.ZodType<Record<string, unknown>, unknown> | undefined;
  patchSchema: z.ZodType<Record<string, unknown> & { version: number }, unknown>;
  /** Work after deleted items are committed (removing blobs nothing references any more). */
  afterRemove?(db: Database, removed: readonly EntityState[]): Promise<void>;
}

/** The link table behind an `ids` field. */
export type LinkTable = Omit<LinkSpec, 'kind'>;

/** A link table: the column of the item that owns the links, and the column of what it links to. */
export function linkTable(table: SQLiteTable, owner: SQLiteColumn, target: SQLiteColumn): LinkTable {
  return { table, owner, target };
}

/** A translations table: the column of the item it translates; one row per locale (`locale`). */
export function translationTable(table: SQLiteTable & { locale: SQLiteColumn }, owner: SQLiteColumn): ServerPart<Collection>['translations'] {
  return { table, owner, locale: table.locale };
}

/** A link table whose `position` column keeps the editor's order (an ordered list of ids). */
export function orderedLinkTable(table: SQLiteTable & { position: SQLiteColumn }, owner: SQLiteColumn, target: SQLiteColumn): LinkTable {
  return { table, owner, target, position: table.position };
}

type Filters<C extends Collection> = Omit<z.output<C['listQuery']>, 'page' | 'limit' | 'sort'>;

/** What the server adds to a declaration: storage, and rules that need it. */
export interface ServerPart<C extends Collection> extends Omit<
  EntitySpec,
  'collection' | 'entity' | 'titleField' | 'publicPage' | 'changes' | 'title' | 'columns' | 'references' | 'links' | 'translations'
> {
  /** Hub changes of a write beyond the items themselves (by default `{ <collection>: ids }`). */
  changes?: EntitySpec['changes'];
  /** The link table of every `ids` field of the declaration. */
  links: { readonly [K in keyof C['fields']]?: LinkTable };
  translations: { table: SQLiteTable; owner: SQLiteColumn; locale: SQLiteColumn };
  list: Omit<ListDefinition<Filters<C>>, 'spec' | 'sorts'> & {
    /** One expression per sort the declaration allows. */
    sorts: { readonly [S in C['list']['sorts'][number]]: SQL | SQLiteColumn };
  };
  afterRemove?: AdminResource['afterRemove'];
}

/** The hub changes of a write to items of `collection`: its items' own tags. */
function changedItems(collection: CollectionName, ids: readonly number[]): HubChanges {
  const changes: HubChanges = {};
  changes[collection] = ids;
  return changes;
}

/** The engine's description of a collection, from its declaration and its storage. */
function entitySpecOf<C extends Collection>(collection: C, server: ServerPart<C>): EntitySpec {
  const kinds: Readonly<Record<string, string>> = collection.kinds;
  const referenceKinds: EntitySpec['references'] = collection.references;
  const linkTables: Readonly<Record<string, LinkTable | undefined>> = server.links;
  const fields = Object.keys(kinds);
  const links: Record<string, LinkSpec> = {};
  const references: Record<string, NonNullable<EntitySpec['references'][string]>> = {};
  for (const field of fields) {
    const kind = referenceKinds[field];
    const table = linkTables[field];
    if (kinds[field] === 'ids') {
      if (!table || !kind) throw new Error(`${collection.name}.${field}: an id list needs a link table and a reference kind`);
      links[field] = { ...table, kind };
    } else if (kind) {
      references[field] = kind;
    }
  }
  const textKinds: Readonly<Record<string, string>> = collection.textKinds;
  const texts = Object.keys(textKinds);
  const { links: _links, translations, list: _list, afterRemove: _afterRemove, ...rules } = server;
  return {
    ...rules,
    changes: server.changes ?? ((ids) => changedItems(collection.name, ids)),
    collection: collection.name,
    entity: collection.entity,
    titleField: collection.title,
    publicPage: collection.publicPage,
    title: server.list.title,
    columns: fields.filter((field) => !(field in links)),
    references,
    links,
    translations: {
      ...translations,
      fields: texts,
      required: texts.filter((field) => textKinds[field] === 'required'),
      complete: collection.complete,
      defaults: Object.fromEntries(texts.filter((field) => textKinds[field] === 'text').map((field) => [field, ''])),
    },
  };
}

/**
 * The admin resource of a declared collection. Its type is inferred, so list filters see the
 * declaration's own query type; the registry (resources.ts) checks each one is an AdminResource.
 */
export function defineAdminResource<C extends Collection>(collection: C, server: ServerPart<C>) {
  const spec = entitySpecOf(collection, server);
  const list: ListDefinition<Filters<C>> = { ...server.list, spec };
  const usedBy: UsageSource[] = [];
  return {
    collection: collection.name,
    spec,
    usedBy,
    list,
    listQuery: collection.listQuery,
    exportQuery: collection.exportQuery,
    createSchema: collection.createSchema,
    patchSchema: collection.patchSchema,
    ...(server.afterRemove ? { afterRemove: server.afterRemove } : {}),
  };
}
