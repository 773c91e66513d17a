/** Shared by the hub integration tests: a migrated libSQL file with the demo content. */
import { join } from 'node:path';
import { seedDatabase } from '../../db/seed/generate.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

/** A fresh database seeded with the demo content (images under its own temp folder). */
export async function createSeededDatabase(): Promise<TestDatabase & { uploadsDir: string }> {
  const test = await createTestDatabase();
  const uploadsDir = join(test.dir, 'uploads');
  await seedDatabase(test.db, { uploadsDir });
  return { ...test, uploadsDir };
}

/** Rows as plain objects, for raw checks the read models should agree with. */
export async function rows<T>(test: TestDatabase, query: string, args: (string | number | null)[] = []): Promise<T[]> {
  const result = await test.db.$client.execute({ sql: query, args });
  return result.rows as unknown as T[];
}
