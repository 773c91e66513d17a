/** `npm run db:backup [-- --to <folder>]`: snapshot of the database and uploads (default ./data/backups). */
import { parseArgs } from 'node:util';
import { backupDatabase } from '../src/server/operations/backup.ts';
import { parseEnv } from '../src/server/config/env.ts';

try {
  const { values } = parseArgs({ options: { to: { type: 'string', default: './data/backups' } } });
  const env = parseEnv(process.env);
  const result = await backupDatabase({ url: env.DATABASE_URL, uploadsDir: env.UPLOADS_DIR, target: values.to });
  console.log(`Backup written to ${result.folder}${result.uploadsFolder ? ' (database and uploads)' : ' (database)'}.`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
