/**
 * The shape of a collection declaration: the one place a collection's fields, texts, list and
 * form behaviour are written down. The API's input schemas, the engine's column list, the
 * completeness rule and the form drafts are all derived from it (docs/decisions/014). Pure and
 * browser-safe: islands import it; the server adds tables and columns in
 * src/server/<collection>/admin-resource.ts.
 */
import { z } from 'zod';
import { locales, type Locale } from '../../i18n/config.ts';
import { translationsField, translationsPatchField, versionField } from '../admin-schemas/fields.ts';
import { LIST_LIMIT_DEFAULT, exportQuerySchema, listQuerySchema } from '../admin-schemas/list-query.ts';
import { translationFilterControls, translationFilters } from '../admin-schemas/translation-filters.ts';
import { reviewFilterControl, reviewFilters } from '../admin-schemas/review-filter.ts';

/** Every admin collection: one management screen, one CRUD API, one audit entity each. */
export const collectionNames = ['curators', 'editions', 'events', 'files', 'medias', 'organizers', 'tags', 'venues'] as const;
export type CollectionName = (typeof collectionNames)[number];

/** True for a route segment naming a collection. */
export function isCollectionName(value: unknown): value is CollectionName {
  return collectionNames.some((name) => name === value);
}

/**
 * How a base field travels between a form draft and the API: `text` (required string),
 * `optionalText` ('' → null), `id` (nullable id), `ids` (id list, stored as a link table),
 * `instant` / `optionalInstant` (wall time in `timeZone` ↔ instant), `value` (any JSON).
 */
export type FieldKind = 'text' | 'optionalText' | 'id' | 'ids' | 'instant' | 'optionalInstant' | 'value';

/**
 * How a translated field travels: `required` (NOT NULL, needed in a new translation),
 * `optional` ('' → null), `text` ('' stays '': a NOT NULL column defaulting to '').
 */
export type TranslationKind = 'required' | 'optional' | 'text';

/** What an id field may point at; `image` is a media of kind image (covers, photos, logos). */
export type ReferenceKind = 'edition' | 'tag' | 'organizer' | 'curator' | 'media' | 'image' | 'file' | 'venue';

/** The collection each kind of reference points at (an `image` is one of the medias). */
export const referenceTargets: Readonly<Record<ReferenceKind, CollectionName>> = {
  edition: 'editions',
  tag: 'tags',
  organizer: 'organizers',
  curator: 'curators',
  media: 'medias',
  image: 'medias',
  file: 'files',
  venue: 'venues',
};

/** What a list cell shows. */
export type ColumnKind = 'title' | 'status' | 'locales' | 'date' | 'text' | 'bytes' | 'thumb' | 'kind' | 'eventStatus' | 'relation';

export interface ListColumn {
  key: string;
  kind: ColumnKind;
  /** A `relation` column: the item it names (its title is `key`, its id the row's `idKey`), linked to its edit page. */
  relation?: { collection: CollectionName; idKey: string };
  /** The sort value of this column, when it is sortable. */
  sort?: string;
  /** The string key of its header, when it is not `admin.column.<key>`. */
  label?: string;
}

/** A filter control of a list screen. */
export type FilterControl =
  | {
      key: string;
      kind: 'select';
      options: readonly string[];
      labelPrefix: string;
      /** String key of its label, when not `admin.filter.<key>`. */ label?: string;
    }
  | { key: string; kind: 'relation'; collection: CollectionName; label?: string };

/** How a list screen's state maps onto its URL and the list API. */
export interface ListStateConfig {
  defaultSort: string;
  /** Sort values the list accepts, both directions (`title`, `-title`). */
  sorts: readonly string[];
  filterKeys: readonly string[];
  defaultLimit: number;
  limits: readonly number[];
}

/** What a form draft holds: base fields and translated fields by kind, for every locale. */
export interface DraftSpec {
  fields: Readonly<Record<string, FieldKind>>;
  translations: Readonly<Record<string, TranslationKind>>;
  locales: readonly string[];
}

type Mask<F> = { readonly [K in keyof F]?: true };

/** How a JSON create differs from an update: which fields it needs, which get a default. */
export interface CreateRules<F extends z.ZodRawShape, D extends z.ZodRawShape> {
  /** Fields a create must give (every other field is optional there, as in an update). */
  required: Mask<F>;
  /** Fields a create may omit and that then take a value (`timeZone: … .default('UTC')`). */
  defaults: D;
  /** Whether a new item must come with its texts (`required`) or may be created without. */
  translations: 'required' | 'optional';
}

export interface CollectionInput<
  N extends CollectionName,
  E extends string,
  F extends z.ZodRawShape,
  T extends z.ZodRawShape,
  S extends string,
  Q extends z.ZodRawShape,
  D extends z.ZodRawShape,
> {
  name: N;
  /** Singular name in the audit log and in errors (`event`). */
  entity: E;
  /** Base fields of an update, each optional there; `ids` fields are link tables. */
  fields: F;
  kinds: { readonly [K in keyof F]: FieldKind };
  /**
   * The field that names an item, base or translated (`name`, `title`): a copy is marked "(copy)"
   * there and webhook messages carry it per locale. Absent when items have none (medias).
   */
  titleField?: (keyof F & string) | (keyof T & string);
  /** Fields holding ids of other items, with what they may point at. */
  references: { readonly [K in keyof F]?: ReferenceKind };
  /** One translation row. */
  texts: z.ZodObject<T, z.core.$strict>;
  textKinds: { readonly [K in keyof T]: TranslationKind };
  /** Translated fields that must all be filled for a locale to count as complete. */
  complete: readonly (keyof T & string)[];
  /** Absent when new items come from an upload rather than a JSON create. */
  create?: CreateRules<F, D>;
  /** Has draft / published / archived (bulk publish, publish controls, hub visibility). */
  publishable: boolean;
  /** Type segment of the draft preview route, when the collection has public pages. */
  preview?: 'event' | 'edition';
  /** The path of an item's hub page, when the collection has public pages (webhook messages' URLs). */
  publicPage?: (locale: Locale, slug: string) => string;
  list: {
    sorts: readonly [S, ...S[]];
    defaultSort: S | `-${S}`;
    /** Query parameters of the list's own filters. */
    filters: Q;
    columns: readonly ListColumn[];
    controls: readonly FilterControl[];
  };
}

const pageSizes = [10, 25, 50, 100] as const;

/** The status filter of a publishable collection's list. */
export const statusControl: FilterControl = { key: 'status', kind: 'select', options: ['draft', 'published', 'archived'], labelPrefix: 'admin.status.' };

/** The list columns of dated, publishable items (events, editions). */
export const programmeColumns: readonly ListColumn[] = [
  { key: 'title', kind: 'title', sort: 'title' },
  { key: 'status', kind: 'status', sort: 'status' },
  { key: 'startsAt', kind: 'date', sort: 'startsAt' },
  { key: 'locales', kind: 'locales' },
  { key: 'updatedAt', kind: 'date', sort: 'updatedAt' },
];

/** The update schema: every field optional, plus `version` and per-locale text changes. */
function patchSchemaOf<F extends z.ZodRawShape, T extends z.ZodRawShape>(fields: F, texts: z.ZodObject<T, z.core.$strict>) {
  return z
    .strictObject(fields)
    .partial()
    .extend({ version: versionField, translations: translationsPatchField(texts.partial()).optional() });
}

/** The create schema, derived from the update's fields: optional unless the rules require them. */
function createSchemaOf<F extends z.ZodRawShape, T extends z.ZodRawShape, D extends z.ZodRawShape>(
  fields: F,
  texts: z.ZodObject<T, z.core.$strict>,
  rules: CreateRules<F, D>,
) {
  const required: Record<string, z.core.$ZodType> = {};
  for (const [key, schema] of Object.entries(fields)) if (rules.required[key]) required[key] = schema;
  const translations = translationsField(texts);
  return z
    .strictObject(fields)
    .partial()
    .extend(required)
    .extend(rules.defaults)
    .extend({ translations: rules.translations === 'required' ? translations : translations.optional() });
}

/** A collection declaration with everything derived from it. */
export function defineCollection<
  const N extends CollectionName,
  const E extends string,
  F extends z.ZodRawShape,
  T extends z.ZodRawShape,
  const S extends string,
  Q extends z.ZodRawShape,
  D extends z.ZodRawShape = Record<never, never>,
>(input: CollectionInput<N, E, F, T, S, Q, D>) {
  // Every collection's list also filters by translation state (docs/decisions/037).
  // … and by review (docs/decisions/064).
  const list = {
    ...input.list,
    filters: { ...input.list.filters, ...translationFilters, ...reviewFilters },
    controls: [...input.list.controls, ...translationFilterControls, reviewFilterControl],
  };
  const draft: DraftSpec = { locales, fields: input.kinds, translations: input.textKinds };
  const listState: ListStateConfig = {
    sorts: list.sorts.flatMap((sort) => [sort, `-${sort}`]),
    defaultSort: list.defaultSort,
    filterKeys: Object.keys(list.filters),
    defaultLimit: LIST_LIMIT_DEFAULT,
    limits: pageSizes,
  };
  const titleField = input.titleField ? { field: input.titleField, translated: input.titleField in input.texts.shape } : undefined;
  return {
    ...input,
    /** The naming field, and whether it is one of the translated texts. */
    title: titleField,
    list,
    upload: input.create === undefined,
    draft,
    listState,
    patchSchema: patchSchemaOf(input.fields, input.texts),
    createSchema: input.create ? createSchemaOf(input.fields, input.texts, input.create) : undefined,
    listQuery: listQuerySchema(list.sorts, list.defaultSort, list.filters),
    exportQuery: exportQuerySchema(list.sorts, list.defaultSort, list.filters),
  };
}
