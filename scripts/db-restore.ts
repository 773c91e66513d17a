/**
 * `npm run db:restore -- <backup folder> [--yes]`: replaces the database (and uploads) with a
 * backup. Stop the server first. Asks for confirmation unless `--yes` is given.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { parseEnv } from '../src/server/config/env.ts';
import { restoreDatabase } from '../src/server/operations/backup.ts';

try {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { yes: { type: 'boolean', default: false } } });
  const backup = positionals[0];
  if (!backup) throw new Error('Name the backup folder: npm run db:restore -- data/backups/hub-<stamp>');
  const env = parseEnv(process.env);
  if (!values.yes) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    const answer = await prompt.question(`Replace ${env.DATABASE_URL} and ${env.UPLOADS_DIR} with ${backup}? Type "restore": `);
    prompt.close();
    if (answer.trim() !== 'restore') {
      console.log('Nothing restored.');
      process.exit(1);
    }
  }
  await restoreDatabase({ url: env.DATABASE_URL, uploadsDir: env.UPLOADS_DIR, backup });
  console.log(`Restored ${backup}. The previous files were kept with a .before-restore-* suffix.`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
