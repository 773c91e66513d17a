/**
 * Queries built once per handle (db/prepared.ts) on a real migrated file: values are bound per
 * call, a transaction gets its own query that sees its uncommitted writes, and id lists of any
 * length (none, duplicates) select what `IN (…)` would.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client.ts';
import { idList, inIdList, inPageLocales, preparedQuery } from '../../db/prepared.ts';
import { tagTranslations, tags } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const opened: TestDatabase[] = [];
afterEach(() => {
  for (const database of opened.splice(0)) database.close();
});

async function databaseWithTags(count: number): Promise<TestDatabase> {
  const database = await createTestDatabase();
  opened.push(database);
  for (let i = 1; i <= count; i++) {
    await database.db.insert(tags).values({ id: i, slug: `tag-${i}` });
    await database.db.insert(tagTranslations).values([
      { tagId: i, locale: 'en', label: `Tag ${i}` },
      { tagId: i, locale: 'fr', label: `Étiquette ${i}` },
    ]);
  }
  return database;
}

let builds = 0;
const tagsById = preparedQuery((db) => {
  builds += 1;
  return db.select({ id: tags.id, slug: tags.slug }).from(tags).where(inIdList(tags.id, 'ids')).orderBy(tags.id).prepare();
});
const labels = preparedQuery((db) =>
  db
    .select({ locale: tagTranslations.locale, label: tagTranslations.label })
    .from(tagTranslations)
    .where(sql`${tagTranslations.tagId} = ${sql.placeholder('id')} AND ${inPageLocales(tagTranslations.locale)}`)
    .orderBy(tagTranslations.locale)
    .prepare(),
);

describe('prepared queries', () => {
  it('are built once per handle and bind new values on every call', async () => {
    const { db } = await databaseWithTags(4);
    builds = 0;
    expect(tagsById(db)).toBe(tagsById(db));
    expect(await tagsById(db).all({ ids: idList([3, 1]) })).toEqual([
      { id: 1, slug: 'tag-1' },
      { id: 3, slug: 'tag-3' },
    ]);
    expect((await tagsById(db).all({ ids: idList([2, 2, 4]) })).map((row) => row.id)).toEqual([2, 4]);
    expect(await tagsById(db).all({ ids: idList([]) })).toEqual([]);
    expect(builds).toBe(1);
    const other = await databaseWithTags(1);
    expect(await tagsById(other.db).all({ ids: idList([1, 2, 3]) })).toEqual([{ id: 1, slug: 'tag-1' }]);
    expect(builds).toBe(2);
  });

  it('read the page locale and the default locale only', async () => {
    const { db } = await databaseWithTags(1);
    await db.insert(tagTranslations).values({ tagId: 1, locale: 'de', label: 'Schlagwort 1' });
    expect(await labels(db).all({ id: 1, locale: 'fr' })).toEqual([
      { locale: 'en', label: 'Tag 1' },
      { locale: 'fr', label: 'Étiquette 1' },
    ]);
    expect((await labels(db).all({ id: 1, locale: 'de' })).map((row) => row.locale)).toEqual(['de', 'en']);
  });

  it('run inside a transaction on that transaction, seeing its uncommitted writes', async () => {
    const { db } = await databaseWithTags(1);
    await expect(
      writeTransaction(db, async (tx) => {
        await tx.insert(tags).values({ id: 2, slug: 'tag-2' });
        expect(tagsById(tx)).not.toBe(tagsById(db));
        expect((await tagsById(tx).all({ ids: idList([1, 2]) })).map((row) => row.id)).toEqual([1, 2]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await tagsById(db).all({ ids: idList([1, 2]) })).map((row) => row.id)).toEqual([1]);
  });
});
