import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepUploadLeftovers } from '../../src/server/uploads/leftovers.ts';

const sha = 'cd'.repeat(32);
const HOUR = 60 * 60 * 1000;

function file(root: string, name: string, idleFor: number): string {
  const path = join(root, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, 'bytes');
  const at = (Date.now() - idleFor) / 1000;
  utimesSync(path, at, at);
  return path;
}

describe('leftovers of interrupted uploads', () => {
  it('removes idle staged uploads and storage temporaries, and nothing else', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hub-leftovers-'));
    const stored = [`cd/${sha}.jpg`, `variants/cd/${sha}-w640.webp`, `cd/${sha}.mp4`];
    for (const name of stored) file(root, name, 48 * HOUR);
    file(root, '.staging/0b6c5c7e.part', 2 * HOUR);
    file(root, '.staging/0b6c5c7e.part.clean', 2 * HOUR);
    file(root, `cd/${sha}.jpg.4242.1764000000000.tmp`, 3 * HOUR);
    // Still being written (an upload in progress keeps its file fresh).
    const receiving = file(root, '.staging/9f1e.part', 5 * 60 * 1000);
    const writing = file(root, `variants/cd/${sha}-w960.webp.4242.1764000000000.tmp`, 60 * 1000);

    const removed = await sweepUploadLeftovers(root);

    expect(removed.sort()).toEqual(['.staging/0b6c5c7e.part', '.staging/0b6c5c7e.part.clean', `cd/${sha}.jpg.4242.1764000000000.tmp`]);
    for (const name of stored) expect(existsSync(join(root, name)), name).toBe(true);
    expect(existsSync(receiving)).toBe(true);
    expect(existsSync(writing)).toBe(true);
    expect(await sweepUploadLeftovers(root)).toEqual([]);
  });

  it('waits as long as it is told to, and accepts a folder that does not exist yet', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hub-leftovers-'));
    file(root, '.staging/a.part', 2 * HOUR);
    expect(await sweepUploadLeftovers(root, { idleMs: 3 * HOUR })).toEqual([]);
    expect(await sweepUploadLeftovers(root, { idleMs: HOUR })).toEqual(['.staging/a.part']);
    expect(await sweepUploadLeftovers(join(root, 'not-yet'))).toEqual([]);
  });
});
