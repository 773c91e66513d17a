/**
 * The Hrana stand-in itself (tests/helpers/hrana-server.ts), through `@libsql/client` as the app
 * talks to it: a writer that has to wait for another's transaction gets through once it ends, and
 * leaves no lock behind for the writers after it (a statement stopped on SQLITE_BUSY used to keep
 * its lock after the retry succeeded, and every later transaction timed out).
 */
import { createClient, type Client } from '@libsql/client';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/db.ts';
import { startHranaServer, type HranaServer } from '../helpers/hrana-server.ts';

const TOKEN = 'stand-in-token';
let remote: HranaServer;
let client: Client;

beforeAll(async () => {
  remote = await startHranaServer(join(makeTempDir('hub-hrana-'), 'remote.db'), TOKEN);
  client = createClient({ url: remote.url, authToken: TOKEN });
  await client.execute('CREATE TABLE cursor (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
});

afterAll(async () => {
  client?.close();
  await remote?.close();
});

it('lets a writer through after a transaction it waited for, and the next transactions after it', async () => {
  const holder = await client.transaction('write');
  await holder.execute('INSERT INTO cursor (id, n) VALUES (1, 1)');
  // An autocommit upsert from another stream meets the held lock and waits for it.
  const served = remote.requests();
  const waiting = client.execute('INSERT INTO cursor (id, n) VALUES (1, 10) ON CONFLICT (id) DO UPDATE SET n = n + 10');
  await expect.poll(() => remote.requests()).toBe(served + 1);
  await holder.commit();
  await waiting;

  for (let round = 0; round < 3; round++) {
    const next = await client.transaction('write');
    await next.execute('UPDATE cursor SET n = n + 1 WHERE id = 1');
    await next.commit();
  }
  expect((await client.execute('SELECT n FROM cursor WHERE id = 1')).rows).toEqual([expect.objectContaining({ n: 14 })]);
});
