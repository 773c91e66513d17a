/**
 * Prepared statements kept per connection (db/statement-cache.ts): reuse must never show stale
 * data, hold a snapshot that blocks checkpoints, or survive a schema change with old columns; and
 * every pooled connection gets the per-connection pragmas.
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, writeTransaction, type Database } from '../../db/client.ts';
import { forgetPreparedStatements, installStatementCache } from '../../db/statement-cache.ts';
import { makeTempDir } from '../helpers/db.ts';

const opened: Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.$client.close();
});

async function twoHandles(): Promise<[Database, Database]> {
  const url = `file:${makeTempDir('hub-statements-')}/hub.db`;
  const a = await openDatabase({ url });
  const b = await openDatabase({ url });
  opened.push(a, b);
  await a.$client.execute('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  return [a, b];
}

const countOf = async (db: Database) => (await db.$client.execute('SELECT count(*) AS n FROM notes')).rows[0]!['n'];

describe('kept prepared statements', () => {
  it('see every write, from this handle and from another one', async () => {
    const [a, b] = await twoHandles();
    expect([await countOf(a), await countOf(b)]).toEqual([0, 0]);
    await b.$client.execute({ sql: 'INSERT INTO notes (body) VALUES (?)', args: ['one'] });
    expect([await countOf(a), await countOf(b)]).toEqual([1, 1]);
    await writeTransaction(a, async (tx) => {
      await tx.run("INSERT INTO notes (body) VALUES ('two')");
    });
    expect([await countOf(a), await countOf(b)]).toEqual([2, 2]);
  });

  it('hold no snapshot once they have run, even after an error mid-way', async () => {
    const [a, b] = await twoHandles();
    for (const body of ['a', 'b', 'c']) await a.$client.execute({ sql: 'INSERT INTO notes (body) VALUES (?)', args: [body] });
    const failing = 'SELECT abs(CASE WHEN id = 2 THEN ? ELSE id END) AS v FROM notes ORDER BY id';
    await expect(a.$client.execute({ sql: failing, args: [-9223372036854775808n] })).rejects.toThrow(/overflow/);
    await b.$client.execute({ sql: 'INSERT INTO notes (body) VALUES (?)', args: ['d'] });
    expect((await a.$client.execute({ sql: failing, args: [7] })).rows.map((row) => row['v'])).toEqual([1, 7, 3, 4]);
    const checkpoint = (await b.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)')).rows[0]!;
    expect(checkpoint['busy']).toBe(0);
  });

  it('tell statements that return rows from those that do not, on every call', async () => {
    const [a] = await twoHandles();
    for (let i = 0; i < 3; i++) {
      const insert = await a.$client.execute({ sql: 'INSERT INTO notes (body) VALUES (?)', args: [`n${i}`] });
      expect(insert.rowsAffected).toBe(1);
      const rows = await a.$client.execute({ sql: 'SELECT body FROM notes WHERE body = ?', args: [`n${i}`] });
      expect(rows.columns).toEqual(['body']);
      expect(rows.rows.map((row) => row['body'])).toEqual([`n${i}`]);
    }
  });

  it('run on connections that all got the pragmas, not only the first one', async () => {
    const [a] = await twoHandles();
    const pragmas = async () => {
      const synchronous = (await a.$client.execute('PRAGMA synchronous')).rows[0]!['synchronous'];
      const cacheSize = (await a.$client.execute('PRAGMA cache_size')).rows[0]!['cache_size'];
      return [synchronous, cacheSize];
    };
    expect(await pragmas()).toEqual([1, -512]);
    // An open transaction holds its connection: the reads below need a second one from the pool.
    const tx = await a.$client.transaction('write');
    try {
      await tx.execute({ sql: 'INSERT INTO notes (body) VALUES (?)', args: ['held'] });
      expect(await pragmas()).toEqual([1, -512]);
      expect((await tx.execute('PRAGMA synchronous')).rows[0]!['synchronous']).toBe(1);
    } finally {
      await tx.rollback();
    }
  });

  it('keep the row and integer modes last set, whoever prepares the same text again', async () => {
    installStatementCache();
    type Kept = { raw(on?: boolean): Kept; safeIntegers(on?: boolean): Kept; all(): unknown[] };
    const Driver = createRequire(import.meta.url)('libsql') as new (path: string) => { prepare(sql: string): Kept; exec(sql: string): void; close(): void };
    const connection = new Driver(`${makeTempDir('hub-statements-')}/modes.db`);
    try {
      connection.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL); INSERT INTO notes (body) VALUES ('one')");
      const sql = 'SELECT id, body FROM notes';
      expect(connection.prepare(sql).raw(true).safeIntegers(true).all()).toEqual([[1n, 'one']]);
      // The same statement comes back from the cache, still in both modes.
      const again = connection.prepare(sql);
      expect(again.all()).toEqual([[1n, 'one']]);
      expect(again.raw(true).safeIntegers(true).all()).toEqual([[1n, 'one']]);
      expect(again.raw(false).all()).toEqual([{ id: 1n, body: 'one' }]);
      expect(connection.prepare(sql).safeIntegers(false).all()).toEqual([{ id: 1, body: 'one' }]);
      expect(connection.prepare(sql).raw().safeIntegers().all()).toEqual([[1n, 'one']]);
    } finally {
      connection.close();
    }
  });

  it('are prepared again after a schema change, with the new columns', async () => {
    const [a] = await twoHandles();
    await a.$client.execute({ sql: 'INSERT INTO notes (body) VALUES (?)', args: ['x'] });
    expect((await a.$client.execute('SELECT * FROM notes')).columns).toEqual(['id', 'body']);
    await a.$client.execute("ALTER TABLE notes ADD COLUMN tag TEXT NOT NULL DEFAULT 'none'");
    forgetPreparedStatements();
    const after = await a.$client.execute('SELECT * FROM notes');
    expect(after.columns).toEqual(['id', 'body', 'tag']);
    expect(after.rows[0]!['tag']).toBe('none');
  });
});
