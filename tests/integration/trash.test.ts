/**
 * The trash against the built server (decision 053): a delete moves the item out of every public
 * page, search, export and where-used into the trash; a restore brings it back with the same id,
 * texts, links and public page, drops (and names) links to items deleted meanwhile, and gives a
 * repeating event its dates again; uploads keep their bytes until the entry is purged, explicitly
 * or by age (an injected clock); editors restore what they could delete, only admins purge.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/server/storage/local.ts';
import { purgeExpiredTrash } from '../../src/server/trash/store.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createCurator, createEvent, createImage, createTag, createVenue, uniqueName } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0', HUB_TRASH_DAYS: '30' });
const DAY = 24 * 60 * 60_000;

function trashList(query = '') {
  return running.app.editor.call('GET', `/api/admin/trash${query}`);
}

async function publishedEvent(overrides: Record<string, unknown> = {}) {
  const word = uniqueName('quokka')
    .replace(/[^a-z]/gi, '')
    .toLowerCase();
  const event = await createEvent(running.app.editor, {
    status: 'published',
    translations: { en: { title: `Trash ${word}` }, fr: { title: `Corbeille ${word}` } },
    ...overrides,
  });
  return { event, word };
}

describe('deleting moves an item to the trash', () => {
  it('takes it off its public page, search, export and where-used, and lists it', async () => {
    const tag = await createTag(running.app.editor);
    const { event, word } = await publishedEvent({ tagIds: [tag.id] });
    const { server, admin } = running.app;
    expect((await server.get(`/en/hub/event/${event['slug']}`)).status).toBe(200);
    expect((await server.html(`/en/hub/search?q=${word}`)).body).toContain(`/en/hub/event/${event['slug']}`);

    expect((await admin.request('DELETE', `/api/admin/events/${event.id}`)).status).toBe(204);

    expect((await server.get(`/en/hub/event/${event['slug']}`)).status).toBe(404);
    expect((await server.html(`/en/hub/search?q=${word}`)).body).not.toContain(`/en/hub/event/${event['slug']}`);
    const exported = await admin.request('GET', '/api/admin/events/export?format=json');
    expect(await exported.text()).not.toContain(String(event['slug']));
    expect((await admin.call('GET', `/api/admin/tags/${tag.id}`)).body.usedBy.total).toBe(0);
    expect((await admin.call('GET', `/api/admin/events/${event.id}`)).status).toBe(404);

    const { status, body } = await trashList('?collection=events');
    expect(status).toBe(200);
    expect(body.items[0]).toMatchObject({ collection: 'events', id: event.id, title: `Trash ${word}`, published: true, daysLeft: 30 });
    expect(body.items[0].deletedBy.label).toBe('admin@admin-tests.example');
  });
});

describe('restoring', () => {
  it('brings the item back as it was: same id and slug, texts, tags, public page and search hit', async () => {
    const tag = await createTag(running.app.editor);
    const { event, word } = await publishedEvent({ tagIds: [tag.id] });
    const { server, admin } = running.app;
    expect((await admin.request('DELETE', `/api/admin/events/${event.id}`)).status).toBe(204);

    const restored = await admin.call('POST', `/api/admin/trash/events/${event.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ dropped: [], slugChanged: null });
    expect(restored.body.item).toMatchObject({
      id: event.id,
      slug: event['slug'],
      guid: event['guid'],
      status: 'published',
      tagIds: [tag.id],
      translations: { en: { title: `Trash ${word}` }, fr: { title: `Corbeille ${word}` } },
    });
    expect((await server.get(`/en/hub/event/${event['slug']}`)).status).toBe(200);
    expect((await server.html(`/en/hub/search?q=${word}`)).body).toContain(`/en/hub/event/${event['slug']}`);
    expect((await admin.call('GET', `/api/admin/tags/${tag.id}`)).body.usedBy.total).toBe(1);
    expect((await trashList('?collection=events')).body.items.some((item: { id: number }) => item.id === event.id)).toBe(false);

    // Audited, and its history kept through the trash with the restore on top.
    const audit = await server.query<{ action: string }>("SELECT action FROM audit_log WHERE entity = 'event' AND entity_id = ? ORDER BY id", [
      String(event.id),
    ]);
    expect(audit.map((row) => row.action)).toEqual(['create', 'delete', 'untrash']);
    const history = await admin.call('GET', `/api/admin/events/${event.id}/revisions`);
    expect(history.body.items.map((item: { action: string }) => item.action)).toEqual(['untrash', 'create']);
    // A second restore finds nothing to restore.
    expect((await admin.call('POST', `/api/admin/trash/events/${event.id}/restore`)).body.code).toBe('NOT_IN_TRASH');
  });

  it('tells webhook subscribers of the delete and of the restore as of a new public item', async () => {
    const { admin, server } = running.app;
    const endpoint = await admin.call('POST', '/api/admin/webhooks', { url: 'https://hooks.example.org/trash', events: ['event.published', 'event.deleted'] });
    expect(endpoint.status).toBe(201);
    const { event } = await publishedEvent();
    expect((await admin.request('DELETE', `/api/admin/events/${event.id}`)).status).toBe(204);
    expect((await admin.call('POST', `/api/admin/trash/events/${event.id}/restore`)).status).toBe(200);
    const rows = await server.query<{ event_type: string; payload: string }>(
      'SELECT event_type, payload FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id',
      [endpoint.body.id],
    );
    const mine = rows.filter((row) => JSON.parse(row.payload).data?.id === event.id);
    expect(mine.map((row) => row.event_type)).toEqual(['event.published', 'event.deleted', 'event.published']);
    expect((await admin.request('DELETE', `/api/admin/webhooks/${endpoint.body.id}`)).status).toBe(204);
  });

  it('drops and names a link to an item deleted meanwhile, and keeps the others', async () => {
    const { admin } = running.app;
    const kept = await createTag(admin);
    const gone = await createTag(admin, { translations: { en: { label: 'Gone tag' } } });
    const event = await createEvent(admin, { tagIds: [kept.id, gone.id] });
    expect((await admin.request('DELETE', `/api/admin/events/${event.id}`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/admin/tags/${gone.id}`)).status).toBe(204);

    const restored = await admin.call('POST', `/api/admin/trash/events/${event.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.item.tagIds).toEqual([kept.id]);
    expect(restored.body.dropped).toEqual([{ field: 'tagIds', collection: 'tags', id: gone.id, title: 'Gone tag', trashed: true }]);
  });

  it('puts back other items’ links to it where they still exist, and names those it could not', async () => {
    const { admin } = running.app;
    const curator = await createCurator(admin);
    const venue = await createVenue(admin);
    const other = await createVenue(admin);
    const keeps = await createEvent(admin, { curatorIds: [curator.id] });
    const goes = await createEvent(admin, { curatorIds: [curator.id] });
    const placed = await createEvent(admin, { venueId: venue.id, venueAddress: null });
    const moved = await createEvent(admin, { venueId: venue.id, venueAddress: null });
    expect((await admin.request('DELETE', `/api/admin/curators/${curator.id}?detach=true`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/admin/venues/${venue.id}?detach=true`)).status).toBe(204);
    expect((await admin.call('GET', `/api/admin/events/${keeps.id}`)).body.curatorIds).toEqual([]);
    // Meanwhile one event goes, and another gets a venue of its own.
    expect((await admin.request('DELETE', `/api/admin/events/${goes.id}`)).status).toBe(204);
    const movedNow = (await admin.call('GET', `/api/admin/events/${moved.id}`)).body;
    expect((await admin.call('PATCH', `/api/admin/events/${moved.id}`, { version: movedNow.version, venueId: other.id })).status).toBe(200);

    const curatorBack = await admin.call('POST', `/api/admin/trash/curators/${curator.id}/restore`);
    expect(curatorBack.status).toBe(200);
    expect(curatorBack.body.relinked).toEqual([{ collection: 'events', field: 'curatorIds', id: keeps.id }]);
    expect(curatorBack.body.notRelinked).toEqual([{ collection: 'events', field: 'curatorIds', id: goes.id, reason: 'gone' }]);
    const kept = (await admin.call('GET', `/api/admin/events/${keeps.id}`)).body;
    expect(kept.curatorIds).toEqual([curator.id]);
    // The event changed: a form opened before the restore meets a conflict instead of undoing it.
    expect(kept.version).toBeGreaterThan(keeps.version as number);

    const venueBack = await admin.call('POST', `/api/admin/trash/venues/${venue.id}/restore`);
    expect(venueBack.body.relinked).toEqual([{ collection: 'events', field: 'venueId', id: placed.id }]);
    expect(venueBack.body.notRelinked).toEqual([{ collection: 'events', field: 'venueId', id: moved.id, reason: 'replaced' }]);
    expect((await admin.call('GET', `/api/admin/events/${placed.id}`)).body.venueId).toBe(venue.id);
    expect((await admin.call('GET', `/api/admin/events/${moved.id}`)).body.venueId).toBe(other.id);
  });

  it('gives a restored item a free slug when another item took its own meanwhile', async () => {
    const { admin } = running.app;
    const first = await createTag(admin);
    expect((await admin.request('DELETE', `/api/admin/tags/${first.id}`)).status).toBe(204);
    const second = await createTag(admin, { slug: first['slug'] });
    expect(second['slug']).toBe(first['slug']);
    const restored = await admin.call('POST', `/api/admin/trash/tags/${first.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.slugChanged).toEqual({ from: first['slug'], to: `${first['slug']}-2` });
    expect(restored.body.item.slug).toBe(`${first['slug']}-2`);
  });

  it('derives a repeating event’s dates again from its rule', async () => {
    const { admin, server } = running.app;
    const series = await createEvent(admin, { recurrence: { rule: 'FREQ=WEEKLY;COUNT=4' } });
    const dates = () => server.query<{ n: number }>('SELECT count(*) AS n FROM events WHERE series_id = ?', [series.id]);
    expect((await dates())[0]!.n).toBe(3);
    expect((await admin.request('DELETE', `/api/admin/events/${series.id}`)).status).toBe(204);
    expect((await dates())[0]!.n).toBe(0);
    expect((await admin.call('POST', `/api/admin/trash/events/${series.id}/restore`)).status).toBe(200);
    expect((await dates())[0]!.n).toBe(3);
  });
});

describe('the trash screen', () => {
  it('lists an item, restores it from its form and names the links it dropped', async () => {
    const { admin, server } = running.app;
    const gone = await createTag(admin, { translations: { en: { label: 'Vanished tag' } } });
    const event = await createEvent(admin, { tagIds: [gone.id], translations: { en: { title: 'Screen trash event' } } });
    expect((await admin.request('DELETE', `/api/admin/events/${event.id}`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/admin/tags/${gone.id}`)).status).toBe(204);
    const list = await admin.request('GET', '/fr/admin/trash?collection=events');
    expect(list.status).toBe(200);
    const page = await list.text();
    expect(page).toContain('Screen trash event');
    expect(page).toContain('Restaurer');

    const form = new URLSearchParams({ intent: 'restore', collection: 'events', id: String(event.id), filter: 'events' });
    const posted = await admin.request('POST', '/fr/admin/trash', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location')!;
    expect(location).toMatch(/^\/fr\/admin\/trash\?collection=events&done=restored/);
    const notice = await (await admin.request('GET', location)).text();
    expect(notice).toContain('data-testid="trash-dropped"');
    expect(notice).toContain('Vanished tag');
    expect(notice).toContain(`href="/fr/admin/events/${event.id}"`);
    expect((await server.query<{ id: number }>('SELECT id FROM events WHERE id = ?', [event.id])).length).toBe(1);
  });

  it('names, after a restore from its form, the items that could not get their link to it back', async () => {
    const { admin } = running.app;
    const curator = await createCurator(admin);
    const linked = await createEvent(admin, { curatorIds: [curator.id], translations: { en: { title: 'Curated then deleted' } } });
    expect((await admin.request('DELETE', `/api/admin/curators/${curator.id}?detach=true`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/admin/events/${linked.id}`)).status).toBe(204);

    const form = new URLSearchParams({ intent: 'restore', collection: 'curators', id: String(curator.id), filter: 'curators' });
    const posted = await admin.request('POST', '/en/admin/trash', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(posted.status).toBe(303);
    const notice = await (await admin.request('GET', posted.headers.get('location')!)).text();
    expect(notice).toContain('data-testid="trash-unlinked"');
    expect(notice).toContain('“Curated then deleted” (deleted since)');
  });

  it('refuses an editor’s delete-forever form with a message, and keeps the item', async () => {
    const { editor } = running.app;
    const tag = await createTag(editor);
    expect((await editor.request('DELETE', `/api/admin/tags/${tag.id}`)).status).toBe(204);
    const form = new URLSearchParams({ intent: 'purge', collection: 'tags', id: String(tag.id) });
    const posted = await editor.request('POST', '/en/admin/trash', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(posted.headers.get('location')).toBe('/en/admin/trash?done=problem&code=PERMISSION_DENIED');
    expect(await (await editor.request('GET', posted.headers.get('location')!)).text()).toContain('Your role cannot do that');
    expect((await trashList('?collection=tags')).body.items.some((item: { id: number }) => item.id === tag.id)).toBe(true);
    // A form naming no known action changes nothing and says so, without a redirect.
    const garbled = await editor.request('POST', '/en/admin/trash', 'intent=shred&id=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(garbled.status).toBe(400);
    expect(await garbled.text()).toContain('That form was not understood');
  });
});

describe('purging', () => {
  it('keeps an upload’s bytes while its media is in the trash, and removes them with the entry', async () => {
    const { admin, server } = running.app;
    const image = await createImage(admin);
    const stored = join(server.dir, 'uploads', String(image['storageKey']));
    expect((await admin.request('DELETE', `/api/admin/medias/${image.id}`)).status).toBe(204);
    expect(existsSync(stored)).toBe(true);
    expect((await admin.request('DELETE', `/api/admin/trash/medias/${image.id}`)).status).toBe(204);
    expect(existsSync(stored)).toBe(false);
    expect((await admin.call('POST', `/api/admin/trash/medias/${image.id}/restore`)).status).toBe(404);
  });

  it('purges by age: entries older than HUB_TRASH_DAYS go, younger ones stay', async () => {
    const { admin, server } = running.app;
    const old = await createTag(admin);
    const young = await createTag(admin);
    for (const tag of [old, young]) expect((await admin.request('DELETE', `/api/admin/tags/${tag.id}`)).status).toBe(204);
    const [row] = await server.query<{ deleted_at: number }>("SELECT deleted_at FROM trash WHERE entity = 'tag' AND entity_id = ?", [young.id]);
    // 29 days after the young one was deleted; the old one is made 9 days older (38 days old then).
    const now = new Date(row!.deleted_at + 29 * DAY);
    await running.db.$client.execute({
      sql: "UPDATE trash SET deleted_at = ? WHERE entity = 'tag' AND entity_id = ?",
      args: [row!.deleted_at - 9 * DAY, old.id],
    });
    const storage = createLocalStorage(join(server.dir, 'uploads'));
    expect(await purgeExpiredTrash(running.db, storage, { now, days: 30 })).toBeGreaterThanOrEqual(1);
    const left = await server.query<{ entity_id: number }>("SELECT entity_id FROM trash WHERE entity = 'tag' AND entity_id IN (?, ?)", [old.id, young.id]);
    expect(left.map((entry) => entry.entity_id)).toEqual([young.id]);
  });

  it('empties the trash with one request', async () => {
    const { admin } = running.app;
    const tag = await createTag(admin);
    expect((await admin.request('DELETE', `/api/admin/tags/${tag.id}`)).status).toBe(204);
    const emptied = await admin.call('DELETE', '/api/admin/trash?collection=tags');
    expect(emptied.status).toBe(200);
    expect(emptied.body.purged).toBeGreaterThanOrEqual(1);
    expect((await trashList('?collection=tags')).body.total).toBe(0);
  });
});

describe('who may', () => {
  it('lets an editor restore the draft they deleted, but not a published item nor purge', async () => {
    const { editor, admin } = running.app;
    const draft = await createEvent(editor);
    expect((await editor.request('DELETE', `/api/admin/events/${draft.id}`)).status).toBe(204);
    const { event: published } = await publishedEvent();
    expect((await admin.request('DELETE', `/api/admin/events/${published.id}`)).status).toBe(204);

    expect((await editor.call('DELETE', `/api/admin/trash/events/${draft.id}`)).status).toBe(403);
    expect((await editor.call('DELETE', '/api/admin/trash')).status).toBe(403);
    const refused = await editor.call('POST', `/api/admin/trash/events/${published.id}/restore`);
    expect(refused.status).toBe(403);
    expect(refused.body.permission).toBe('content.deletePublished');
    expect((await editor.call('POST', `/api/admin/trash/events/${draft.id}/restore`)).status).toBe(200);
    expect((await running.app.visitor.call('GET', '/api/admin/trash')).status).toBe(403);
    expect((await admin.call('POST', `/api/admin/trash/events/${published.id}/restore`)).status).toBe(200);
  });

  it('answers a malformed list query with a 400', async () => {
    expect((await trashList('?collection=nope')).status).toBe(400);
    expect((await trashList('?page=0')).status).toBe(400);
  });
});
