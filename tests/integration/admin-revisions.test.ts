/**
 * Revisions against the built server (decision 030): every kind of write keeps the whole item in
 * its own transaction (create, update, publish, bulk, duplicate, clone, restore), a failed write
 * keeps none, the list and one revision are served, a restore is checked like a PATCH (409 on a
 * stale version, 422 by today's rules, permissions), drops relations to deleted items with a
 * note, and only the newest HUB_REVISIONS_KEEP are kept. One server, keeping three per item.
 */
import { describe, expect, it } from 'vitest';
import { EDITOR_EMAIL, useAdminServer } from '../helpers/admin-client.ts';
import { createCurator, createEdition, createEvent, createTag, type Created } from '../helpers/factories.ts';

const KEEP = 3;
const running = useAdminServer({ HUB_DEMO: '0', HUB_REVISIONS_KEEP: String(KEEP) });

interface Row {
  number: number;
  action: string;
  item_version: number;
  author_label: string;
  restored_from: number | null;
  snapshot: string;
}

async function stored(entity: string, id: number): Promise<Row[]> {
  return running.app.server.query<Row>(
    'SELECT number, action, item_version, author_label, restored_from, snapshot FROM revisions WHERE entity = ? AND entity_id = ? ORDER BY number',
    [entity, id],
  );
}

async function actions(entity: string, id: number): Promise<string[]> {
  return (await stored(entity, id)).map((row) => `${row.number}:${row.action}@v${row.item_version}`);
}

function patch(collection: string, id: number, body: Record<string, unknown>) {
  return running.app.editor.call('PATCH', `/api/admin/${collection}/${id}`, body);
}

function restore(collection: string, id: number, revisionId: number, version: unknown) {
  return running.app.editor.call('POST', `/api/admin/${collection}/${id}/revisions/${revisionId}/restore`, { version });
}

async function revisionList(collection: string, id: number, query = '') {
  return running.app.editor.call('GET', `/api/admin/${collection}/${id}/revisions${query}`);
}

/** The id of revision `number` of an item, from the list. */
async function revisionId(collection: string, id: number, number: number): Promise<number> {
  const { body } = await revisionList(collection, id, '?limit=100');
  const found = (body.items as { id: number; number: number }[]).find((item) => item.number === number);
  if (!found) throw new Error(`no revision ${number} of ${collection} ${id}`);
  return found.id;
}

describe('a revision per write', () => {
  it('keeps the whole item on create, update and publish, with author, version and what changed', async () => {
    const tag = await createTag(running.app.editor);
    const event = await createEvent(running.app.editor, { tagIds: [tag.id], translations: { en: { title: 'First title' }, fr: { title: 'Premier' } } });
    const updated = await patch('events', event.id, { version: 1, translations: { en: { title: 'Second title' } } });
    expect(updated.status).toBe(200);
    const published = await patch('events', event.id, { version: 2, status: 'published' });
    expect(published.status).toBe(200);
    expect(await actions('event', event.id)).toEqual(['1:create@v1', '2:update@v2', '3:publish@v3']);

    const rows = await stored('event', event.id);
    expect(rows.every((row) => row.author_label === EDITOR_EMAIL)).toBe(true);
    const first = JSON.parse(rows[0]!.snapshot);
    expect(first).toMatchObject({
      values: { slug: event['slug'], status: 'draft', timeZone: 'Europe/Paris', startsAt: event['startsAt'], version: 1 },
      translations: { en: { title: 'First title' }, fr: { title: 'Premier' } },
      links: { tagIds: [tag.id], curatorIds: [] },
    });
    expect(JSON.parse(rows[2]!.snapshot).values).toMatchObject({ status: 'published', version: 3 });

    const { status, body, headers } = await revisionList('events', event.id);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toContain('no-store');
    expect(body).toMatchObject({ total: 3, page: 1 });
    expect(body.items.map((item: { number: number }) => item.number)).toEqual([3, 2, 1]);
    expect(body.items[1]).toMatchObject({
      action: 'update',
      itemVersion: 2,
      author: { label: EDITOR_EMAIL },
      changes: [{ kind: 'text', locale: 'en', field: 'title', from: 'First title', to: 'Second title' }],
    });
    expect(body.items[0]).not.toHaveProperty('snapshot');

    const paged = await revisionList('events', event.id, '?limit=2&page=2');
    expect(paged.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.body.items.map((item: { number: number }) => item.number)).toEqual([1]);
    expect((await revisionList('events', event.id, '?limit=0')).status).toBe(400);

    const one = await running.app.editor.call('GET', `/api/admin/events/${event.id}/revisions/${body.items[2].id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ number: 1, action: 'create', snapshot: { translations: { en: { title: 'First title' } } } });
    // A revision of another item, or none, is a 404.
    const other = await createEvent(running.app.editor);
    expect((await running.app.editor.call('GET', `/api/admin/events/${other.id}/revisions/${body.items[2].id}`)).status).toBe(404);
    expect((await running.app.editor.call('GET', `/api/admin/events/${event.id}/revisions/abc`)).status).toBe(404);
    expect((await revisionList('events', 999_999)).status).toBe(404);
  });

  it('keeps one for each item of a bulk action, a duplicate, every item of an edition clone and each item a delete detaches; the trash keeps them until it is purged', async () => {
    const [a, b] = await Promise.all([createEvent(running.app.editor), createEvent(running.app.editor)]);
    const bulk = await running.app.editor.call('POST', '/api/admin/events/bulk', { action: 'publish', ids: [a.id, b.id] });
    expect(bulk.status).toBe(200);
    for (const item of [a, b]) {
      expect(await actions('event', item.id)).toEqual(['1:create@v1', '2:publish@v2']);
      expect(JSON.parse((await stored('event', item.id))[1]!.snapshot).values).toMatchObject({ status: 'published', version: 2 });
    }

    const copy = await running.app.editor.call('POST', `/api/admin/events/${a.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(await actions('event', copy.body.id)).toEqual(['1:create@v1']);

    const edition = await createEdition(running.app.editor);
    await createEvent(running.app.editor, { editionId: edition.id });
    const cloned = await running.app.editor.call('POST', `/api/admin/editions/${edition.id}/clone`, { shiftDays: 7 });
    expect(cloned.status).toBe(201);
    expect(await actions('edition', cloned.body.id)).toEqual(['1:create@v1']);
    const copies = await running.app.server.query<{ id: number }>('SELECT id FROM events WHERE edition_id = ?', [cloned.body.id]);
    expect(copies).toHaveLength(1);
    expect(await actions('event', copies[0]!.id)).toEqual(['1:create@v1']);

    // A deleted item's history waits in the trash with it (decision 053) and goes with the entry.
    expect((await running.app.editor.call('DELETE', `/api/admin/events/${copy.body.id}`)).status).toBe(204);
    expect(await actions('event', copy.body.id)).toEqual(['1:create@v1']);
    expect((await running.app.admin.call('DELETE', `/api/admin/trash/events/${copy.body.id}`)).status).toBe(204);
    expect(await stored('event', copy.body.id)).toEqual([]);

    // Deleting a tag with detach=true changes the events that used it: each gets a revision.
    const used = await createTag(running.app.editor);
    const owner = await createEvent(running.app.editor, { tagIds: [used.id] });
    expect((await running.app.admin.call('DELETE', `/api/admin/tags/${used.id}?detach=true`)).status).toBe(204);
    expect(await actions('event', owner.id)).toEqual(['1:create@v1', '2:detach@v2']);
    const [detached] = (await revisionList('events', owner.id)).body.items;
    expect(detached).toMatchObject({ action: 'detach', changes: [{ kind: 'link', field: 'tagIds', added: [], removed: [used.id] }] });
    expect(JSON.parse((await stored('event', owner.id))[1]!.snapshot).links.tagIds).toEqual([]);
  });

  it('keeps none when the write fails, and no write when the revision cannot be kept', async () => {
    const tag = await createTag(running.app.editor, { translations: { en: { label: 'Jazz' } } });
    const before = await actions('tag', tag.id);
    const refused = await patch('events', (await createEvent(running.app.editor)).id, { version: 1, tagIds: [999_999] });
    expect(refused.status).toBe(422);

    await running.app.server.query(
      `CREATE TRIGGER revisions_test_failure BEFORE INSERT ON revisions WHEN NEW.entity = 'tag' AND NEW.entity_id = ${tag.id}
       BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: revisions_test'); END`,
    );
    try {
      const failed = await patch('tags', tag.id, { version: 1, translations: { en: { label: 'Blues' } } });
      expect(failed.status).toBe(422);
    } finally {
      await running.app.server.query('DROP TRIGGER revisions_test_failure');
    }
    // The save and its audit entry rolled back with the revision.
    const now = await running.app.editor.call('GET', `/api/admin/tags/${tag.id}`);
    expect(now.body).toMatchObject({ version: 1, translations: { en: { label: 'Jazz' } } });
    const audit = await running.app.server.query<{ n: number }>("SELECT count(*) AS n FROM audit_log WHERE entity = 'tag' AND entity_id = ?", [String(tag.id)]);
    expect(audit[0]!.n).toBe(1);
    expect(await actions('tag', tag.id)).toEqual(before);
  });
});

describe('restoring a revision', () => {
  it('saves the old content as a new revision, keeps the publication state, and purges the public page', async () => {
    const event = await createEvent(running.app.editor, { status: 'published', translations: { en: { title: 'Opening night' } } });
    const slug = String(event['slug']);
    const page = `${running.app.server.origin}/en/hub/event/${slug}`;
    expect(await (await fetch(page)).text()).toContain('Opening night');
    expect((await patch('events', event.id, { version: 1, translations: { en: { title: 'Closing night' } } })).status).toBe(200);
    expect(await (await fetch(page)).text()).toContain('Closing night');
    const first = await revisionId('events', event.id, 1);

    // The edit page's history panel compares the chosen revision with the current item.
    const html = await (await running.app.editor.request('GET', `/fr/admin/events/${event.id}?revision=${first}`)).text();
    const diff = html.slice(html.indexOf('data-testid="revision-diff"'));
    expect(diff).toContain('Version 1 comparée à la version actuelle');
    expect(diff).toMatch(/data-path="translations\.en\.title"[^>]*>[\s\S]*?Opening night[\s\S]*?Closing night/);
    expect(diff).not.toContain('data-path="status"');
    expect(diff).toContain(`action="/api/admin/events/${event.id}/revisions/${first}/restore"`);
    expect(diff).toMatch(/name="version" value="2"/);
    expect(html).toContain('Comparer la version 2 avec la version actuelle');

    const stale = await restore('events', event.id, first, 1);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT', current: { version: 2 } });

    const restored = await restore('events', event.id, first, 2);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({
      item: { version: 3, status: 'published', translations: { en: { title: 'Opening night' } } },
      revision: { number: 3, action: 'restore', restoredFrom: 1, changes: [{ kind: 'text', field: 'title', from: 'Closing night', to: 'Opening night' }] },
      restoredFrom: 1,
      dropped: [],
    });
    expect(await actions('event', event.id)).toEqual(['1:create@v1', '2:update@v2', '3:restore@v3']);
    expect((await stored('event', event.id))[2]!.restored_from).toBe(1);
    // The restore purged the cached page.
    expect(await (await fetch(page)).text()).toContain('Opening night');
    // Restoring the same content again changes nothing and keeps no revision.
    const again = await restore('events', event.id, first, 3);
    expect(again.body).toMatchObject({ item: { version: 3 }, revision: null });
  });

  it('is refused by today’s rules (422), malformed input (400), and without the permission (401/403)', async () => {
    const event = await createEvent(running.app.editor, { venueAddress: null });
    expect((await patch('events', event.id, { version: 1, venueAddress: '2 place du Marché' })).status).toBe(200);
    expect((await patch('events', event.id, { version: 2, status: 'published' })).status).toBe(200);
    const first = await revisionId('events', event.id, 1);
    // Without a place the published event could not be published: the restore is refused.
    const refused = await restore('events', event.id, first, 3);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'INVALID_VALUES', errors: { venueAddress: ['VENUE_OR_ONLINE_REQUIRED'] } });
    expect(await actions('event', event.id)).toEqual(['1:create@v1', '2:update@v2', '3:publish@v3']);

    expect((await restore('events', event.id, first, 'three')).status).toBe(400);
    expect((await running.app.editor.call('POST', `/api/admin/events/${event.id}/revisions/${first}/restore`, { version: 3, extra: 1 })).status).toBe(400);
    expect((await restore('events', event.id, 999_999, 3)).status).toBe(404);
    const visitor = await running.app.visitor.call('POST', `/api/admin/events/${event.id}/revisions/${first}/restore`, { version: 3 });
    expect(visitor.status).toBe(403);
    expect((await running.app.visitor.call('GET', `/api/admin/events/${event.id}/revisions`)).status).toBe(403);
    expect((await running.app.anonymous.call('GET', `/api/admin/events/${event.id}/revisions`)).status).toBe(401);
  });

  it('drops relations to items deleted since, with a note, instead of failing', async () => {
    const [jazz, folk, curator] = await Promise.all([createTag(running.app.editor), createTag(running.app.editor), createCurator(running.app.editor)]);
    const event = await createEvent(running.app.editor, { tagIds: [jazz.id, folk.id], curatorIds: [curator.id] });
    expect((await patch('events', event.id, { version: 1, tagIds: [folk.id], curatorIds: [] })).status).toBe(200);
    for (const gone of [
      ['tags', jazz],
      ['curators', curator],
    ] as [string, Created][]) {
      expect((await running.app.admin.call('DELETE', `/api/admin/${gone[0]}/${gone[1].id}`)).status).toBe(204);
    }
    const restored = await restore('events', event.id, await revisionId('events', event.id, 1), 2);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.item).toMatchObject({ tagIds: [folk.id], curatorIds: [] });
    expect(restored.body.dropped).toEqual([
      { field: 'tagIds', id: jazz.id },
      { field: 'curatorIds', id: curator.id },
    ]);
  });

  it('answers the history panel’s HTML form with a 303 back to the edit page', async () => {
    const tag = await createTag(running.app.editor, { translations: { en: { label: 'Opera' } } });
    expect((await patch('tags', tag.id, { version: 1, translations: { en: { label: 'Ballet' } } })).status).toBe(200);
    const first = await revisionId('tags', tag.id, 1);
    const form = (version: string) =>
      running.app.editor.request('POST', `/api/admin/tags/${tag.id}/revisions/${first}/restore`, new URLSearchParams({ version, locale: 'fr' }).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
    const stale = await form('1');
    expect(stale.status).toBe(303);
    expect(stale.headers.get('location')).toBe(`/fr/admin/tags/${tag.id}?revision=${first}&restoreError=VERSION_CONFLICT#revisions`);
    const done = await form('2');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/fr/admin/tags/${tag.id}?revision=${first}&restored=1#revisions`);
    expect((await running.app.editor.call('GET', `/api/admin/tags/${tag.id}`)).body).toMatchObject({ version: 3, translations: { en: { label: 'Opera' } } });
  });
});

describe('HUB_REVISIONS_KEEP', () => {
  it('keeps the newest N per item, pruning in the save, numbers unchanged', async () => {
    const tag = await createTag(running.app.editor, { translations: { en: { label: 'v1' } } });
    for (let version = 1; version <= 4; version += 1) {
      expect((await patch('tags', tag.id, { version, translations: { en: { label: `v${version + 1}` } } })).status).toBe(200);
    }
    expect(await actions('tag', tag.id)).toEqual(['3:update@v3', '4:update@v4', '5:update@v5']);
    const { body } = await revisionList('tags', tag.id);
    expect(body.total).toBe(KEEP);
    // The history panel lists what is kept.
    const html = await (await running.app.editor.request('GET', `/en/admin/tags/${tag.id}`)).text();
    expect(html).toContain('3 revisions');
    expect(html).toContain('Compare revision 5 with the current version');
    expect(html).not.toContain('Compare revision 2 with');
  });
});
