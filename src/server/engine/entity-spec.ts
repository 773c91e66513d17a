/**
 * How one admin collection maps onto the schema. The write engine (entity-*.ts) is generic over
 * this description, so the seven collections share one implementation of versioning, auditing,
 * translations, relations, slugs, publication and deletion. It is derived from the collection's
 * declaration by `defineAdminResource` (resource.ts), never written by hand.
 */
import type { SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Executor } from '../../../db/client.ts';
import type { SearchEntityType } from '../../../db/schema.ts';
import type { Locale } from '../../i18n/config.ts';
import type { CollectionName, ReferenceKind } from '../../lib/collections/declare.ts';
import type { Permission } from '../auth/permissions.ts';
import type { HubChanges } from '../page-cache/invalidate.ts';
import type { CollectionEntity } from '../../lib/collections/index.ts';
import type { FieldErrors, FieldErrorMap } from '../errors/domain-errors.ts';

export type { ReferenceKind };

/** A many-to-many relation edited as an (ordered) id list, e.g. `tagIds`. */
export interface LinkSpec {
  table: SQLiteTable;
  owner: SQLiteColumn;
  target: SQLiteColumn;
  /** Column holding the editorial order, for ordered lists. */
  position?: SQLiteColumn;
  kind: ReferenceKind;
}

export interface TranslationSpec {
  table: SQLiteTable;
  owner: SQLiteColumn;
  locale: SQLiteColumn;
  /** Text fields; input keys equal the table's property names. */
  fields: readonly string[];
  /** Fields every translation row must have (NOT NULL columns). */
  required: readonly string[];
  /** Fields that must all be filled for a locale to count as complete. */
  complete: readonly string[];
  /** Stored instead of null for NOT NULL columns with a default (a media's `alt`). */
  defaults?: Readonly<Record<string, string>>;
}

/** One item as the engine sees it: base columns, texts per locale, relation id lists. */
export interface EntityState {
  id: number;
  values: Record<string, unknown>;
  translations: Partial<Record<Locale, Record<string, string | null>>>;
  links: Record<string, number[]>;
}

/** Input of a create or update, split by kind. `translations[locale] = null` removes a locale. */
export interface EntityInput {
  values: Record<string, unknown>;
  translations?: Partial<Record<Locale, Record<string, string | null> | null>> | undefined;
  links: Record<string, number[]>;
  version?: number;
}

export interface EntitySpec {
  /** The collection's name in routes and hub changes (`events`) and in the audit log (`event`). */
  collection: CollectionName;
  entity: CollectionEntity;
  /** The field that names an item, from the declaration (absent for medias). */
  titleField?: { field: string; translated: boolean } | undefined;
  /** The path of an item's hub page, when the collection has public pages. */
  publicPage?: ((locale: Locale, slug: string) => string) | undefined;
  table: SQLiteTable;
  /** The item's display title over `table` (the list's title column), kept in the audit log. */
  title: SQL;
  /** Base columns an input may set directly (property names of `table`). */
  columns: readonly string[];
  /** Single-id columns pointing at other entities, e.g. `coverMediaId: 'image'`. */
  references: Readonly<Record<string, ReferenceKind>>;
  links: Readonly<Record<string, LinkSpec>>;
  /**
   * Ids inside a value (a repeating event's date held in another venue), by field path: checked
   * to exist with the references when that value is written.
   */
  innerReferences?(values: Readonly<Record<string, unknown>>): { path: string; kind: ReferenceKind; id: number }[];
  translations: TranslationSpec;
  /**
   * Entities with a slug: where a generated one comes from, and the field a person fills for it
   * (`field`, e.g. the default locale's title): an empty source is reported there, not on the slug.
   */
  slug?: { source(state: EntityState): string | undefined; field: string };
  /** Entities with a publication status: what a public page needs. */
  publication?: { requirements(state: EntityState): FieldErrorMap };
  search?: SearchEntityType;
  /** Base columns whose change alters the search text (besides translations). */
  searchColumns?: readonly string[];
  /** Other items whose search text includes this one's (a venue's name in its events'): re-indexed when `columns` change. */
  searchDependents?: { type: SearchEntityType; columns: readonly string[]; ids(tx: Executor, id: number): Promise<number[]> };
  /** Semantic checks of a merged state (dates, time zones) → 422. */
  validate?(state: EntityState, errors: FieldErrors): void;
  /** Rows derived from the item, rewritten in the save's transaction (an event's later dates). */
  afterWrite?: {
    /**
     * Whether a write from `before` (none for a create) to `after` can change the derived rows:
     * bulk writes (import) run `write` only for those.
     */
    needed(before: EntityState | undefined, after: EntityState): boolean;
    write(tx: Executor, id: number): Promise<void>;
  };
  /**
   * The rows of `table` the admin edits, when others are derived from them (an event's later
   * dates): only these are listed and named as users of other items.
   */
  managed?: SQL;
  /** Hub cache tags to purge after a write to these items (before and after states). */
  changes(ids: readonly number[], states: readonly EntityState[]): HubChanges;
  /**
   * The column holding the edition an item belongs to, for collections that belong to editions
   * (`id` for editions, `editionId` for events): a person limited to some editions writes only
   * those (docs/decisions/059). The engine reads it from states, the lists in SQL.
   */
  editionKey?: string;
  /** Deleting an item that is still in use, with `detach`, needs this permission. */
  detachPermission: Permission;
  /** Extra members of the item's API view that derive from its state (URLs). */
  present?(state: EntityState): Record<string, unknown>;
}
