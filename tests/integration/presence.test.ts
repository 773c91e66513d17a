/**
 * Presence on edit forms against the built server (docs/decisions/054): two people with the same
 * event open, each on another app node sharing the database, see each other with the time they
 * opened it; a closed form is gone at once, a form that stopped beating (a crashed tab) is
 * ignored and pruned; only staff may beat, and a malformed beat is a 400 problem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_EMAIL, adminClient, useAdminServer, type AdminClient } from '../helpers/admin-client.ts';
import { createEvent } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const running = useAdminServer({ HUB_DEMO: '0' });
let secondNode: TestServer;
/** The editor, signed in once, talking to the second node. */
let editorElsewhere: AdminClient;

beforeAll(async () => {
  secondNode = await startTestServer({ HUB_DEMO: '0', HUB_EDITOR_EMAILS: EDITOR_EMAIL }, { sharingWith: running.app.server });
  editorElsewhere = adminClient(secondNode.origin, running.app.editor.cookie);
});

afterAll(() => secondNode?.stop());

interface Others {
  others: { userId: string; name: string; since: string }[];
  heartbeatMs: number;
}

const tab = (name: string) => `${name}-${Math.random().toString(36).slice(2, 12)}`;

function beat(client: AdminClient, itemId: number, clientId: string) {
  return client.call<Others>('POST', '/api/admin/presence', { collection: 'events', itemId, clientId });
}

function leave(client: AdminClient, itemId: number, clientId: string) {
  return client.call('DELETE', '/api/admin/presence', { collection: 'events', itemId, clientId });
}

describe('two people on the same event', () => {
  it('see each other, with when each opened it, across app nodes', async () => {
    const event = await createEvent(running.app.editor);
    const adminTab = tab('admin');
    const editorTab = tab('editor');

    const openedByAdmin = Date.now();
    const first = await beat(running.app.admin, event.id, adminTab);
    expect(first.status).toBe(200);
    expect(first.body.others).toEqual([]);
    expect(first.body.heartbeatMs).toBeGreaterThan(0);

    const openedByEditor = Date.now();
    const editorSees = await beat(editorElsewhere, event.id, editorTab);
    expect(editorSees.status).toBe(200);
    expect(editorSees.body.others).toEqual([expect.objectContaining({ name: 'admin' })]);
    const adminSince = Date.parse(editorSees.body.others[0]!.since);
    expect(adminSince).toBeGreaterThanOrEqual(openedByAdmin - 5);
    expect(adminSince).toBeLessThan(openedByEditor + 5);

    // A second beat keeps the time the form was opened.
    const adminSees = await beat(running.app.admin, event.id, adminTab);
    expect(adminSees.body.others).toEqual([expect.objectContaining({ name: 'editor' })]);
    const editorSince = Date.parse(adminSees.body.others[0]!.since);
    expect(editorSince).toBeGreaterThanOrEqual(openedByEditor - 5);
    const again = await beat(editorElsewhere, event.id, editorTab);
    expect(again.body.others[0]!.since).toBe(new Date(adminSince).toISOString());

    // Someone on another item is not here.
    const other = await createEvent(running.app.editor);
    expect((await beat(running.app.admin, other.id, tab('admin'))).body.others).toEqual([]);
  });

  it('forgets a form once it closes, and only that form', async () => {
    const event = await createEvent(running.app.editor);
    const adminTab = tab('admin');
    const editorTabs = [tab('editor'), tab('editor')];
    await beat(running.app.admin, event.id, adminTab);
    for (const editorTab of editorTabs) await beat(editorElsewhere, event.id, editorTab);

    // Two tabs of one person are one person, there since the first opened.
    const both = await beat(running.app.admin, event.id, adminTab);
    expect(both.body.others.map((other) => other.name)).toEqual(['editor']);

    // The admin cannot close the editor's form by naming its tab.
    expect((await leave(running.app.admin, event.id, editorTabs[0]!)).status).toBe(204);
    expect((await beat(running.app.admin, event.id, adminTab)).body.others).toHaveLength(1);

    expect((await leave(editorElsewhere, event.id, editorTabs[0]!)).status).toBe(204);
    expect((await beat(running.app.admin, event.id, adminTab)).body.others).toHaveLength(1);
    expect((await leave(editorElsewhere, event.id, editorTabs[1]!)).status).toBe(204);
    expect((await beat(running.app.admin, event.id, adminTab)).body.others).toEqual([]);
    // And the editor, back on the first node, sees the admin still there.
    expect((await beat(running.app.editor, event.id, tab('editor'))).body.others).toEqual([expect.objectContaining({ name: 'admin' })]);
  });

  it('ignores and prunes a form that stopped beating', async () => {
    const event = await createEvent(running.app.editor);
    const { server } = running.app;
    const lastBeat = Date.now() - 60_000;
    await server.query('INSERT INTO presences (collection, item_id, user_id, client_id, user_label, since, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      'events',
      event.id,
      'crashed-user',
      'crashed-tab-1',
      'Crashed Carla',
      lastBeat - 60_000,
      lastBeat,
    ]);
    // Still recent: beaten one heartbeat ago.
    await server.query('INSERT INTO presences (collection, item_id, user_id, client_id, user_label, since, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      'events',
      event.id,
      'recent-user',
      'recent-tab-1',
      'Recent Rita',
      Date.now() - 30_000,
      Date.now() - 4_000,
    ]);

    const seen = await beat(running.app.admin, event.id, tab('admin'));
    expect(seen.body.others.map((other) => other.name)).toEqual(['Recent Rita']);
    const left = await server.query<{ n: number }>("SELECT count(*) AS n FROM presences WHERE user_id = 'crashed-user'");
    expect(left[0]!.n).toBe(0);
  });
});

describe('who may beat', () => {
  it('refuses a signed-in person without a role (403) and anyone signed out (401)', async () => {
    const body = { collection: 'events', itemId: 1, clientId: tab('x') };
    const refused = await running.app.visitor.call('POST', '/api/admin/presence', body);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: 'NO_ROLE' });
    expect((await running.app.visitor.call('DELETE', '/api/admin/presence', body)).status).toBe(403);
    expect((await running.app.anonymous.call('POST', '/api/admin/presence', body)).status).toBe(401);
    const rows = await running.app.server.query<{ n: number }>('SELECT count(*) AS n FROM presences WHERE client_id = ?', [body.clientId]);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('malformed beats', () => {
  it.each([
    ['no item', { collection: 'events', clientId: 'abcdefgh12' }, 'itemId'],
    ['an unknown collection', { collection: 'users', itemId: 1, clientId: 'abcdefgh12' }, 'collection'],
    ['a negative id', { collection: 'events', itemId: -3, clientId: 'abcdefgh12' }, 'itemId'],
    ['a tab id with markup', { collection: 'events', itemId: 1, clientId: '<script>alert(1)</script>' }, 'clientId'],
  ])('answers 400 with the field for %s', async (_label, body, field) => {
    const response = await running.app.admin.call('POST', '/api/admin/presence', body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(response.body.errors)).toContain(field);
  });

  it('answers 400 for a body that is not JSON, and 415 for one not declared JSON', async () => {
    const broken = await running.app.admin.request('POST', '/api/admin/presence', '{"collection":', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
    expect(broken.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const plain = await running.app.admin.request('POST', '/api/admin/presence', 'collection=events', { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
  });
});
