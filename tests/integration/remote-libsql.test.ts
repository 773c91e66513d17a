/**
 * The same build against a remote libSQL database (`DATABASE_URL=http://…` + `DATABASE_AUTH_TOKEN`),
 * served by the Hrana-over-HTTP stand-in of tests/helpers/hrana-server.ts (no sqld binary can be
 * had here; see docs/decisions/010). Migrations through `npm run db:migrate`, start-up and
 * readiness, sign-up, admin writes in remote transactions, full-text search, hub pages and their
 * invalidation; and a clear refusal from `db:backup`, which only snapshots local files.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { adminClient, type AdminClient } from '../helpers/admin-client.ts';
import { makeTempDir } from '../helpers/db.ts';
import { startHranaServer, type HranaServer } from '../helpers/hrana-server.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp } from '../helpers/auth.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = 'remote-test-token';
const SECRET = 'remote-test-secret-of-at-least-32-characters';

let dir: string;
let remote: HranaServer;
let server: TestServer;
let admin: AdminClient;

/**
 * Runs one of the package's scripts against the remote database, as an operator would. Not
 * spawnSync: the stand-in server lives in this process and must keep answering meanwhile.
 */
function runScript(script: string, env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, BETTER_AUTH_SECRET: SECRET, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('close', (status) => resolve({ status, output }));
  });
}

beforeAll(async () => {
  dir = makeTempDir('hub-remote-');
  remote = await startHranaServer(join(dir, 'remote.db'), TOKEN);
  const migrated = await runScript('scripts/db-migrate.ts', { DATABASE_URL: remote.url, DATABASE_AUTH_TOKEN: TOKEN });
  expect(migrated, migrated.output).toMatchObject({ status: 0 });
  expect(migrated.output).toContain('Migrations applied to the remote database.');
  server = await startTestServer({ DATABASE_URL: remote.url, DATABASE_AUTH_TOKEN: TOKEN, BETTER_AUTH_SECRET: SECRET, HUB_DEMO: '0' });
  // Sign-up signs no one in (decision 018): the helper creates the account, then signs it in.
  const cookie = await signUp(server.origin, 'admin@remote.example', 'Remote Admin').catch((error: Error) => {
    throw new Error(`${error.message}\n--- server log ---\n${server.logs()}`);
  });
  admin = adminClient(server.origin, cookie);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await remote?.close();
});

describe('remote libSQL (Hrana over HTTP)', () => {
  it('is ready once the remote database answers and is migrated', async () => {
    const ready = await fetch(`${server.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, database: 'ok', migrations: 'ok' });
    // The server really talks to the remote, with its token (the stand-in refuses anyone else).
    expect(remote.requests()).toBeGreaterThan(10);
    const anonymous = await fetch(`${remote.url}/v2/pipeline`, { method: 'POST', body: '{"requests":[]}' });
    expect(anonymous.status).toBe(401);
  });

  it('writes through the admin API in remote transactions, and the hub shows and finds the result', async () => {
    const tag = await admin.call('POST', '/api/admin/tags', { translations: { en: { label: 'Remote Sounds' }, de: { label: 'Ferne Klänge' } } });
    expect(tag.status, JSON.stringify(tag.body)).toBe(201);
    const created = await admin.call('POST', '/api/admin/events', {
      startsAt: '2035-04-02T19:00:00+02:00',
      endsAt: '2035-04-02T21:00:00+02:00',
      timeZone: 'Europe/Berlin',
      venueAddress: 'Fernweg 1, Berlin',
      status: 'published',
      tagIds: [tag.body.id],
      translations: { en: { title: 'Concert from afar', summary: 'Heard over the wire' }, de: { title: 'Konzert aus der Ferne' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const page = await fetch(`${server.origin}/de/hub/event/${created.body.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Konzert aus der Ferne');
    // Full-text search (FTS5 rows written in the same remote transaction) finds it.
    const search = await fetch(`${server.origin}/en/hub/search?q=afar`);
    expect(await search.text()).toContain(`href="/en/hub/event/${created.body.slug}"`);

    // A rejected write rolls back remotely too: nothing of it is left.
    const failed = await admin.call('POST', '/api/admin/events', {
      startsAt: '2035-04-03T19:00:00+02:00',
      endsAt: '2035-04-03T21:00:00+02:00',
      timeZone: 'Europe/Berlin',
      venueAddress: 'Nowhere',
      tagIds: [tag.body.id, 987654],
      translations: { en: { title: 'Never stored' } },
    });
    expect(failed.status).toBe(422);

    const renamed = await admin.call('PATCH', `/api/admin/events/${created.body.id}`, { version: 1, translations: { de: { title: 'Konzert, umbenannt' } } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await (await fetch(`${server.origin}/de/hub/event/${created.body.slug}`)).text()).toContain('Konzert, umbenannt');
  });

  it('keeps everything in the remote database file, whole', async () => {
    let db: Database | undefined;
    try {
      db = await openDatabase({ url: `file:${join(dir, 'remote.db')}` });
      const rows = async (sql: string) => (await db!.$client.execute(sql)).rows;
      expect(await rows('PRAGMA integrity_check')).toEqual([expect.objectContaining({ integrity_check: 'ok' })]);
      expect(await rows('SELECT locale, title FROM event_translations ORDER BY locale')).toEqual([
        expect.objectContaining({ locale: 'de', title: 'Konzert, umbenannt' }),
        expect.objectContaining({ locale: 'en', title: 'Concert from afar' }),
      ]);
      expect(await rows("SELECT count(*) AS n FROM events WHERE slug = 'never-stored'")).toEqual([expect.objectContaining({ n: 0 })]);
      expect(await rows("SELECT count(*) AS n FROM search_fts WHERE entity_type = 'event'")).toEqual([expect.objectContaining({ n: 3 })]);
      expect(await rows('SELECT email FROM auth_users')).toEqual([expect.objectContaining({ email: 'admin@remote.example' })]);
    } finally {
      db?.$client.close();
    }
  });

  it('refuses db:backup with an explanation instead of half-working', async () => {
    const backup = await runScript('scripts/db-backup.ts', { DATABASE_URL: remote.url, DATABASE_AUTH_TOKEN: TOKEN });
    expect(backup.status).toBe(1);
    expect(backup.output).toMatch(/embedded database file.*libSQL server or Turso/s);
  });
});
