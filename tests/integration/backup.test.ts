import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { tags } from '../../db/schema.ts';
import { backupDatabase, restoreDatabase } from '../../src/server/operations/backup.ts';
import { createTestDatabase } from '../helpers/db.ts';

describe('backup and restore', () => {
  it('round-trips the database and the uploads', async () => {
    const t = await createTestDatabase();
    const uploadsDir = join(t.dir, 'uploads');
    mkdirSync(join(uploadsDir, 'ab'), { recursive: true });
    writeFileSync(join(uploadsDir, 'ab', 'abc.jpg'), 'original');
    await t.db.insert(tags).values({ slug: 'kept' });

    const backup = await backupDatabase({ url: t.url, uploadsDir, target: join(t.dir, 'backups') });
    expect(backup.folder).toMatch(/hub-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    expect(existsSync(backup.databaseFile)).toBe(true);

    await t.db.delete(tags).where(eq(tags.slug, 'kept'));
    await t.db.insert(tags).values({ slug: 'added-after-backup' });
    writeFileSync(join(uploadsDir, 'ab', 'abc.jpg'), 'overwritten');
    t.close();

    await restoreDatabase({ url: t.url, uploadsDir, backup: backup.folder });
    const reopened = await openDatabase({ url: t.url });
    const slugs = (await reopened.select({ slug: tags.slug }).from(tags)).map((r) => r.slug);
    expect(slugs).toEqual(['kept']);
    expect(readFileSync(join(uploadsDir, 'ab', 'abc.jpg'), 'utf8')).toBe('original');
    reopened.$client.close();
  });

  it('refuses a remote database with a clear message', async () => {
    await expect(backupDatabase({ url: 'libsql://hub.example.org', uploadsDir: 'x', target: 'y' })).rejects.toThrow(/embedded database file/);
  });

  it('refuses to restore a file that is not a sound database', async () => {
    const t = await createTestDatabase();
    const bogus = join(t.dir, 'bogus');
    mkdirSync(bogus);
    writeFileSync(join(bogus, 'hub.db'), 'this is not sqlite');
    await expect(restoreDatabase({ url: t.url, uploadsDir: join(t.dir, 'u'), backup: bogus })).rejects.toThrow();
    t.close();
  });
});
