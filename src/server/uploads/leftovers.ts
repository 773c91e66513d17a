/**
 * Leftovers of interrupted writes under the uploads folder: a staged upload (anything in
 * `.staging/`) or a storage write in progress (`<key>.<pid>.<time>.tmp`) whose process died before
 * it could finish or clean up. Requests clean up after themselves; only a crash or a kill leaves
 * these behind, and nothing else would ever remove them.
 *
 * A file is a leftover once it has not been written to for `idleMs` (an hour by default): an upload
 * in progress keeps writing, so its modification time stays fresh, whichever node of a shared
 * folder receives it.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';

const HOUR = 60 * 60 * 1000;
const storageTemporary = /\.\d+\.\d+\.tmp$/;

export interface SweepOptions {
  /** How long a file must have been left untouched (ms). */
  idleMs?: number;
  now?: number;
}

async function isIdle(path: string, before: number): Promise<boolean> {
  try {
    const info = await stat(path);
    return info.isFile() && info.mtimeMs < before;
  } catch {
    return false;
  }
}

/** Removes the idle leftovers under `uploadsDir`; resolves with the paths removed (relative). */
export async function sweepUploadLeftovers(uploadsDir: string, { idleMs = HOUR, now = Date.now() }: SweepOptions = {}): Promise<string[]> {
  const root = resolve(uploadsDir);
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const name = relative(root, path);
    const leftover = name.startsWith(`.staging${sep}`) || storageTemporary.test(entry.name);
    if (!leftover || !(await isIdle(path, now - idleMs))) continue;
    await rm(path, { force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Sweeps at once and then every `everyMs` (hourly) for the life of the process; failures are
 * logged, never thrown (a sweep is housekeeping, not a reason to stop serving).
 */
export function startLeftoverSweeps(uploadsDir: string, everyMs = HOUR): () => void {
  const sweep = () =>
    sweepUploadLeftovers(uploadsDir).then(
      (removed) => {
        if (removed.length > 0) console.log(`Removed ${removed.length} leftover file(s) of interrupted uploads.`);
      },
      (error: unknown) => console.warn(`Could not sweep leftovers of interrupted uploads: ${String(error)}`),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
