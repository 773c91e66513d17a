/**
 * The edition bundle's manifest (`bundle.json`, docs/decisions/048): an edition, its events and
 * everything they point at, each item in the shape of the admin API's create body. The item
 * schemas are the collections' own create schemas, so a bundle is checked exactly like the API
 * checks a person's input; `version` changes whenever an older reader could misread a newer file.
 */
import { z } from 'zod';
import { idField, instantField, optionalText, requiredText, translationsField } from '../../lib/admin-schemas/fields.ts';
import { referenceTargets } from '../../lib/collections/declare.ts';
import { collections, type CollectionName } from '../../lib/collections/index.ts';
import { mediaKinds } from '../../lib/collections/medias.ts';

export const BUNDLE_FORMAT = 'edition-hub/edition-bundle';
export const BUNDLE_VERSION = 1;

/** The manifest's name inside the archive; the blobs sit beside it under `blobs/`. */
export const MANIFEST_NAME = 'bundle.json';

/** The collections the manifest has items of: a list each, and the edition (the one item of `editions`). */
export type BundledCollection = 'editions' | Exclude<keyof z.output<typeof bundleSchema>, 'format' | 'version' | 'exportedAt' | 'edition'>;

/** Where an uploaded file travels: `blobs/<sha256>.<ext>`, the name its content hash gives it. */
export const blobPathPattern = /^blobs\/([0-9a-f]{64})\.([a-z0-9]{1,8})$/;

/** A stored upload carried in the archive, checked against its bytes on import. */
const blobSchema = z.strictObject({
  path: z.string().regex(blobPathPattern, { error: 'INVALID_FORMAT' }),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'INVALID_FORMAT' }),
  byteSize: z.int().nonnegative(),
  mimeType: requiredText(100),
  originalName: optionalText(300),
});
export type BundleBlob = z.output<typeof blobSchema>;

/** One item: its id in the bundle (what references name), an event's schedule GUID, when it was first published, its create body. */
function itemSchema<S extends z.ZodType<Record<string, unknown>>>(fields: S) {
  return z.strictObject({ id: idField, guid: z.uuid({ error: 'INVALID_FORMAT' }).optional(), publishedAt: instantField.nullable().optional(), fields });
}

const { medias, files } = collections;

/** The API's create schema of a collection created from JSON. */
function createBodyOf(collection: 'editions' | 'events' | 'venues' | 'tags' | 'curators' | 'organizers'): z.ZodType<Record<string, unknown>> {
  const schema = collections[collection].createSchema;
  if (!schema) throw new Error(`${collection} has no JSON create`);
  return schema;
}

/** A media: an uploaded file (`blob`) or a video link; the editor's fields as an upload's metadata. */
const mediaItemSchema = itemSchema(
  z
    .strictObject(medias.fields)
    .partial()
    .extend({ translations: translationsField(medias.texts.partial()).optional() }),
).extend({
  kind: z.enum(mediaKinds),
  blob: blobSchema.nullable(),
  width: z.int().positive().nullable(),
  height: z.int().positive().nullable(),
});

/** A download: its file and its texts. */
const fileItemSchema = itemSchema(z.strictObject(files.fields).extend({ translations: translationsField(files.texts).optional() })).extend({
  blob: blobSchema,
});

const list = <S extends z.ZodType>(schema: S) => z.array(schema).max(10_000, { error: 'TOO_MANY' });

/** The whole manifest. */
export const bundleSchema = z.strictObject({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(BUNDLE_VERSION),
  exportedAt: z.iso.datetime({ offset: true }),
  edition: itemSchema(createBodyOf('editions')),
  events: list(itemSchema(createBodyOf('events'))),
  venues: list(itemSchema(createBodyOf('venues'))),
  tags: list(itemSchema(createBodyOf('tags'))),
  curators: list(itemSchema(createBodyOf('curators'))),
  organizers: list(itemSchema(createBodyOf('organizers'))),
  medias: list(mediaItemSchema),
  files: list(fileItemSchema),
});

export type Bundle = z.output<typeof bundleSchema>;
export type MediaItem = z.output<typeof mediaItemSchema>;
export type FileItem = z.output<typeof fileItemSchema>;

/** A bundled item of any collection, as the import walks them. */
export interface BundleItem {
  id: number;
  guid?: string | undefined;
  publishedAt?: Date | null | undefined;
  fields: Record<string, unknown>;
}

/** The bundle's items of `collection` (the edition as a list of one). */
export function itemsOf(bundle: Bundle, collection: BundledCollection): readonly BundleItem[] {
  return collection === 'editions' ? [bundle.edition] : bundle[collection];
}

/**
 * The collections a bundle carries, in the order an import creates them: the edition and its
 * events, and what they point at through their declared references, transitively, each after
 * what it points at. A collection that becomes reachable needs its list in `bundleSchema`: the
 * module refuses to load until it has one (decision 048).
 */
export const bundledCollections: readonly BundledCollection[] = creationOrder(['editions', 'events']);

/** Collections matched by slug on import (those with a slug, past the edition and its events): the same venue, tag or person is reused, never duplicated. */
export const matchedBySlug: readonly BundledCollection[] = bundledCollections.filter(
  (collection) => collection !== 'editions' && collection !== 'events' && 'slug' in collections[collection].fields,
);

function creationOrder(roots: readonly CollectionName[]): BundledCollection[] {
  const order: CollectionName[] = [];
  const visit = (collection: CollectionName, path: readonly CollectionName[]) => {
    if (order.includes(collection) || path.includes(collection)) return;
    const references: Readonly<Record<string, keyof typeof referenceTargets | undefined>> = collections[collection].references;
    for (const kind of Object.values(references)) if (kind) visit(referenceTargets[kind], [...path, collection]);
    order.push(collection);
  };
  for (const root of roots) visit(root, []);
  const lists = new Set<string>(Object.keys(bundleSchema.shape));
  const missing = order.filter((collection) => collection !== 'editions' && !lists.has(collection));
  if (missing.length > 0) throw new Error(`edition bundles reach ${missing.join(', ')}, which the manifest schema has no list for`);
  return order as BundledCollection[];
}
