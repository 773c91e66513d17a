/**
 * `POST /api/admin/editions/bundle`: an edition bundle made by another instance, imported exactly
 * (docs/decisions/048). Its files are stored first (content-hash keys, so a file already here is
 * not written twice); then every item is created through the engine's create in one write
 * transaction, references rewritten to the new ids, with the bundle's statuses and publication
 * dates. A tag, venue, curator or organizer with the same slug is reused, and a media or download
 * identical to one already here too, so importing twice duplicates none of them. A failure leaves
 * nothing: the transaction rolls back and the files it wrote are removed.
 */
import { eq } from 'drizzle-orm';
import { writeTransaction, type Database, type Transaction } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';
import { demand, type Actor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { adminResources } from '../collections/registry.ts';
import { withConstraintErrors } from '../engine/db-errors.ts';
import { AdminError } from '../errors/domain-errors.ts';
import { columnOf, loadStates, toEntityInput } from '../engine/entity-state.ts';
import { createEntityIn, withPurge } from '../engine/entity-write.ts';
import { changesOf, type WriteOutcome } from '../engine/service.ts';
import { findFreeSlug } from '../engine/slugs.ts';
import { mergeChanges } from '../editions/clone.ts';
import type { HubChanges } from '../page-cache/invalidate.ts';
import { releaseBlobs } from '../storage/blobs.ts';
import type { Storage } from '../storage/types.ts';
import { unpackBundle } from './archive.ts';
import { itemOf } from './export.ts';
import { checkReferences, parseManifest, storageKeyOf, verifyBlobs, type VerifiedBlob } from './manifest.ts';
import { referenceFieldsOf, referencedIds } from './references.ts';
import { bundledCollections, itemsOf, matchedBySlug, type Bundle, type BundledCollection, type BundleItem, type FileItem, type MediaItem } from './schema.ts';

type Counts = Partial<Record<BundledCollection, number>>;

export interface BundleImportResult {
  /** The new edition. */
  id: number;
  slug: string;
  /** Items created, and items already here that the bundle's ones were matched to, by collection. */
  created: Counts;
  reused: Counts;
}

/** Bundle id → id here, per collection. */
type IdMap = Map<BundledCollection, Map<number, number>>;

/** The create body with every reference rewritten to the ids of this instance. */
function remap(collection: BundledCollection, fields: Record<string, unknown>, ids: IdMap): Record<string, unknown> {
  const body = { ...fields };
  for (const { field, target, list } of referenceFieldsOf(collection)) {
    const to = ids.get(target as BundledCollection)!;
    const value = body[field];
    if (list && Array.isArray(value)) body[field] = value.map((id: number) => to.get(id)!);
    else if (typeof value === 'number') body[field] = to.get(value)!;
  }
  return body;
}

/** JSON with sorted keys and no nulls: two items compare equal when they say the same. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) && !(inner instanceof Date)
      ? Object.fromEntries(
          Object.entries(inner)
            .filter(([, v]) => v !== null && v !== undefined)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

/** The tag, venue, curator or organizer here with the bundled one's slug. */
async function findBySlug(tx: Transaction, collection: BundledCollection, item: BundleItem): Promise<number | undefined> {
  const { spec } = adminResources[collection];
  const slug = item.fields['slug'];
  if (typeof slug !== 'string') return undefined;
  const [row] = await tx
    .select({ id: columnOf(spec, 'id') })
    .from(spec.table)
    .where(eq(columnOf(spec, 'slug'), slug))
    .limit(1);
  return row?.id as number | undefined;
}

/** A media or download here with the same file (or video link) that says exactly what the bundled one says. */
async function findIdentical(tx: Transaction, collection: BundledCollection, item: BundleItem): Promise<number | undefined> {
  if (collection !== 'medias' && collection !== 'files') return undefined;
  const { spec } = adminResources[collection];
  const { blob } = item as MediaItem | FileItem;
  const embedUrl = item.fields['embedUrl'];
  const where = blob ? eq(columnOf(spec, 'sha256'), blob.sha256) : typeof embedUrl === 'string' ? eq(columnOf(spec, 'embedUrl'), embedUrl) : undefined;
  if (!where) return undefined;
  const candidates = await tx
    .select({ id: columnOf(spec, 'id') })
    .from(spec.table)
    .where(where)
    .limit(20);
  const states = await loadStates(
    tx,
    spec,
    candidates.map((row) => row.id as number),
  );
  const { id: _id, publishedAt: _publishedAt, ...wanted } = item as BundleItem & Record<string, unknown>;
  for (const state of states.values()) {
    const { id: _stateId, publishedAt: _statePublishedAt, ...here } = itemOf(collection, state);
    if (canonical(here) === canonical(wanted)) return state.id;
  }
  return undefined;
}

/**
 * The items the import must create: the edition, its events, and what they point at unless it
 * is reused — so the picture of a venue that already exists here is not added beside it.
 */
function itemsToCreate(bundle: Bundle, ids: IdMap): Set<string> {
  const needed = new Set<string>();
  // Referrers before what they point at (events → venues → medias).
  for (const collection of [...bundledCollections].reverse()) {
    for (const item of itemsOf(bundle, collection)) {
      const key = `${collection}:${item.id}`;
      if (collection === 'editions' || collection === 'events') needed.add(key);
      if (!needed.has(key) || ids.get(collection)!.has(item.id)) continue;
      for (const reference of referenceFieldsOf(collection)) for (const id of referencedIds(reference, item.fields)) needed.add(`${reference.target}:${id}`);
    }
  }
  return needed;
}

/** The columns an upload sets from its file, which the editor never edits. */
function storedFileValues(collection: BundledCollection, item: BundleItem): Record<string, unknown> {
  if (collection === 'files') {
    const { blob } = item as FileItem;
    return { storageKey: storageKeyOf(blob), mimeType: blob.mimeType, byteSize: blob.byteSize, sha256: blob.sha256 };
  }
  if (collection !== 'medias') return {};
  const { blob, kind, width, height } = item as MediaItem;
  if (!blob) return { kind };
  return {
    kind,
    storageKey: storageKeyOf(blob),
    mimeType: blob.mimeType,
    byteSize: blob.byteSize,
    sha256: blob.sha256,
    width,
    height,
    originalName: blob.originalName ?? null,
  };
}

/** Creates `item` as the bundle describes it: the engine's create, then the bundle's own status and publication date. */
async function createItem(tx: Transaction, actor: Actor, collection: BundledCollection, item: BundleItem, ids: IdMap) {
  const resource = adminResources[collection];
  const { spec } = resource;
  const body = remap(collection, item.fields, ids);
  // Editions and events are new items even when their slug is taken here (a second import).
  if ((collection === 'editions' || collection === 'events') && typeof body['slug'] === 'string') body['slug'] = await findFreeSlug(tx, spec, body['slug']);
  // A create cannot start archived (decision 029's lifecycle); the status is set once it exists.
  const archived = body['status'] === 'archived';
  if (archived) body['status'] = 'draft';
  const input = toEntityInput(spec, body);
  Object.assign(input.values, storedFileValues(collection, item));
  const created = await createEntityIn(tx, actor, spec, input);
  // An event keeps its schedule GUID unless an event here has it (the same bundle imported twice).
  if (collection === 'events' && item.guid) {
    const guid = item.guid.toLowerCase();
    const [taken] = await tx.select({ id: events.id }).from(events).where(eq(events.guid, guid)).limit(1);
    if (!taken) await tx.update(events).set({ guid }).where(eq(events.id, created.id));
  }
  if (item.publishedAt !== undefined || archived) {
    await tx
      .update(spec.table)
      .set({ ...(item.publishedAt !== undefined ? { publishedAt: item.publishedAt } : {}), ...(archived ? { status: 'archived' } : {}) })
      .where(eq(columnOf(spec, 'id'), created.id));
  }
  return {
    id: created.id,
    changes: changesOf(
      resource,
      [created.id],
      [{ ...created.after, values: { ...created.after.values, status: archived ? 'archived' : created.after.values['status'] } }],
    ),
  };
}

/** The engine's field errors of one item, at that item's path in the manifest (`events.3.fields.endsAt`). */
function atBundlePath(error: unknown, itemPath: string): unknown {
  if (!(error instanceof AdminError) || !error.details.errors) return error;
  const errors = Object.fromEntries(Object.entries(error.details.errors).map(([path, codes]) => [`${itemPath}.fields.${path}`, codes]));
  return new AdminError(error.status, error.code, error.message, { ...error.details, errors });
}

async function importInto(tx: Transaction, actor: Actor, bundle: Bundle, fileName: string) {
  const ids: IdMap = new Map(bundledCollections.map((collection) => [collection, new Map()]));
  const created: Counts = {};
  const reused: Counts = {};
  const count = (counts: Counts, collection: BundledCollection) => (counts[collection] = (counts[collection] ?? 0) + 1);
  for (const collection of matchedBySlug) {
    for (const item of itemsOf(bundle, collection)) {
      const existing = await findBySlug(tx, collection, item);
      if (existing === undefined) continue;
      ids.get(collection)!.set(item.id, existing);
      count(reused, collection);
    }
  }
  const needed = itemsToCreate(bundle, ids);
  const changes: HubChanges[] = [];
  for (const collection of bundledCollections) {
    for (const [index, item] of itemsOf(bundle, collection).entries()) {
      if (ids.get(collection)!.has(item.id) || !needed.has(`${collection}:${item.id}`)) continue;
      const identical = await findIdentical(tx, collection, item);
      if (identical !== undefined) {
        ids.get(collection)!.set(item.id, identical);
        count(reused, collection);
        continue;
      }
      const result = await createItem(tx, actor, collection, item, ids).catch((error: unknown) => {
        throw atBundlePath(error, collection === 'editions' ? 'edition' : `${collection}.${index}`);
      });
      ids.get(collection)!.set(item.id, result.id);
      count(created, collection);
      changes.push(result.changes);
    }
  }
  const editionId = ids.get('editions')!.get(bundle.edition.id)!;
  const [edition] = await loadStates(tx, adminResources.editions.spec, [editionId]).then((states) => [...states.values()]);
  // One entry for the import itself on the new edition, like a schedule import's.
  await recordAudit(tx, actor, [
    {
      action: 'import',
      entity: 'edition',
      entityId: editionId,
      changedFields: [],
      title: fileName,
      changes: [{ kind: 'value', field: 'importCreated', from: null, to: created.events ?? 0 }],
    },
  ]);
  const body: BundleImportResult = { id: editionId, slug: String(edition?.values['slug']), created, reused };
  return withPurge(tx, { body, changes: mergeChanges(...changes) }, (result) => result.changes);
}

/** Writes the bundle's files; resolves with the keys that were not stored before (the ones to remove on failure). */
async function storeBlobs(storage: Storage, blobs: readonly VerifiedBlob[]): Promise<string[]> {
  const written: string[] = [];
  for (const blob of blobs) {
    if (await storage.stat(blob.key)) continue;
    await storage.put(blob.key, blob.bytes);
    written.push(blob.key);
  }
  return written;
}

/** Imports the archive `bytes` as a new edition; 4xx (see errors.ts) for a bundle that is not one or is damaged. */
export async function importEditionBundle(db: Database, storage: Storage, actor: Actor, bytes: Uint8Array): Promise<WriteOutcome<BundleImportResult>> {
  demand(actor, 'media.upload');
  const { manifest, files } = await unpackBundle(bytes);
  const bundle = parseManifest(manifest);
  checkReferences(bundle);
  // The activity entry names the file as the export named it.
  const fileName = `${String(bundle.edition.fields['slug'] ?? 'edition')}.bundle.tar.gz`;
  const blobs = await verifyBlobs(bundle, files);
  const written = await storeBlobs(storage, blobs);
  try {
    const { body, purge } = await withConstraintErrors(() => writeTransaction(db, (tx) => importInto(tx, actor, bundle, fileName)));
    return { body, purge };
  } finally {
    // After a commit this removes only the files of items matched to existing ones (a reused
    // venue's image); after a failure, every file this import added.
    await releaseBlobs(db, storage, written);
  }
}
