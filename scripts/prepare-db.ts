/** Before `npm run dev`: validates the environment, applies migrations and loads demo content. */
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedDatabase } from '../db/seed/generate.ts';
import { EnvError, parseEnv } from '../src/server/config/env.ts';

try {
  const env = parseEnv(process.env);
  const db = await openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  await migrateDatabase(db);
  if (env.HUB_DEMO) {
    const result = await seedDatabase(db, { uploadsDir: env.UPLOADS_DIR });
    if (result.inserted) console.log(`Loaded demo content in ${(result.ms / 1000).toFixed(1)} s.`);
  }
  db.$client.close();
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Preparing the database failed: ${String(error)}`);
  process.exit(1);
}
