/**
 * `GET /api/admin/editions/:id/bundle`: an edition, its events and everything they point at
 * (venues, tags, curators, organizers, medias and downloads with their files), every locale,
 * status and publication date, as one `.tar.gz` an import on another instance reproduces
 * (docs/decisions/048). Working copies, revisions and the activity log are this instance's
 * history and stay here.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { events } from '../../../db/schema.ts';
import { collections, type CollectionName } from '../../lib/collections/index.ts';
import { adminResources } from '../collections/registry.ts';
import { loadItem } from '../engine/duplicate.ts';
import type { EntityState } from '../engine/entity-spec.ts';
import { loadStates } from '../engine/entity-state.ts';
import { parseOriginalKey } from '../storage/keys.ts';
import type { Storage } from '../storage/types.ts';
import { packBundle } from './archive.ts';
import { bundleError } from './errors.ts';
import { referenceFieldsOf, referencedIds } from './references.ts';
import { BUNDLE_FORMAT, BUNDLE_VERSION, bundledCollections, type BundledCollection, type BundleBlob } from './schema.ts';
import { isEventItem } from '../collections/event-dates.ts';

/** A bundle ready to send: its file name and its bytes. */
export interface EditionBundleFile {
  fileName: string;
  bytes: Uint8Array;
}

type Json = Record<string, unknown>;

/** Every item the edition's bundle carries, by collection: the edition, its events and what they point at. */
async function gatherStates(db: Executor, editionId: number): Promise<Map<BundledCollection, EntityState[]>> {
  const edition = await loadItem(db, adminResources.editions.spec, editionId);
  // A repeating event travels as its rule; its later dates are written again from it on import.
  const eventRows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.editionId, editionId), isEventItem))
    .orderBy(asc(events.startsAt), asc(events.id));
  const wanted = new Map<CollectionName, Set<number>>([['events', new Set(eventRows.map((row) => row.id))]]);
  const states = new Map<BundledCollection, EntityState[]>();
  // Referrers before what they point at (events → venues → medias), so one pass gathers it all.
  for (const collection of [...bundledCollections].reverse()) {
    const loaded =
      collection === 'editions' ? [edition] : [...(await loadStates(db, adminResources[collection].spec, [...(wanted.get(collection) ?? [])])).values()];
    states.set(collection, loaded);
    for (const reference of referenceFieldsOf(collection)) {
      const target = wanted.get(reference.target) ?? new Set<number>();
      for (const state of loaded) for (const id of referencedIds(reference, { ...state.values, ...state.links })) target.add(id);
      wanted.set(reference.target, target);
    }
  }
  return states;
}

/** The create body of a stored item: its declared fields (nulls left out: they are the defaults) and its texts. */
function fieldsOf(collection: CollectionName, state: EntityState): Json {
  const fields: Json = {};
  for (const key of Object.keys(collections[collection].fields)) {
    const value = key in state.links ? state.links[key] : state.values[key];
    if (value !== null && value !== undefined) fields[key] = value;
  }
  return { ...fields, translations: state.translations };
}

/** Where the stored upload of `state` travels in the archive, and what it is; null for a video link. */
function blobOf(collection: BundledCollection, state: EntityState): BundleBlob | null {
  const key = state.values['storageKey'];
  if (typeof key !== 'string') return null;
  const original = parseOriginalKey(key);
  if (!original) throw new Error(`${collection} ${state.id}: storage key ${key} is not a content-hash key`);
  const originalName = state.values['originalName'];
  return {
    path: `blobs/${original.sha256}.${original.ext}`,
    sha256: original.sha256,
    byteSize: Number(state.values['byteSize']),
    mimeType: String(state.values['mimeType'] ?? 'application/octet-stream'),
    // A download's name is one of its fields; a media's is only known from its file.
    ...(collection === 'medias' && typeof originalName === 'string' ? { originalName } : {}),
  };
}

/** An item as the manifest carries it. */
export function itemOf(collection: BundledCollection, state: EntityState, guid?: string): Json {
  const publishedAt = state.values['publishedAt'];
  const item: Json = { id: state.id, ...(guid ? { guid } : {}), ...(publishedAt instanceof Date ? { publishedAt } : {}), fields: fieldsOf(collection, state) };
  const { kind, width, height } = state.values;
  if (collection === 'medias') return { ...item, kind, blob: blobOf(collection, state), width: width ?? null, height: height ?? null };
  if (collection === 'files') return { ...item, blob: blobOf(collection, state) };
  return item;
}

/** Reads the edition's bundle: 404 for an unknown edition, 409 when one of its stored files is missing. */
export async function exportEditionBundle(db: Executor, storage: Storage, editionId: number): Promise<EditionBundleFile> {
  const states = await gatherStates(db, editionId);
  // An event's schedule GUID travels with it: conference apps keep a visitor's favourites by it.
  const guids = new Map(
    (
      await db
        .select({ id: events.id, guid: events.guid })
        .from(events)
        .where(and(eq(events.editionId, editionId), isEventItem))
    ).map((row) => [row.id, row.guid]),
  );
  const manifest: Json = { format: BUNDLE_FORMAT, version: BUNDLE_VERSION, exportedAt: new Date().toISOString() };
  const blobs = new Map<string, string>();
  for (const collection of bundledCollections) {
    const items = (states.get(collection) ?? []).map((state) =>
      itemOf(collection, state, collection === 'events' ? (guids.get(state.id) ?? undefined) : undefined),
    );
    manifest[collection === 'editions' ? 'edition' : collection] = collection === 'editions' ? items[0] : items;
    if (collection !== 'medias' && collection !== 'files') continue;
    for (const state of states.get(collection) ?? []) {
      const blob = blobOf(collection, state);
      if (blob) blobs.set(blob.path, String(state.values['storageKey']));
    }
  }
  const files: { path: string; bytes: Uint8Array }[] = [];
  for (const [path, key] of blobs) {
    const bytes = await storage.readBytes(key);
    if (!bytes) throw bundleError('BUNDLE_SOURCE_FILE_MISSING', { path });
    files.push({ path, bytes });
  }
  const edition = states.get('editions')![0]!;
  return { fileName: `${String(edition.values['slug'])}.bundle.tar.gz`, bytes: await packBundle(JSON.stringify(manifest), files) };
}
