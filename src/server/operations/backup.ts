/**
 * Consistent snapshots of the embedded database (`VACUUM INTO`, safe while the server runs) and
 * of the uploads folder, and their restore.
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { isEmbeddedUrl } from '../../../db/client.ts';

export interface BackupResult {
  folder: string;
  databaseFile: string;
  uploadsFolder: string | null;
}

/** `2026-11-21T23-59-07Z`: sortable, and valid in file names on every OS. */
export function backupStamp(at = new Date()): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
}

function databasePath(url: string): string {
  if (!isEmbeddedUrl(url) || url === ':memory:') {
    throw new Error(
      "db:backup snapshots an embedded database file. For a libSQL server or Turso, use the server's own " +
        'backups (sqld snapshots, `turso db shell <db> .dump`, or point-in-time restore) — see docs/operators.md, "Backups".',
    );
  }
  return resolve(url.replace(/^file:/, '').replace(/\?.*$/, ''));
}

/** Writes `<target>/hub-<stamp>/hub.db` (+ `uploads/`) and returns where. */
export async function backupDatabase(options: { url: string; uploadsDir: string; target: string; at?: Date }): Promise<BackupResult> {
  const source = databasePath(options.url);
  if (!existsSync(source)) throw new Error(`No database file at ${source}.`);
  const folder = resolve(options.target, `hub-${backupStamp(options.at)}`);
  mkdirSync(folder, { recursive: true });
  const databaseFile = join(folder, 'hub.db');
  const client = createClient({ url: `file:${source}` });
  try {
    await client.execute({ sql: 'VACUUM INTO ?', args: [databaseFile] });
  } finally {
    client.close();
  }
  let uploadsFolder: string | null = null;
  if (existsSync(options.uploadsDir)) {
    uploadsFolder = join(folder, 'uploads');
    cpSync(options.uploadsDir, uploadsFolder, { recursive: true });
  }
  return { folder, databaseFile, uploadsFolder };
}

/**
 * Replaces the embedded database (and uploads, when the backup has them) with a backup folder's
 * content. The current files are kept beside as `*.before-restore-<stamp>` until the caller removes them.
 */
export async function restoreDatabase(options: { url: string; uploadsDir: string; backup: string }): Promise<void> {
  const target = databasePath(options.url);
  const backupFolder = resolve(options.backup);
  const backupFile = existsSync(join(backupFolder, 'hub.db')) ? join(backupFolder, 'hub.db') : backupFolder;
  const check = createClient({ url: `file:${backupFile}` });
  try {
    const result = await check.execute('PRAGMA integrity_check');
    if (result.rows[0]?.[0] !== 'ok') throw new Error(`The backup ${backupFile} fails PRAGMA integrity_check.`);
  } finally {
    check.close();
  }
  const stamp = backupStamp();
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(target + suffix)) renameSync(target + suffix, `${target}${suffix}.before-restore-${stamp}`);
  }
  mkdirSync(resolve(target, '..'), { recursive: true });
  cpSync(backupFile, target);
  const uploadsBackup = join(backupFolder, 'uploads');
  if (existsSync(uploadsBackup)) {
    if (existsSync(options.uploadsDir)) renameSync(options.uploadsDir, `${options.uploadsDir}.before-restore-${stamp}`);
    cpSync(uploadsBackup, options.uploadsDir, { recursive: true });
  }
  rmSync(`${target}-journal`, { force: true });
}
