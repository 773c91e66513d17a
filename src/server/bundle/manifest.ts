/**
 * Reading a bundle's manifest and checking it against its files before anything is written:
 * the JSON, its format and version, the schema, that every reference names an item of the bundle,
 * and that every file is there with the bytes its hash promises (docs/decisions/048).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issuesToFieldErrors } from '../../lib/field-errors.ts';
import { detectType } from '../uploads/sniff.ts';
import { bundleError } from './errors.ts';
import { referenceFieldsOf, referencedIds } from './references.ts';
import {
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  blobPathPattern,
  bundleSchema,
  bundledCollections,
  itemsOf,
  type Bundle,
  type BundleBlob,
  type BundledCollection,
} from './schema.ts';

/** The manifest, parsed and validated; 400 when it is no JSON, 422 for another version or invalid items. */
export function parseManifest(text: string): Bundle {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw bundleError('BUNDLE_UNREADABLE');
  }
  const head = json as { format?: unknown; version?: unknown } | null;
  if (typeof head !== 'object' || head === null || head.format !== BUNDLE_FORMAT || head.version !== BUNDLE_VERSION) {
    throw bundleError('BUNDLE_VERSION_UNSUPPORTED');
  }
  const result = bundleSchema.safeParse(json);
  if (!result.success) throw bundleError('BUNDLE_INVALID', { errors: issuesToFieldErrors(result.error.issues) });
  return result.data;
}

/** 422 unless ids are unique per collection and every reference names an item the bundle carries. */
export function checkReferences(bundle: Bundle): void {
  const errors: Record<string, string[]> = {};
  const known = new Map(bundledCollections.map((collection) => [collection, new Set(itemsOf(bundle, collection).map((item) => item.id))]));
  for (const collection of bundledCollections) {
    const items = itemsOf(bundle, collection);
    if (known.get(collection)!.size !== items.length) errors[collection] = ['DUPLICATE_ID'];
    items.forEach((item, index) => {
      for (const reference of referenceFieldsOf(collection)) {
        const targets = known.get(reference.target as BundledCollection);
        if (referencedIds(reference, item.fields).some((id) => !targets?.has(id))) {
          errors[`${collection === 'editions' ? 'edition' : `${collection}.${index}`}.fields.${reference.field}`] = ['UNKNOWN_REFERENCE'];
        }
      }
    });
  }
  if (Object.keys(errors).length > 0) throw bundleError('BUNDLE_CORRUPT', { errors });
}

/** A file the import will store: where it goes and its bytes. */
export interface VerifiedBlob {
  key: string;
  bytes: Uint8Array;
}

/** The storage key of a bundled file: the content-hash name uploads use. */
export function storageKeyOf(blob: BundleBlob): string {
  const [, sha256, ext] = blobPathPattern.exec(blob.path)!;
  return `${sha256!.slice(0, 2)}/${sha256}.${ext}`;
}

/**
 * Whether the bytes are what an upload would have accepted as this media kind or download, with
 * the type and extension the manifest states: the upload's own sniffing, so a bundle cannot bring
 * in what an upload refuses (markup posing as an image or a text file).
 */
async function isAcceptedAs(bytes: Uint8Array, kind: string, blob: BundleBlob, originalName: string): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'hub-bundle-'));
  try {
    const path = join(dir, 'blob');
    await writeFile(path, bytes);
    const type = await detectType(path, originalName, kind === 'file' ? 'files' : 'medias');
    const ext = blobPathPattern.exec(blob.path)![2];
    return type.ext === ext && type.mime === blob.mimeType && (kind === 'file' || type.category === kind);
  } catch {
    return false;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every file the manifest names, checked against its hash, size and (medias) its kind; 422 otherwise. */
export async function verifyBlobs(bundle: Bundle, files: ReadonlyMap<string, Uint8Array>): Promise<VerifiedBlob[]> {
  const blobs = new Map<string, VerifiedBlob>();
  const described = [
    ...bundle.medias.flatMap((media) => (media.blob ? [{ blob: media.blob, kind: media.kind, name: media.blob.originalName ?? '' }] : [])),
    ...bundle.files.map((file) => ({ blob: file.blob, kind: 'file', name: file.fields.originalName })),
  ];
  for (const { blob, kind, name } of described) {
    const bytes = files.get(blob.path);
    const hash = bytes ? createHash('sha256').update(bytes).digest('hex') : undefined;
    const intact = bytes && hash === blob.sha256 && blob.path.includes(hash) && bytes.byteLength === blob.byteSize;
    if (!intact || !(await isAcceptedAs(bytes, kind, blob, name))) throw bundleError('BUNDLE_CORRUPT', { path: blob.path });
    blobs.set(blob.path, { key: storageKeyOf(blob), bytes });
  }
  return [...blobs.values()];
}
