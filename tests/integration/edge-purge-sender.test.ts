/**
 * The shared cache purger against a real libSQL file and stand-ins of the purge APIs
 * (docs/decisions/050): it sends the `cache_purges` log to every target in batches, once at once
 * and once again after the settle delay; retries a target that answered 500 while the others go
 * on; turns purges pruned before a target got them into a purge of `all`; and two senders on one
 * database (two app nodes) send each purge once per pass.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cachePurges, edgePurgeCursors } from '../../db/schema.ts';
import { EdgePurgeSender } from '../../src/server/edge-purge/sender.ts';
import { getEdgePurgeStatus } from '../../src/server/edge-purge/status.ts';
import { fastlyTarget, varnishTarget, type EdgeTarget } from '../../src/server/edge-purge/targets.ts';
import { insertPurge } from '../../src/server/page-cache/purge-log.ts';
import { purgeKeysOf } from '../../src/server/page-cache/shared-tags.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { PurgeStandIn } from '../helpers/purge-stand-in.ts';

describe('shared cache purger', () => {
  let t: TestDatabase;
  const varnish = new PurgeStandIn();
  const fastly = new PurgeStandIn();
  let targets: EdgeTarget[];
  const senders: EdgePurgeSender[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    await Promise.all([varnish.start(), fastly.start()]);
    targets = [varnishTarget(varnish.origin), fastlyTarget(fastly.origin, 'service1', 'token1')];
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
    await t.db.delete(edgePurgeCursors);
    varnish.requests.length = 0;
    fastly.requests.length = 0;
    varnish.queue.length = 0;
  });
  afterAll(async () => {
    await Promise.all([varnish.stop(), fastly.stop()]);
    t.close();
  });

  const startSender = (settleMs = 60_000) => {
    const sender = new EdgePurgeSender({
      db: t.db,
      targets,
      pollMs: 50,
      settleMs,
      retryBaseMs: 20,
      log: (level, msg, fields) => void logs.push(`${level}: ${msg} ${JSON.stringify(fields)}`),
    });
    senders.push(sender);
    sender.start();
    return sender;
  };
  /** Waits until the sender has given both targets their cursors (after the rows already logged). */
  const cursorsReady = () => vi.waitFor(async () => expect(await t.db.select().from(edgePurgeCursors)).toHaveLength(4), { timeout: 5_000, interval: 20 });

  it('sends the purges logged after it started to every target, in one batch per target', async () => {
    await insertPurge(t.db, ['event:999']);
    startSender();
    await cursorsReady();
    await t.db.insert(cachePurges).values([{ tags: ['event:1', 'hub'] }, { tags: ['edition:2', 'hub'] }]);
    const expected = purgeKeysOf(['event:1', 'hub', 'edition:2']);
    await Promise.all([varnish.waitForKeys(expected), fastly.waitForKeys(expected)]);
    // Nothing from before it started, and the two rows went in one call to each target.
    expect(varnish.keys().has('event:999')).toBe(false);
    expect(varnish.requests).toHaveLength(1);
    expect(new Set(varnish.requests[0]!.keys)).toEqual(new Set(expected));
    expect(fastly.requests[0]!.headers['fastly-key']).toBe('token1');
  });

  it('sends every purge again once the other nodes have applied it', async () => {
    startSender(300);
    await cursorsReady();
    await insertPurge(t.db, ['event:5']);
    await vi.waitFor(() => expect(varnish.requests.filter((request) => request.keys.includes('event:5'))).toHaveLength(2), { timeout: 10_000, interval: 20 });
    const [first, again] = varnish.requests.filter((request) => request.keys.includes('event:5'));
    expect(first!.keys).toEqual(again!.keys);
  });

  it('retries a target that answered 500 while the other goes on, and shows the error until it recovers', async () => {
    startSender();
    await cursorsReady();
    let failing = true;
    varnish.answer = (_, response) => (failing ? response.writeHead(500).end('no backend') : response.writeHead(200).end());
    await insertPurge(t.db, ['event:7']);
    await fastly.waitForKeys(['event:7']);
    await vi.waitFor(() => expect(varnish.requests.length).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 20 });
    const [failed] = await getEdgePurgeStatus(t.db, targets);
    expect(failed).toMatchObject({ id: `varnish ${varnish.origin}`, pending: 1, lastError: 'HTTP 500: no backend' });
    expect(failed!.failures).toBeGreaterThanOrEqual(1);
    expect(logs.join('\n')).toContain('shared cache purge failed: will retry');

    failing = false;
    await vi.waitFor(async () => expect((await getEdgePurgeStatus(t.db, targets))[0]).toMatchObject({ pending: 0, failures: 0 }), {
      timeout: 10_000,
      interval: 20,
    });
    expect(varnish.requests.every((request) => request.keys.includes('event:7'))).toBe(true);
    varnish.answer = (_, response) => response.writeHead(200).end();
  });

  it('purges everything when purges were pruned before a target got them', async () => {
    startSender();
    await cursorsReady();
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
    await insertPurge(t.db, ['event:11']);
    await insertPurge(t.db, ['event:12']);
    await t.db.run(sql`DELETE FROM cache_purges WHERE id = (SELECT max(id) - 1 FROM cache_purges)`);
    startSender();
    await varnish.waitForKeys(['all']);
    expect(varnish.keys().has('event:12')).toBe(false);
  });

  it('sends each purge once per pass when two nodes share the database', async () => {
    startSender();
    startSender();
    await cursorsReady();
    const tags = Array.from({ length: 20 }, (_, index) => [`event:${100 + index}`]);
    for (const row of tags) await insertPurge(t.db, row);
    await varnish.waitForKeys(tags.flat());
    const sent = varnish.requests.flatMap((request) => request.keys.filter((key) => key.startsWith('event:')));
    expect(sent.sort()).toEqual(tags.flat().sort());
  });
});
