/**
 * `npm start` with several workers (HUB_WORKERS=2) through the built server: connections are
 * spread over both workers, a write through one purges the page on the other at once (polling
 * off: only the workers' own channel can do it), a sign-in limit counts across workers, a killed
 * worker is replaced, SIGTERM stops every process cleanly, and webhook messages (scheduled
 * publications included) reach their receiver once although both workers run a sender, and
 * working copies scheduled for one instant are each published once although both workers poll.
 * With other machines on the same database: one worker at a time applies their purges (handed on
 * when it dies), and the primary never opens the database.
 */
import { readFileSync } from 'node:fs';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEdition, createEvent, createTag, createUser } from '../helpers/factories.ts';
import { anHourAhead } from '../helpers/near-instant.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Receiver, type Received } from '../helpers/webhook-receiver.ts';

// Webhook senders poll often, so the two workers' senders compete for every message.
// So do the rounds that publish scheduled working copies.
const running = useAdminServer({
  HUB_WORKERS: '2',
  HUB_PURGE_POLL_MS: '0',
  HUB_WEBHOOK_POLL_MS: '50',
  HUB_SCHEDULE_POLL_MS: '50',
  HUB_DEMO: '0',
  HUB_WEBHOOK_ALLOW_PRIVATE: '1',
});

/** One request on a connection of its own: the cluster hands each new connection to the next worker. */
const fresh = (server: TestServer, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  rawRequest(server.origin, { method: init.method ?? 'GET', path, headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }) });

async function workerIds(server: TestServer, requests: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < requests; i++) ids.push((JSON.parse((await fresh(server, '/healthz')).body) as { worker: number }).worker);
  return ids;
}

const workerPids = (server: TestServer) =>
  new Map([...server.logs().matchAll(/worker (\d+) started \(pid (\d+)\)/g)].map((match) => [Number(match[1]), Number(match[2])]));

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('several workers', () => {
  it('spreads connections over every worker, and names the worker only on the health endpoint', async () => {
    const { server } = running.app;
    expect(new Set(await workerIds(server, 6)).size).toBe(2);
    const page = await fresh(server, '/en/hub');
    expect(page.body).not.toMatch(/"worker"/);
  });

  it('purges a page on every worker at once after a write through one of them', async () => {
    const { server, admin } = running.app;
    const event = await createEvent(admin, { status: 'published' });
    const path = `/en/hub/event/${event.slug}`;
    // Until each worker has rendered (and kept) the page once.
    const states: string[] = [];
    for (let i = 0; i < 20 && states.filter((state) => state === 'MISS').length < 2; i++) states.push(String((await fresh(server, path)).headers['x-cache']));
    expect(states.filter((state) => state === 'MISS')).toHaveLength(2);
    for (let i = 0; i < 4; i++) expect((await fresh(server, path)).headers['x-cache']).toBe('HIT');

    const title = 'Seen By Every Worker';
    const saved = await admin.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, translations: { en: { title } } });
    expect(saved.status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fresh(server, path)).body).toContain(title);
  });

  it('counts sign-in failures across workers', async () => {
    const { server } = running.app;
    const attempt = () =>
      fresh(server, '/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin },
        body: JSON.stringify({ email: 'nobody@workers.example', password: 'not-the-password' }),
      });
    // An account tolerates 5 failures per window, wherever they land.
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('replaces a worker that dies, and logs it', async () => {
    const { server } = running.app;
    const before = workerPids(server);
    const [victimId, victimPid] = [...before][0]!;
    process.kill(victimPid, 'SIGKILL');
    const exitLine = new RegExp(`"msg":"worker exited: starting a replacement","worker":${victimId},"pid":${victimPid}`);
    await vi.waitFor(() => expect(server.logs()).toMatch(exitLine), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(workerPids(server).size).toBe(before.size + 1), { timeout: 10_000, interval: 50 });
    // The replacement takes connections once it listens.
    await vi.waitFor(
      async () => {
        const ids = new Set(await workerIds(server, 4));
        expect(ids.has(victimId)).toBe(false);
        expect(ids.size).toBe(2);
      },
      { timeout: 30_000, interval: 100 },
    );
  });
});

describe('webhooks with two workers', () => {
  const receiver = new Receiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  const ofItem = (type: string, id: number) => (entry: Received) => entry.body.type === type && entry.body.data['id'] === id;

  it('delivers each message once, and announces a scheduled publication once', async () => {
    const { server, admin } = running.app;
    const { status, body } = await admin.call('POST', '/api/admin/webhooks', {
      url: `${receiver.origin}/workers`,
      events: ['tag.published', 'event.published', 'edition.published'],
    });
    expect(status).toBe(201);
    receiver.secrets.set('/workers', body.secret);
    // A slow receiver: a claim holds its rows while the other worker's sender polls.
    receiver.behaviours.set('/workers', (_request, response) => void setTimeout(() => response.writeHead(204).end(), 100));

    const tags = await Promise.all(Array.from({ length: 12 }, () => createTag(admin)));
    // Scheduled an hour ahead, then brought a moment ahead without a save, as time passing would:
    // only the senders' rounds can announce it (a save made at or after the instant, which a slow
    // request could be, would announce it itself).
    const scheduled = await createEvent(admin, { status: 'published', publishAt: anHourAhead().toISOString() });
    const publishSoon = (table: 'events' | 'editions', id: number) => server.query(`UPDATE ${table} SET publish_at = ? WHERE id = ?`, [Date.now() + 500, id]);
    await publishSoon('events', scheduled.id);
    for (const tag of tags) await receiver.waitFor('/workers', ofItem('tag.published', tag.id));
    await receiver.waitFor('/workers', ofItem('event.published', scheduled.id));
    // A later scheduled edition: both senders kept looking well past the event's instant.
    const marker = await createEdition(admin, { status: 'published', publishAt: anHourAhead().toISOString() });
    await publishSoon('editions', marker.id);
    await receiver.waitFor('/workers', ofItem('edition.published', marker.id));

    const received = receiver.at('/workers');
    expect(new Set(received.map((entry) => entry.id)).size).toBe(received.length);
    for (const tag of tags) expect(received.filter(ofItem('tag.published', tag.id))).toHaveLength(1);
    expect(received.filter(ofItem('event.published', scheduled.id))).toHaveLength(1);
    // Each row is marked delivered once the (slow) receiver has answered, after one attempt.
    await vi.waitFor(
      async () => {
        const rows = await server.query<{ status: string; attempts: number }>('SELECT status, attempts FROM webhook_deliveries WHERE endpoint_id = ?', [
          body.id,
        ]);
        expect(rows).toHaveLength(received.length);
        expect(rows.map((row) => `${row.status} ${row.attempts}`)).toEqual(rows.map(() => 'delivered 1'));
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(receiver.rejected).toEqual([]);
  });
});

describe('scheduled working copies with several workers', () => {
  it('publishes each copy scheduled for one instant exactly once, and the hub page shows it', async () => {
    const { server, editor } = running.app;
    const events = await Promise.all(Array.from({ length: 6 }, () => createEvent(editor, { status: 'published' })));
    const titles = new Map(events.map((event) => [event.id, `Scheduled once ${event.slug}`]));
    for (const event of events) {
      const saved = await editor.call('PUT', `/api/admin/events/${event.id}/draft`, {
        version: event.version,
        translations: { en: { title: titles.get(event.id) } },
      });
      expect(saved.status).toBe(200);
    }
    const last = events.at(-1)!;
    const path = `/en/hub/event/${last.slug}`;
    // Each scheduled an hour ahead through the API (however slow the requests, none comes too late)...
    const later = anHourAhead().toISOString();
    for (const event of events)
      expect((await editor.call('PUT', `/api/admin/events/${event.id}/draft/schedule`, { version: event.version, scheduledAt: later })).status).toBe(200);
    expect((await fresh(server, path)).body).not.toContain(titles.get(last.id));
    // ...then all moved to one instant a moment ahead in one write, as time passing would bring
    // them near: both workers' rounds (polling every 50 ms) find them due at once.
    const ids = events.map((event) => event.id);
    await server.query(`UPDATE working_copies SET scheduled_at = ? WHERE entity = 'event' AND entity_id IN (${ids.map(() => '?').join(', ')})`, [
      Date.now() + 500,
      ...ids,
    ]);

    // Whichever worker applied it, every worker serves the new page (the purge reached both).
    await vi.waitFor(
      async () => {
        for (let i = 0; i < 2; i++) expect((await fresh(server, path)).body).toContain(titles.get(last.id));
      },
      { timeout: 20_000, interval: 100 },
    );
    await vi.waitFor(async () => expect(await server.query('SELECT entity_id FROM working_copies WHERE scheduled_at IS NOT NULL')).toEqual([]), {
      timeout: 10_000,
      interval: 100,
    });
    for (const event of events) {
      const ids = [String(event.id)];
      const audit = await server.query<{ action: string }>(
        "SELECT action FROM audit_log WHERE entity = 'event' AND entity_id = ? AND action IN ('update', 'schedule-failed')",
        ids,
      );
      expect(audit, `event ${event.id}`).toEqual([{ action: 'update' }]);
      const revisions = await server.query<{ action: string }>("SELECT action FROM revisions WHERE entity = 'event' AND entity_id = ? AND action = 'update'", [
        event.id,
      ]);
      expect(revisions).toHaveLength(1);
      expect((await editor.call('GET', `/api/admin/events/${event.id}`)).body).toMatchObject({ version: event.version + 1, draft: null });
    }
  });
});

describe('several workers sharing a database with other machines', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ HUB_WORKERS: '2', HUB_PURGE_POLL_MS: '50', HUB_DEMO: '0' });
  });
  afterAll(() => server?.stop());

  /** What another machine's write leaves behind: the change and its purge row, nothing else. */
  async function changeElsewhere(eventId: number, title: string) {
    const client = createClient({ url: server.databaseUrl, intMode: 'number' });
    await client.batch([
      { sql: "UPDATE event_translations SET title = ? WHERE event_id = ? AND locale = 'en'", args: [title, eventId] },
      { sql: 'INSERT INTO cache_purges (tags) VALUES (?)', args: [JSON.stringify([`event:${eventId}`])] },
    ]);
    client.close();
  }

  /** Until each worker has rendered (and kept) `path` once. */
  async function cachedOnEveryWorker(path: string) {
    const states: string[] = [];
    for (let i = 0; i < 20 && states.filter((state) => state === 'MISS').length < 2; i++) states.push(String((await fresh(server, path)).headers['x-cache']));
    expect(states.filter((state) => state === 'MISS')).toHaveLength(2);
  }

  const seenEverywhere = (path: string, title: string) =>
    vi.waitFor(
      async () => {
        for (let i = 0; i < 4; i++) expect((await fresh(server, path)).body).toContain(title);
      },
      { timeout: 10_000, interval: 50 },
    );

  const dutyHolders = () => [...server.logs().matchAll(/worker (\d+) holds the machine's duties/g)].map((match) => Number(match[1]));

  it('apply a purge another machine logged (cache_purges), every worker of them', async () => {
    const event = await createEvent(await createUser(server, 'admin'), { status: 'published' });
    const path = `/en/hub/event/${event.slug}`;
    await cachedOnEveryWorker(path);
    await changeElsewhere(event.id, 'Changed On Another Machine');
    await seenEverywhere(path, 'Changed On Another Machine');
  });

  it('keep the database out of the primary: the driver is mapped in each worker, not in the primary', async () => {
    const maps = (pid: number) => readFileSync(`/proc/${pid}/maps`, 'utf8');
    expect(maps(server.process.pid!)).not.toContain('libsql');
    for (const pid of workerPids(server).values()) expect(maps(pid)).toContain('libsql');
  });

  it("hand the duties to another worker when their worker dies, and go on applying other machines' purges", async () => {
    expect(dutyHolders()).toHaveLength(1);
    const holder = dutyHolders()[0]!;
    const event = await createEvent(await createUser(server, 'admin'), { status: 'published' });
    const path = `/en/hub/event/${event.slug}`;
    process.kill(workerPids(server).get(holder)!, 'SIGKILL');
    await vi.waitFor(() => expect(dutyHolders()).toHaveLength(2), { timeout: 10_000, interval: 50 });
    expect(dutyHolders()[1]).not.toBe(holder);
    // Once the replacement listens, both workers keep the page, and both drop it on the next purge.
    await vi.waitFor(async () => expect(new Set(await workerIds(server, 4)).size).toBe(2), { timeout: 30_000, interval: 100 });
    await cachedOnEveryWorker(path);
    await changeElsewhere(event.id, 'Changed After The Handover');
    await seenEverywhere(path, 'Changed After The Handover');
  }, 60_000);

  it('purge every page when the duties change hands after their holder died: what other machines logged meanwhile is not lost', async () => {
    const holder = dutyHolders().at(-1)!;
    const event = await createEvent(await createUser(server, 'admin'), { status: 'published' });
    const path = `/en/hub/event/${event.slug}`;
    await cachedOnEveryWorker(path);
    // The holder is frozen, so it cannot poll: the change is logged while nobody reads the log,
    // and the next holder's poller starts after it.
    const holderPid = workerPids(server).get(holder)!;
    process.kill(holderPid, 'SIGSTOP');
    await changeElsewhere(event.id, 'Changed While Nobody Polled');
    process.kill(holderPid, 'SIGKILL');
    await vi.waitFor(() => expect(dutyHolders().at(-1)).not.toBe(holder), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => expect(new Set(await workerIds(server, 4)).size).toBe(2), { timeout: 30_000, interval: 100 });
    await seenEverywhere(path, 'Changed While Nobody Polled');
  }, 60_000);

  it('stop cleanly on SIGTERM', async () => {
    const pids = [...workerPids(server).values()].filter(isAlive);
    expect(pids).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    server.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(pids.filter(isAlive)).toEqual([]);
    expect(server.logs()).toContain('Stopped.');
  });
});
