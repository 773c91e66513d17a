/**
 * The production server removes what a crash left in the uploads folder (an upload staged but
 * never stored) once it has been idle, and keeps what may still be in progress.
 */
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/db.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer | undefined;
afterAll(() => server?.stop());

it('sweeps idle leftovers of interrupted uploads when it starts', async () => {
  const uploads = makeTempDir('hub-uploads-');
  mkdirSync(join(uploads, '.staging'));
  const abandoned = join(uploads, '.staging', 'abandoned.part');
  const receiving = join(uploads, '.staging', 'receiving.part');
  writeFileSync(abandoned, 'half an upload');
  writeFileSync(receiving, 'an upload in progress');
  const twoHoursAgo = (Date.now() - 2 * 60 * 60 * 1000) / 1000;
  utimesSync(abandoned, twoHoursAgo, twoHoursAgo);

  server = await startTestServer({ UPLOADS_DIR: uploads, HUB_DEMO: '0' });

  await expect.poll(() => existsSync(abandoned)).toBe(false);
  expect(existsSync(receiving)).toBe(true);
  await expect.poll(() => server!.logs()).toContain('Removed 1 leftover file(s) of interrupted uploads.');
});
