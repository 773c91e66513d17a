/**
 * Cache purges reach every app node (docs/decisions/010): two production servers share one
 * database file; a write through node A becomes visible on node B within a few poll intervals
 * although B had the page cached; a refused write leaves no purge behind. Then the poller itself
 * against a real libSQL file: start position, own rows, pruning, and the purge-everything
 * fallbacks when rows were pruned unread or the database cannot be read.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, writeTransaction, type Database } from '../../db/client.ts';
import { cachePurges } from '../../db/schema.ts';
import { parseEnv } from '../../src/server/config/env.ts';
import { recordHubPurge } from '../../src/server/page-cache/invalidate.ts';
import { OwnPurges } from '../../src/server/page-cache/own-purges.ts';
import { getLatestPurgeId, insertPurge, prunePurges } from '../../src/server/page-cache/purge-log.ts';
import { hasMissingPurges, PurgePoller, type PurgePollerOptions } from '../../src/server/page-cache/purge-poller.ts';
import { adminClient, startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { createEvent } from '../helpers/factories.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { startHranaServer } from '../helpers/hrana-server.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const POLL_MS = 100;
/** How long node B may take to show a write made on node A before the test fails. */
const PROPAGATION_LIMIT_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two app nodes on one database', () => {
  let nodeA: AdminServer;
  let nodeB: TestServer;
  let db: Client;
  let event: { id: number; slug: string };
  /** An event renamed only to see that a node's poller has read every purge written before. */
  let marker: { id: number; slug: string };

  beforeAll(async () => {
    nodeA = await startAdminServer({ HUB_PURGE_POLL_MS: String(POLL_MS), HUB_DEMO: '0' });
    // Made before node B starts: B's poller begins after the creates' purge rows, so no late purge
    // of those rows can empty B's cache during a test.
    event = await createEvent(nodeA.admin, { status: 'published' });
    marker = await createEvent(nodeA.admin, { status: 'published' });
    nodeB = await startTestServer({ HUB_PURGE_POLL_MS: String(POLL_MS), HUB_DEMO: '0' }, { sharingWith: nodeA.server });
    db = createClient({ url: nodeA.server.databaseUrl, intMode: 'number' });
  });
  afterAll(async () => {
    db?.close();
    await Promise.all([nodeA?.server.stop(), nodeB?.stop()]);
  });

  const page = () => `/en/hub/event/${event.slug}`;
  const get = async (origin: string, path = page()) => {
    const response = await fetch(`${origin}${path}`);
    expect(response.status).toBe(200);
    return { cache: response.headers.get('x-cache'), body: await response.text() };
  };
  /**
   * Resolves once `reader`'s poller has applied every purge written so far. Purge rows are read in
   * order, so it renames the marker event through the other node while `reader` holds the marker's
   * page in its cache, and waits for `reader` to show the new name: everything written before that
   * rename has been read too. What the test expects then to be absent is absent for good.
   */
  let markers = 0;
  const caughtUp = async (reader: 'A' | 'B') => {
    const [readerOrigin, writerOrigin] = reader === 'A' ? [nodeA.server.origin, nodeB.origin] : [nodeB.origin, nodeA.server.origin];
    const markerPage = `/en/hub/event/${marker.slug}`;
    await get(readerOrigin, markerPage);
    expect((await get(readerOrigin, markerPage)).cache).toBe('HIT');
    const writer = adminClient(writerOrigin, nodeA.admin.cookie);
    const current = (await writer.call('GET', `/api/admin/events/${marker.id}`)).body.version;
    const title = `Marker ${++markers}`;
    expect((await writer.call('PATCH', `/api/admin/events/${marker.id}`, { version: current, translations: { en: { title } } })).status).toBe(200);
    const started = Date.now();
    while (!(await get(readerOrigin, markerPage)).body.includes(`<h1 id="event-title">${title}</h1>`)) {
      if (Date.now() - started > PROPAGATION_LIMIT_MS) throw new Error(`node ${reader} did not read the purges within ${PROPAGATION_LIMIT_MS} ms`);
      await sleep(20);
    }
  };
  const countPurges = async () => Number((await db.execute('SELECT count(*) AS n FROM cache_purges')).rows[0]!['n']);
  const rename = async (title: string, version?: number) => {
    const current = version ?? (await nodeA.admin.call('GET', `/api/admin/events/${event.id}`)).body.version;
    return nodeA.admin.call('PATCH', `/api/admin/events/${event.id}`, { version: current, translations: { en: { title } } });
  };
  /** Node B's page once it shows `title`, and how long that took; fails after the limit. */
  const waitOnB = async (title: string) => {
    const started = Date.now();
    while (Date.now() - started < PROPAGATION_LIMIT_MS) {
      const seen = await get(nodeB.origin);
      if (seen.body.includes(`<h1 id="event-title">${title}</h1>`)) return { ...seen, ms: Date.now() - started };
      await sleep(20);
    }
    throw new Error(`node B did not show "${title}" within ${PROPAGATION_LIMIT_MS} ms`);
  };

  it('shows on node B a write made through node A, although B had the page cached', async () => {
    await get(nodeB.origin);
    const cached = await get(nodeB.origin);
    expect(cached.cache).toBe('HIT');

    const title = 'Purged Across Nodes';
    const written = await rename(title);
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const [row] = (await db.execute('SELECT tags FROM cache_purges ORDER BY id DESC LIMIT 1')).rows;
    expect(JSON.parse(String(row!['tags']))).toEqual(expect.arrayContaining([`event:${event.id}`, 'hub', 'search']));

    const seen = await waitOnB(title);
    // Purged, not expired: the route max-age is 600 s.
    expect(seen.cache).toBe('MISS');
    expect(seen.ms).toBeLessThan(PROPAGATION_LIMIT_MS);
    const again = await get(nodeB.origin);
    expect(again.cache).toBe('HIT');
    expect(again.body).toContain(title);
  });

  it('does not purge node A again when its poller reads its own purge', async () => {
    const title = 'Purged Once On Its Own Node';
    expect((await rename(title)).status).toBe(200);
    const fresh = await get(nodeA.server.origin);
    expect(fresh.cache).toBe('MISS');
    expect(fresh.body).toContain(title);
    expect((await get(nodeA.server.origin)).cache).toBe('HIT');
    await waitOnB(title);
    // Node A has read its own purge row, and kept its fresh copy.
    await caughtUp('A');
    expect((await get(nodeA.server.origin)).cache).toBe('HIT');
  });

  it('writes no purge for a refused write (version conflict), and node B keeps its copy', async () => {
    await get(nodeB.origin);
    expect((await get(nodeB.origin)).cache).toBe('HIT');
    const before = await countPurges();
    const refused = await rename('Never Saved', 1);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('VERSION_CONFLICT');
    expect(await countPurges()).toBe(before);
    await caughtUp('B');
    const still = await get(nodeB.origin);
    expect(still.cache).toBe('HIT');
    expect(still.body).not.toContain('Never Saved');
  });

  it('drops both of its caches when purges were pruned before it read them', async () => {
    await get(nodeB.origin);
    expect((await get(nodeB.origin)).cache).toBe('HIT');
    // A change no purge describes (as a script writing to the database would make) ...
    const title = 'Changed Behind The Caches';
    await db.execute({ sql: "UPDATE event_translations SET title = ? WHERE event_id = ? AND locale = 'en'", args: [title, event.id] });
    await caughtUp('B');
    expect((await get(nodeB.origin)).body).not.toContain(title);
    // ... then a purge row B never saw: only purging everything can show the change.
    await db.batch(
      [
        `INSERT INTO cache_purges (tags) VALUES ('["unrelated:1"]')`,
        `INSERT INTO cache_purges (tags) VALUES ('["unrelated:2"]')`,
        'DELETE FROM cache_purges WHERE id = (SELECT max(id) - 1 FROM cache_purges)',
      ],
      'write',
    );
    const seen = await waitOnB(title);
    expect(seen.cache).toBe('MISS');
    expect(nodeB.logs()).toContain('cache purges were pruned before this node read them');
  });

  it('stops by itself on SIGTERM with its poller running', async () => {
    await nodeB.stop();
    expect(nodeB.process.exitCode).toBe(0);
    expect(nodeB.logs()).toContain('Stopped.');
  });
});

describe('recordHubPurge', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    // Purge rows are written because polling is on (HUB_PURGE_POLL_MS defaults to 1000).
    t = await createTestDatabase();
  });
  afterAll(() => t.close());

  it('commits the purge row with the write, and a rolled-back write leaves none', async () => {
    await expect(
      writeTransaction(t.db, async (tx) => {
        await recordHubPurge(tx, ['event:1', 'hub']);
        throw new Error('validation failed');
      }),
    ).rejects.toThrow('validation failed');
    expect(await t.db.select().from(cachePurges)).toEqual([]);

    const id = await writeTransaction(t.db, (tx) => recordHubPurge(tx, ['event:2', 'hub']));
    const rows = await t.db.select({ id: cachePurges.id, tags: cachePurges.tags }).from(cachePurges);
    expect(rows).toEqual([{ id, tags: ['event:2', 'hub'] }]);
    expect(await writeTransaction(t.db, (tx) => recordHubPurge(tx, []))).toBeUndefined();
  });
});

describe('purge poller', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.close());

  /** A poller on the test database recording what it purged; the timer never fires in a test. */
  function poller(overrides: Partial<PurgePollerOptions> = {}) {
    const purged: string[][] = [];
    const logs: string[] = [];
    let everything = 0;
    const own = new OwnPurges();
    const instance = new PurgePoller({
      db: t.db,
      intervalMs: 60_000,
      own,
      applyTags: async (tags) => void purged.push([...tags].sort()),
      applyEverything: async () => void everything++,
      log: (level, msg) => void logs.push(`${level}: ${msg}`),
      ...overrides,
    });
    return { instance, own, purged, logs, everything: () => everything };
  }
  const add = (tags: string[], createdAt?: number) =>
    createdAt === undefined
      ? insertPurge(t.db, tags)
      : t.db
          .insert(cachePurges)
          .values({ tags, createdAt: new Date(createdAt) })
          .returning()
          .then(([row]) => row!.id);

  it('notices ids that do not follow the last one', () => {
    expect(
      hasMissingPurges(4, [
        { id: 5, tags: [] },
        { id: 6, tags: [] },
      ]),
    ).toBe(false);
    expect(hasMissingPurges(4, [{ id: 6, tags: [] }])).toBe(true);
    expect(
      hasMissingPurges(4, [
        { id: 5, tags: [] },
        { id: 7, tags: [] },
      ]),
    ).toBe(true);
    expect(hasMissingPurges(4, [])).toBe(false);
  });

  it('starts after the newest row, applies the rows of other nodes in one purge and skips its own', async () => {
    await add(['event:1']);
    const node = poller();
    await node.instance.start();
    expect(await node.instance.pollOnce()).toBe('idle');
    expect(node.purged).toEqual([]);

    await add(['event:2', 'hub']);
    node.own.mark(await add(['event:3']));
    await add(['edition:4', 'hub']);
    expect(await node.instance.pollOnce()).toBe('applied');
    expect(node.purged).toEqual([['edition:4', 'event:2', 'hub']]);
    expect(node.own.size).toBe(0);
    expect(node.everything()).toBe(0);
    await node.instance.stop();
  });

  it('reads again at once when a full batch came back', async () => {
    const node = poller({ batch: 2 });
    await node.instance.start();
    for (const id of [1, 2, 3]) await add([`tag:${id}`]);
    expect(await node.instance.pollOnce()).toBe('more');
    expect(await node.instance.pollOnce()).toBe('applied');
    expect(node.purged).toEqual([['tag:1', 'tag:2'], ['tag:3']]);
    await node.instance.stop();
  });

  it('purges everything when rows were pruned before it read them, and logs it', async () => {
    const node = poller();
    await node.instance.start();
    await add(['event:10']);
    const last = await add(['event:11']);
    await t.db.run(sql`DELETE FROM cache_purges WHERE id = ${last - 1}`);
    expect(await node.instance.pollOnce()).toBe('missed');
    expect(node.everything()).toBe(1);
    expect(node.purged).toEqual([]);
    expect(node.logs).toEqual([expect.stringMatching(/^warn: cache purges were pruned/)]);
    expect(node.instance.lastId).toBe(last);
    await node.instance.stop();
  });

  it('purges everything for a row it cannot read', async () => {
    const node = poller();
    await node.instance.start();
    await t.db.run(sql`INSERT INTO cache_purges (tags) VALUES ('not json')`);
    expect(await node.instance.pollOnce()).toBe('applied');
    expect(node.everything()).toBe(1);
    await node.instance.stop();
  });

  it('purges everything on every failed poll and logs the failure once', async () => {
    const broken = await createTestDatabase();
    const node = poller({ db: broken.db });
    await node.instance.start();
    broken.close();
    expect(await node.instance.pollOnce()).toBe('failed');
    expect(await node.instance.pollOnce()).toBe('failed');
    expect(node.everything()).toBe(2);
    expect(node.logs).toEqual([expect.stringMatching(/^warn: cache purge polling failed/)]);
    await node.instance.stop();
  });

  it('recovers after a failure, logging it, without losing the rows written meanwhile', async () => {
    const { db, state } = flaky(t.db);
    const node = poller({ db });
    await node.instance.start();
    state.failing = true;
    await add(['curator:7']);
    expect(await node.instance.pollOnce()).toBe('failed');
    state.failing = false;
    expect(await node.instance.pollOnce()).toBe('applied');
    expect(node.everything()).toBe(1);
    expect(node.purged).toEqual([['curator:7']]);
    expect(node.logs).toEqual([expect.stringMatching(/^warn: cache purge polling failed/), 'info: cache purge polling recovered']);
    await node.instance.stop();
  });

  it('purges everything on its first good poll when it could not read where to start', async () => {
    const { db, state } = flaky(t.db);
    const node = poller({ db });
    state.failing = true;
    await node.instance.start();
    expect(node.instance.lastId).toBeUndefined();
    state.failing = false;
    await add(['organizer:8']);
    expect(await node.instance.pollOnce()).toBe('missed');
    expect(node.everything()).toBe(1);
    expect(node.instance.lastId).toBe(await getLatestPurgeId(t.db));
    expect(node.logs).toEqual([expect.stringMatching(/^warn: cache purge polling failed/), 'info: cache purge polling recovered']);
    await node.instance.stop();
  });

  it('prunes rows older than the retention at most once per period', async () => {
    const longAgo = Date.now() - 2 * 3_600_000;
    await t.db.delete(cachePurges);
    await add(['old:1'], longAgo);
    await add(['old:2'], longAgo);
    const recent = await add(['recent:1']);
    let now = 1_000_000;
    const node = poller({ now: () => now, pruneEveryMs: 60_000 });
    await node.instance.start();
    await node.instance.pollOnce();
    expect(await purgeIds()).toEqual([recent]);

    const stale = await add(['old:3'], longAgo);
    const newest = await add(['recent:2']);
    now += 30_000;
    await node.instance.pollOnce();
    expect(await purgeIds()).toEqual([recent, stale, newest]);
    now += 30_000;
    await node.instance.pollOnce();
    expect(await purgeIds()).toEqual([recent, newest]);
    await node.instance.stop();
  });

  it('always keeps the newest row, so a starting node knows the last id handed out', async () => {
    const longAgo = Date.now() - 2 * 3_600_000;
    await t.db.delete(cachePurges);
    await add(['old:4'], longAgo);
    const last = await add(['old:5'], longAgo);
    expect(await prunePurges(t.db)).toBe(1);
    expect(await purgeIds()).toEqual([last]);
    expect(await getLatestPurgeId(t.db)).toBe(last);
  });

  const purgeIds = async () => (await t.db.select({ id: cachePurges.id }).from(cachePurges).orderBy(cachePurges.id)).map((row) => row.id);
});

/** The same database, whose reads fail while `state.failing` is set (an unreachable server). */
function flaky(db: Database): { db: Database; state: { failing: boolean } } {
  const state = { failing: false };
  const wrapped = Object.create(db) as Database;
  for (const key of ['select', 'get'] as const) {
    Object.defineProperty(wrapped, key, {
      value: (...args: unknown[]) => {
        if (state.failing) throw new Error('database unreachable');
        return (db[key] as (...args: unknown[]) => unknown).apply(db, args);
      },
    });
  }
  return { db: wrapped, state };
}

describe('purge poller against a libSQL server', () => {
  it('reads, applies and prunes the log over the remote protocol', async () => {
    const file = await createTestDatabase();
    file.close();
    const remote = await startHranaServer(file.url.replace(/^file:/, ''), 'purge-token');
    const db = await openDatabase({ url: remote.url, authToken: 'purge-token' });
    try {
      const purged: string[][] = [];
      const node = new PurgePoller({
        db,
        intervalMs: 60_000,
        own: new OwnPurges(),
        applyTags: async (tags) => void purged.push([...tags]),
        applyEverything: async () => undefined,
        log: () => undefined,
      });
      await node.start();
      await db.insert(cachePurges).values({ tags: ['old:1'], createdAt: new Date(Date.now() - 2 * 3_600_000) });
      const id = await writeTransaction(db, (tx) => insertPurge(tx, ['event:9', 'hub']));
      expect(await node.pollOnce()).toBe('applied');
      expect(purged).toEqual([['old:1', 'event:9', 'hub']]);
      expect((await db.select({ id: cachePurges.id }).from(cachePurges)).map((row) => row.id)).toEqual([id]);
      await node.stop();
    } finally {
      db.$client.close();
      await remote.close();
    }
  });
});

describe('HUB_PURGE_POLL_MS', () => {
  it('defaults to one second, accepts 0 (single node) and refuses a busy loop', () => {
    expect(parseEnv({}).HUB_PURGE_POLL_MS).toBe(1000);
    expect(parseEnv({ HUB_PURGE_POLL_MS: '0' }).HUB_PURGE_POLL_MS).toBe(0);
    expect(parseEnv({ HUB_PURGE_POLL_MS: '250' }).HUB_PURGE_POLL_MS).toBe(250);
    for (const bad of ['5', '-1', '1.5', 'soon', '600000']) expect(() => parseEnv({ HUB_PURGE_POLL_MS: bad }), bad).toThrow(/HUB_PURGE_POLL_MS/);
  });
});

describe('purge poller timer', () => {
  it('never keeps the process alive', async () => {
    const t = await createTestDatabase();
    t.close();
    const root = (path: string) => JSON.stringify(fileURLToPath(new URL(`../../${path}`, import.meta.url)));
    const script = `
      import { openDatabase } from ${root('db/client.ts')};
      import { OwnPurges } from ${root('src/server/page-cache/own-purges.ts')};
      import { PurgePoller } from ${root('src/server/page-cache/purge-poller.ts')};
      const db = await openDatabase({ url: ${JSON.stringify(t.url)} });
      const poller = new PurgePoller({ db, intervalMs: 20, own: new OwnPurges(), applyTags: async () => {}, applyEverything: async () => {}, log: () => {} });
      await poller.start();
      setTimeout(() => console.log('polled up to', poller.lastId), 300);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Killed if it has not exited by itself; generous, as Node starts slowly on a loaded machine.
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    expect(output).toContain('polled up to 0');
    expect(code, output).toBe(0);
  });
});
