/**
 * The bundle's container: a gzip'd tar (readable by any `tar xzf`), `bundle.json` first, then
 * the stored files under `blobs/`. Written and read whole, in memory, within the limits below
 * (docs/decisions/048); unpacking never touches the file system, so entry names cannot escape.
 */
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import { packTar, unpackTar } from 'modern-tar';
import { bundleError } from './errors.ts';
import { MANIFEST_NAME } from './schema.ts';

// On libuv's thread pool: inflating up to 256 MB must not stall every other request.
const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

const MB = 1024 * 1024;

/** Largest bundle accepted, as sent (gzip'd): an edition with its images and downloads. */
export const MAX_BUNDLE_BYTES = 200 * MB;

/** Largest bundle once unpacked: refuses a small file that expands hugely (a gzip bomb). */
export const MAX_UNPACKED_BYTES = 256 * MB;

/** What an archive holds: the manifest's text and every other file's bytes by name. */
export interface UnpackedBundle {
  manifest: string;
  files: ReadonlyMap<string, Uint8Array>;
}

/** The archive of `manifest` and `files`. */
export async function packBundle(manifest: string, files: readonly { path: string; bytes: Uint8Array }[]): Promise<Uint8Array> {
  const mtime = new Date();
  const entry = (name: string, body: Uint8Array) => ({ header: { name, size: body.byteLength, mode: 0o644, mtime }, body });
  const tar = await packTar([entry(MANIFEST_NAME, new TextEncoder().encode(manifest)), ...files.map((file) => entry(file.path, file.bytes))]);
  // Images and PDFs are compressed already; level 6 still shrinks the JSON without burning CPU on them.
  return gzip(tar, { level: 6 });
}

/** The manifest and files of an uploaded archive; 413 past the limits, 400 when it is no bundle. */
export async function unpackBundle(archive: Uint8Array): Promise<UnpackedBundle> {
  let tar: Uint8Array;
  try {
    tar = await gunzip(archive, { maxOutputLength: MAX_UNPACKED_BYTES });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw bundleError('BUNDLE_TOO_LARGE', { limit: MAX_UNPACKED_BYTES });
    throw bundleError('BUNDLE_UNREADABLE');
  }
  let entries;
  try {
    entries = await unpackTar(tar);
  } catch {
    throw bundleError('BUNDLE_UNREADABLE');
  }
  const files = new Map<string, Uint8Array>();
  for (const { header, data } of entries) if (header.type === 'file' && data) files.set(header.name, data);
  const manifest = files.get(MANIFEST_NAME);
  if (!manifest) throw bundleError('BUNDLE_UNREADABLE');
  files.delete(MANIFEST_NAME);
  return { manifest: new TextDecoder().decode(manifest), files };
}
