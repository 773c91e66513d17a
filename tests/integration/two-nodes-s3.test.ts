/**
 * Two production servers as two machines: one database, one S3 bucket (s3rver), each its own
 * UPLOADS_DIR. An image uploaded through node A is served by node B; an edit through A shows on
 * B within one purge interval although B had the page cached; and killing A (SIGKILL) in the
 * middle of an upload leaves no media or file row whose blob is missing from the bucket.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveLocalUploads } from '../../src/server/storage/copy-uploads.ts';
import { parseOriginalKey, variantKey } from '../../src/server/storage/keys.ts';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { image } from '../helpers/admin-files.ts';
import { createEvent, type Created } from '../helpers/factories.ts';
import { makeTempDir } from '../helpers/db.ts';
import { startTestS3, type TestS3 } from '../helpers/s3-server.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { copySeededTemplate } from '../helpers/template.ts';

const POLL_MS = 500;
/**
 * One purge interval, plus what a poll and a re-render take on a busy 2-core machine: node B
 * has to show the edit by then (an expired cache entry would take the route max-age, 600 s).
 */
const WITHIN_ONE_INTERVAL_MS = POLL_MS + 1_000;
const MiB = 1024 * 1024;

let s3: TestS3;
let nodeA: AdminServer;
let nodeB: TestServer;
let db: Client;
/** A published event of its own, for the purge test. */
let event: Created;
const uploadsA = join(makeTempDir('hub-node-a-'), 'uploads');
const uploadsB = join(makeTempDir('hub-node-b-'), 'uploads');

const nodeEnv = (uploadsDir: string) => ({
  ...s3.env,
  UPLOADS_DIR: uploadsDir,
  HUB_PURGE_POLL_MS: String(POLL_MS),
  HUB_DEMO: '0',
  // One process per node, so that SIGKILL ends the node that is receiving the upload.
  HUB_WORKERS: '1',
});

const filesUnder = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
    : [];

/** Every media and file row whose blob the bucket does not hold. */
async function rowsWithoutBlob(): Promise<string[]> {
  const rows = await db.execute(`SELECT 'media ' || id AS row, storage_key AS key FROM medias WHERE storage_key IS NOT NULL
    UNION ALL SELECT 'file ' || id, storage_key FROM files`);
  const missing: string[] = [];
  for (const row of rows.rows) if (!(await s3.storage.stat(String(row['key'])))) missing.push(`${String(row['row'])} → ${String(row['key'])}`);
  return missing;
}

beforeAll(async () => {
  s3 = await startTestS3('hub-two-nodes');
  // The run's demo database, its images moved into the bucket: what a site looks like once it
  // went from one machine to several.
  const shared = makeTempDir('hub-two-nodes-');
  copySeededTemplate(shared);
  await moveLocalUploads(join(shared, 'uploads'), s3.storage);
  const databaseUrl = `file:${join(shared, 'hub.db')}`;
  nodeA = await startAdminServer({ ...nodeEnv(uploadsA), DATABASE_URL: databaseUrl });
  // The event the purge test edits, made before node B starts: B's poller begins after its
  // create's purge row, so no late purge of that row can empty B's cache during the test.
  event = await createEvent(nodeA.admin, { status: 'published' });
  nodeB = await startTestServer(nodeEnv(uploadsB), { sharingWith: nodeA.server });
  db = createClient({ url: databaseUrl, intMode: 'number' });
});
afterAll(async () => {
  db?.close();
  // Node A was killed by the last test (a killed process has a signal, not an exit code).
  const aliveA = nodeA && nodeA.server.process.exitCode === null && nodeA.server.process.signalCode === null;
  await Promise.all([aliveA ? nodeA.server.stop() : undefined, nodeB?.stop()]);
  await s3?.stop();
});

describe('two app nodes on one database and one bucket', () => {
  it('starts with every demo media and file in the bucket', async () => {
    expect(await rowsWithoutBlob()).toEqual([]);
  });

  it('serves on node B an image uploaded through node A, with its variants', async () => {
    const bytes = await image('png', 700, 400);
    const form = await nodeA.editor.upload('medias', new Blob([new Uint8Array(bytes)]), 'shared.png');
    const body = (await form.json()) as { storageKey: string };
    expect(form.status, JSON.stringify(body)).toBe(201);

    const fromA = await fetch(`${nodeA.server.origin}/media/${body.storageKey}`);
    const fromB = await fetch(`${nodeB.origin}/media/${body.storageKey}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    const variant = await fetch(`${nodeB.origin}/media/${body.storageKey}?w=640&fm=webp`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    expect(await s3.storage.stat(variantKey(parseOriginalKey(body.storageKey)!, 640, 'webp'))).not.toBeNull();
    // Neither node keeps a copy of its own: the bucket is the one store.
    expect([...filesUnder(uploadsA), ...filesUnder(uploadsB)]).toEqual([]);
  });

  it('shows on node B an edit made through node A within one purge interval, although B had the page cached', async () => {
    const page = `${nodeB.origin}/en/hub/event/${event.slug}`;
    await fetch(page).then((response) => response.text());
    const cached = await fetch(page);
    await cached.text();
    expect(cached.headers.get('x-cache')).toBe('HIT');

    const title = 'Seen On Every Machine';
    const written = await nodeA.admin.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, translations: { en: { title } } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const answered = Date.now();

    // Waits for the state (node B showing the title), re-asking as fast as B answers.
    let shownAfter: number | undefined;
    while (Date.now() - answered < 10 * WITHIN_ONE_INTERVAL_MS) {
      if ((await fetch(page).then((response) => response.text())).includes(`<h1 id="event-title">${title}</h1>`)) {
        shownAfter = Date.now() - answered;
        break;
      }
    }
    expect(shownAfter, 'node B never showed the edit').toBeDefined();
    expect(shownAfter!).toBeLessThanOrEqual(WITHIN_ONE_INTERVAL_MS);
  });

  it('leaves no row without its blob when node A is killed (SIGKILL) in the middle of an upload', async () => {
    const before = Number((await db.execute('SELECT count(*) AS n FROM medias')).rows[0]!['n']);
    const video = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom', 'ascii'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2', 'ascii'),
      Buffer.from([0x02, 0x00, 0x00, 0x08]),
      Buffer.from('mdat', 'ascii'),
      Buffer.alloc(32 * MiB, 3),
    ]);
    const exited = new Promise<void>((resolve) => nodeA.server.process.once('exit', () => resolve()));
    // The moment the node sends its first part to the bucket, it dies.
    let killed = false;
    const stopWatching = s3.onRequest((request) => {
      if (!killed && request.method === 'PUT' && request.url?.includes('uploadId=')) {
        killed = true;
        nodeA.server.process.kill('SIGKILL');
      }
    });
    try {
      const upload = nodeA.editor.upload('medias', new Blob([new Uint8Array(video)]), 'interrupted.mp4').then(
        (response) => response.status,
        () => 'connection lost',
      );
      await exited;
      expect(await upload).toBe('connection lost');
    } finally {
      stopWatching();
    }
    expect(killed).toBe(true);

    // The media row is written only after its blob is stored, and the blob never was.
    const after = await db.execute('SELECT count(*) AS n, sum(original_name = ?) AS interrupted FROM medias', ['interrupted.mp4']);
    expect(Number(after.rows[0]!['n'])).toBe(before);
    expect(Number(after.rows[0]!['interrupted'] ?? 0)).toBe(0);
    expect(await rowsWithoutBlob()).toEqual([]);
    // The surviving node still serves, from the same bucket.
    const [media] = (await db.execute("SELECT storage_key FROM medias WHERE kind = 'image' ORDER BY id DESC LIMIT 1")).rows;
    expect((await fetch(`${nodeB.origin}/media/${String(media!['storage_key'])}`)).status).toBe(200);
  });
});
