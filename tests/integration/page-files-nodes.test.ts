/**
 * Pages as files on several machines (decision 051): two app nodes on one database, each with its
 * own folder; node B runs two workers. A correction made on node A deletes node B's file through
 * the purge log (B's poller, then the other worker through B's primary), and B writes the page
 * again on its next render.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { createEvent, type Created } from '../helpers/factories.ts';
import { makeSharedDir } from '../helpers/nginx.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const POLL_MS = 100;

let nodeA: AdminServer;
let nodeB: TestServer;
let folderA: string;
let folderB: string;
let events: Created[];

/** `relative` in the folder of files a node serves now (named in the include it wrote for nginx). */
function fileIn(staticDir: string, relative: string): string {
  const include = readFileSync(join(staticDir, 'nginx.conf'), 'utf8');
  return join(staticDir, /set \$hub_files "([^"]+)";/.exec(include)![1]!, relative);
}
const hasFile = (staticDir: string, relative: string) => existsSync(join(staticDir, 'nginx.conf')) && existsSync(fileIn(staticDir, relative));

beforeAll(async () => {
  folderA = makeSharedDir('hub-files-a-');
  folderB = makeSharedDir('hub-files-b-');
  nodeA = await startAdminServer({ HUB_PURGE_POLL_MS: String(POLL_MS), HUB_DEMO: '0', HUB_STATIC_DIR: folderA });
  // Made before node B starts, so no late purge of these rows reaches B during the test.
  events = [];
  for (const title of ['Night ferry', 'Morning choir']) {
    events.push(await createEvent(nodeA.admin, { status: 'published', translations: { en: { title } } }));
  }
  nodeB = await startTestServer(
    { HUB_PURGE_POLL_MS: String(POLL_MS), HUB_DEMO: '0', HUB_STATIC_DIR: folderB, HUB_WORKERS: '2' },
    { sharingWith: nodeA.server },
  );
});
afterAll(async () => {
  await Promise.all([nodeA?.server.stop(), nodeB?.stop()]);
});

describe('page files on several nodes', () => {
  it("deletes another node's files through the purge log, whichever of its workers wrote them", async () => {
    // Several requests: with two workers, each may render (and write) some of them.
    for (const event of events) {
      for (let i = 0; i < 4; i++) expect((await nodeB.get(`/en/hub/event/${event.slug}`)).status).toBe(200);
    }
    const files = events.map((event) => `en/hub/event/${event.slug}/index.html`);
    for (const file of files) await vi.waitFor(() => expect(hasFile(folderB, file), file).toBe(true), { timeout: 5_000, interval: 10 });
    // Each node writes only what it rendered itself.
    expect(files.some((file) => hasFile(folderA, file))).toBe(false);

    const [cancelled, kept] = events as [Created, Created];
    const current = await nodeA.admin.call('GET', `/api/admin/events/${cancelled.id}`);
    const patched = await nodeA.admin.call('PATCH', `/api/admin/events/${cancelled.id}`, { version: current.body.version, eventStatus: 'cancelled' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    await vi.waitFor(() => expect(hasFile(folderB, files[0]!)).toBe(false), { timeout: 5_000, interval: 10 });
    expect(hasFile(folderB, `en/hub/event/${kept.slug}/index.html`)).toBe(true);

    expect(await (await nodeB.get(`/en/hub/event/${cancelled.slug}`)).text()).toContain('This event will not take place.');
    await vi.waitFor(() => expect(hasFile(folderB, files[0]!)).toBe(true), { timeout: 5_000, interval: 10 });
    expect(readFileSync(fileIn(folderB, files[0]!), 'utf8')).toContain('This event will not take place.');
  });
});
