/**
 * Every admin write records the cache purge other nodes apply inside its own transaction
 * (decision 010): the content change and its `cache_purges` row commit together or not at all.
 * To prove it, the purge log is made to refuse inserts (a trigger): a write whose purge row were
 * written after its commit would still change the content and leave the other nodes stale. Here
 * every kind of write — create, update, bulk, delete, upload — must change nothing instead; once
 * the log accepts rows again, each committed write has its row.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { image } from '../helpers/admin-files.ts';
import { createEvent, createImage } from '../helpers/factories.ts';

let app: AdminServer;
let db: Client;
let event: { id: number };

const count = async (sql: string, args: (string | number)[] = []) => Number((await db.execute({ sql, args })).rows[0]!['n']);
const purges = () => count('SELECT count(*) AS n FROM cache_purges');
const audits = () => count('SELECT count(*) AS n FROM audit_log');
const title = async () =>
  String((await db.execute({ sql: "SELECT title FROM event_translations WHERE event_id = ? AND locale = 'en'", args: [event.id] })).rows[0]!['title']);
const status = async () => String((await db.execute({ sql: 'SELECT status FROM events WHERE id = ?', args: [event.id] })).rows[0]!['status']);
const version = async () => (await app.admin.call('GET', `/api/admin/events/${event.id}`)).body.version as number;

/** The originals and variants in the node's uploads folder (staging excluded). */
const storedBlobs = () =>
  readdirSync(join(app.server.dir, 'uploads'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('.staging'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

const refusePurges = () => db.execute("CREATE TRIGGER refuse_purges BEFORE INSERT ON cache_purges BEGIN SELECT RAISE(ABORT, 'purge log unavailable'); END");
const acceptPurges = () => db.execute('DROP TRIGGER IF EXISTS refuse_purges');

beforeAll(async () => {
  // Purges are published (for other nodes) only when polling is on.
  app = await startAdminServer({ HUB_PURGE_POLL_MS: '100', HUB_DEMO: '0' });
  db = createClient({ url: app.server.databaseUrl, intMode: 'number' });
  event = await createEvent(app.admin, { status: 'published' });
});
afterAll(async () => {
  db?.close();
  await app?.server.stop();
});

describe('a write whose purge row cannot be recorded', () => {
  let unusedTag: number;

  beforeAll(async () => {
    const created = await app.admin.call('POST', '/api/admin/tags', { translations: { en: { label: 'Deleted later' } } });
    expect(created.status).toBe(201);
    unusedTag = created.body.id;
    // A stored upload, so the folder the failed upload must leave as it was holds blobs already.
    await createImage(app.editor);
    await refusePurges();
  });
  afterAll(acceptPurges);

  it.each([
    [
      'an update',
      async () => app.admin.call('PATCH', `/api/admin/events/${event.id}`, { version: await version(), translations: { en: { title: 'Never Committed' } } }),
    ],
    ['a bulk unpublish', async () => app.admin.call('POST', '/api/admin/events/bulk', { action: 'unpublish', ids: [event.id] })],
    ['a create', async () => app.admin.call('POST', '/api/admin/tags', { slug: 'never-created', translations: { en: { label: 'Never created' } } })],
    ['a delete', async () => app.admin.call('DELETE', `/api/admin/tags/${unusedTag}`)],
  ])('%s changes nothing at all', async (_, write) => {
    const before = { title: await title(), status: await status(), audits: await audits(), purges: await purges() };
    const { status: answer } = await write();
    expect(answer).toBeGreaterThanOrEqual(500);
    expect({ title: await title(), status: await status(), audits: await audits(), purges: await purges() }).toEqual(before);
    expect(await count("SELECT count(*) AS n FROM tags WHERE slug = 'never-created'")).toBe(0);
    expect(await count('SELECT count(*) AS n FROM tags WHERE id = ?', [unusedTag])).toBe(1);
  });

  it('an upload records no media and keeps no blob', async () => {
    const before = await count('SELECT count(*) AS n FROM medias');
    const blobsBefore = storedBlobs();
    const response = await app.editor.upload('medias', new Blob([new Uint8Array(await image('png', 500, 300))]), 'never-recorded.png');
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(await count('SELECT count(*) AS n FROM medias')).toBe(before);
    expect(await count("SELECT count(*) AS n FROM medias WHERE original_name = 'never-recorded.png'")).toBe(0);
    // The blob stored before the row was released when the record rolled back.
    expect(storedBlobs()).toEqual(blobsBefore);
  });
});

describe('a committed write', () => {
  it.each([
    [
      'an update',
      async () =>
        app.admin.call('PATCH', `/api/admin/events/${event.id}`, { version: await version(), translations: { en: { title: 'Committed With Its Purge' } } }),
      200,
    ],
    ['a create', async () => app.admin.call('POST', '/api/admin/tags', { translations: { en: { label: 'Created with its purge' } } }), 201],
    ['an upload', async () => app.editor.upload('medias', new Blob([new Uint8Array(await image('webp', 400, 300))]), 'recorded.webp'), 201],
  ] as const)('%s always has its purge row, naming what changed', async (_, write, expected) => {
    const last = await count('SELECT coalesce(max(id), 0) AS n FROM cache_purges');
    const response = await write();
    expect(response.status).toBe(expected);
    const rows = (await db.execute({ sql: 'SELECT tags FROM cache_purges WHERE id > ?', args: [last] })).rows;
    expect(rows).toHaveLength(1);
    expect(JSON.parse(String(rows[0]!['tags']))).toEqual(expect.arrayContaining(['hub']));
  });
});
