/**
 * The one-time work before a machine serves (decision 012): build when the build is missing or
 * stale, apply migrations, load demo content into an empty embedded database. With workers,
 * `scripts/start.ts` runs it in a child process of its own (`scripts/prepare-start.ts`), so that
 * the primary, which then only supervises, never holds the migrator, the seed generator or the
 * memory that work grew; a single process runs it itself.
 */
import type { Database } from '../../../db/client.ts';
import type { Env } from '../config/env.ts';

export class PrepareError extends Error {}

/** Builds if needed, then opens the database with `openDb`, migrates and seeds it; returns it open. */
export async function prepareMachine(root: string, env: Env, openDb: () => Promise<Database>): Promise<Database> {
  const { buildSite, isBuildStale } = await import('./build-state.ts');
  if (isBuildStale(root)) {
    console.log('Building the site…');
    if (!buildSite(root)) throw new PrepareError('The build failed; see the output above.');
  }
  // Files outlive the process, but not the purges it missed while down, nor a new build's pages.
  if (env.HUB_STATIC_DIR) {
    const { emptyPageFiles } = await import('../page-files/page-files.ts');
    await emptyPageFiles(env.HUB_STATIC_DIR);
  }
  const db = await openDb();
  const { migrateDatabase } = await import('../../../db/migrate.ts');
  await migrateDatabase(db);
  if (env.HUB_DEMO) {
    const { seedDatabase } = await import('../../../db/seed/generate.ts');
    const result = await seedDatabase(db, { uploadsDir: env.UPLOADS_DIR });
    if (result.inserted) console.log(`Loaded demo content in ${(result.ms / 1000).toFixed(1)} s.`);
    // The seed writes its images to disk; with a bucket, that is where every node must find them.
    if (result.inserted && env.S3_BUCKET) {
      const [{ moveLocalUploads }, { getStorage }] = await Promise.all([import('../storage/copy-uploads.ts'), import('../storage/index.ts')]);
      await moveLocalUploads(env.UPLOADS_DIR, getStorage());
    }
  }
  return db;
}
