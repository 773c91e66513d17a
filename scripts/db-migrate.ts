/** `npm run db:migrate`: applies pending migrations to DATABASE_URL. */
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { EnvError, parseEnv } from '../src/server/config/env.ts';

try {
  const env = parseEnv(process.env);
  const db = await openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  await migrateDatabase(db);
  db.$client.close();
  console.log(`Migrations applied to ${env.DATABASE_URL.startsWith('file:') ? env.DATABASE_URL : 'the remote database'}.`);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Migration failed: ${String(error)}`);
  process.exit(1);
}
