/**
 * What keeps the content consistent around admin writes, against the built server: deleting
 * what is in use (409 listing the usages, or detach), bulk actions (all or nothing), exports that
 * respect the list filters, hub cache invalidation seen on the next request, and the draft
 * preview that only staff can open and nothing caches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';

let app: AdminServer;

beforeAll(async () => {
  app = await startAdminServer();
});
afterAll(async () => {
  await app?.server.stop();
});

const draftEvent = (title: string, extra: Record<string, unknown> = {}) => ({
  startsAt: '2031-04-02T19:00:00+02:00',
  endsAt: '2031-04-02T21:00:00+02:00',
  timeZone: 'Europe/Paris',
  venueAddress: '1 rue de la Paix, Paris',
  translations: { en: { title } },
  ...extra,
});

const hub = (path: string) => fetch(`${app.server.origin}${path}`);

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, newlines inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (char !== '\r') field += char;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

describe('deleting what is in use', () => {
  it('answers 409 listing where a tag is used; an editor may not detach; an admin may', async () => {
    const tag = (await app.editor.call('GET', '/api/admin/tags/1')).body;
    expect(tag.usedBy.total).toBeGreaterThan(0);
    const refused = await app.editor.call('DELETE', '/api/admin/tags/1');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('IN_USE');
    expect(refused.body.usageCount).toBe(tag.usedBy.total);
    const usage = refused.body.usages[0];
    expect(usage).toMatchObject({ usedId: 1, field: 'tagIds' });
    expect(['event', 'edition']).toContain(usage.entity);
    expect(usage.title).toEqual(expect.any(String));

    const owner = (await app.editor.call('GET', `/api/admin/${usage.entity}s/${usage.id}`)).body;
    const editorDetach = await app.editor.call('DELETE', '/api/admin/tags/1?detach=true');
    expect(editorDetach.status).toBe(403);
    expect(editorDetach.body.permission).toBe('content.deletePublished');

    const detached = await app.admin.request('DELETE', '/api/admin/tags/1?detach=true');
    expect(detached.status).toBe(204);
    const after = (await app.editor.call('GET', `/api/admin/${usage.entity}s/${usage.id}`)).body;
    expect(after.tagIds).not.toContain(1);
    expect(after.version).toBe(owner.version + 1);
    expect((await app.editor.call('GET', '/api/admin/tags/1')).status).toBe(404);
  });

  it('lists the events of an organizer and the pages using a media as cover', async () => {
    const events = (await app.editor.call('GET', '/api/admin/events?limit=100')).body.items as { id: number; coverMediaId: number | null }[];
    const withCover = events.find((event) => event.coverMediaId !== null)!;
    const media = await app.editor.call('DELETE', `/api/admin/medias/${withCover.coverMediaId}`);
    expect(media.status).toBe(409);
    expect(media.body.usages).toContainEqual(expect.objectContaining({ entity: 'event', id: withCover.id, field: 'coverMediaId' }));

    const organizers = (await app.editor.call('GET', '/api/admin/organizers?limit=100')).body.items as { id: number }[];
    const used = await Promise.all(organizers.map((o) => app.editor.call('GET', `/api/admin/organizers/${o.id}`)));
    const busy = used.find((response) => response.body.usedBy.total > 0)!.body;
    const refused = await app.editor.call('DELETE', `/api/admin/organizers/${busy.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.usages.every((u: { field: string; entity: string }) => u.field === 'organizerIds' && u.entity === 'event')).toBe(true);
  });

  it('deletes an unused item at once', async () => {
    const tag = await app.editor.call('POST', '/api/admin/tags', { translations: { en: { label: 'Unused tag' } } });
    expect((await app.editor.request('DELETE', `/api/admin/tags/${tag.body.id}`)).status).toBe(204);
  });
});

describe('bulk actions', () => {
  it('publishes, archives and deletes many items; a refused item changes nothing', async () => {
    const ids = await Promise.all(['Bulk one', 'Bulk two', 'Bulk three'].map(async (title) => (await app.editor.call('POST', '/api/admin/events', draftEvent(title))).body.id));
    const published = await app.editor.call('POST', '/api/admin/events/bulk', { action: 'publish', ids });
    expect(published.status).toBe(200);
    expect(published.body.changed.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await app.editor.call('GET', `/api/admin/events/${id}`)).body.status).toBe('published');

    const bulk = (action: string, selected: number[], client = app.editor) => client.call('POST', '/api/admin/events/bulk', { action, ids: selected });
    expect((await bulk('archive', [ids[0], ids[1]])).status).toBe(200);
    expect((await bulk('unpublish', [ids[2]])).status).toBe(200);
    // Archived → published is not a transition: the whole batch is refused, the draft stays a draft.
    const refused = await bulk('publish', [ids[0], ids[2]]);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'BULK_REJECTED', errors: { [`items.${ids[0]}.status`]: ['INVALID_TRANSITION'] } });
    expect((await app.editor.call('GET', `/api/admin/events/${ids[2]}`)).body.status).toBe('draft');
    // Archived → draft (restore), then published again.
    expect((await bulk('unpublish', [ids[0]])).body.changed).toEqual([ids[0]]);
    expect((await bulk('publish', [ids[0]])).status).toBe(200);

    expect((await bulk('delete', [ids[2]])).status).toBe(200);
    const protectedDelete = await bulk('delete', [ids[0], ids[1]]);
    expect(protectedDelete.status).toBe(403);
    expect(protectedDelete.body.permission).toBe('content.deletePublished');
    expect((await app.editor.call('GET', `/api/admin/events/${ids[1]}`)).status).toBe(200);
    expect((await bulk('delete', [ids[0], ids[1]], app.admin)).status).toBe(200);
    for (const id of ids) expect((await app.editor.call('GET', `/api/admin/events/${id}`)).status).toBe(404);
  });

  it('refuses to publish an item a public page could not show, naming the missing fields', async () => {
    const ready = (await app.editor.call('POST', '/api/admin/events', draftEvent('Ready to go'))).body.id;
    const bare = (await app.editor.call('POST', '/api/admin/events', draftEvent('x', { venueAddress: null, translations: { fr: { title: 'Seulement en français' } } }))).body.id;
    const result = await app.editor.call('POST', '/api/admin/events/bulk', { action: 'publish', ids: [ready, bare] });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual({
      [`items.${bare}.translations.en.title`]: ['REQUIRED_TO_PUBLISH'],
      [`items.${bare}.venueAddress`]: ['VENUE_OR_ONLINE_REQUIRED'],
    });
    expect((await app.editor.call('GET', `/api/admin/events/${ready}`)).body.status).toBe('draft');
    const single = await app.editor.call('PATCH', `/api/admin/events/${bare}`, { version: 1, status: 'published' });
    expect(single.status).toBe(422);
    expect(single.body.errors['translations.en.title']).toEqual(['REQUIRED_TO_PUBLISH']);
  });
});

describe('export', () => {
  it('exports CSV with the list filters applied, and neutralises spreadsheet formulas', async () => {
    await app.editor.call('POST', '/api/admin/tags', { translations: { en: { label: '=HYPERLINK("http://evil.example")' } }, slug: 'formula' });
    const response = await app.editor.request('GET', '/api/admin/tags/export?format=csv&q=hyperlink');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="tags-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual(expect.arrayContaining(['id', 'slug', 'label_en', 'label_fr', 'label_de', 'status_en']));
    expect(rows).toHaveLength(1);
    expect(rows[0]![header!.indexOf('label_en')]).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it('exports the same items as the filtered list, as CSV and as JSON', async () => {
    const list = await app.editor.call('GET', '/api/admin/events?status=draft&limit=100');
    const csv = parseCsv(await (await app.editor.request('GET', '/api/admin/events/export?status=draft')).text());
    const statusColumn = csv[0]!.indexOf('status');
    expect(csv.slice(1).map((row) => row[statusColumn])).toEqual(Array(list.body.total).fill('draft'));

    const tagged = await app.editor.call('GET', '/api/admin/events?tag=2&limit=100');
    const json = await app.editor.call('GET', '/api/admin/events/export?format=json&tag=2');
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((json.body as { id: number }[]).map((e) => e.id).sort()).toEqual(tagged.body.items.map((e: { id: number }) => e.id).sort());
    expect((json.body as { tagIds: number[] }[]).every((e) => e.tagIds.includes(2))).toBe(true);
  });
});

describe('hub cache invalidation', () => {
  it('shows an edited title on the next hub request, though the page was cached', async () => {
    const list = await app.editor.call('GET', '/api/admin/events?status=published&sort=-startsAt&limit=1');
    const { id, slug } = list.body.items[0];
    const page = `/en/hub/event/${slug}`;
    await hub(page);
    expect(cacheState(await hub(page))).toBe('HIT');
    const current = await app.editor.call('GET', `/api/admin/events/${id}`);
    const patched = await app.editor.call('PATCH', `/api/admin/events/${id}`, { version: current.body.version, translations: { en: { title: 'Freshly Renamed Event' } } });
    expect(patched.status).toBe(200);
    const after = await hub(page);
    expect(cacheState(after)).not.toBe('HIT');
    expect(await after.text()).toContain('Freshly Renamed Event');
  });

  it('keeps the hub cache when only drafts change (no public page shows them)', async () => {
    await hub('/de/hub');
    expect(cacheState(await hub('/de/hub'))).toBe('HIT');
    const draft = await app.editor.call('POST', '/api/admin/events', draftEvent('Quiet Draft'));
    await app.editor.call('PATCH', `/api/admin/events/${draft.body.id}`, { version: 1, translations: { de: { title: 'Stiller Entwurf' } } });
    expect(cacheState(await hub('/de/hub'))).toBe('HIT');
    // Publishing it is a public change: the listing is rebuilt.
    await app.editor.call('PATCH', `/api/admin/events/${draft.body.id}`, { version: 2, status: 'published' });
    expect(cacheState(await hub('/de/hub'))).not.toBe('HIT');
  });

  it('refreshes an event page when an organizer it shows is renamed', async () => {
    const event = (await app.editor.call('GET', '/api/admin/events?status=published&limit=100')).body.items.find((e: { endsAt: string }) => e.endsAt > new Date().toISOString());
    const detail = (await app.editor.call('GET', `/api/admin/events/${event.id}`)).body;
    if (detail.organizerIds.length === 0) {
      const organizers = (await app.editor.call('GET', '/api/admin/organizers?limit=1')).body.items;
      await app.editor.call('PATCH', `/api/admin/events/${event.id}`, { version: detail.version, organizerIds: [organizers[0].id] });
    }
    const organizerId = (await app.editor.call('GET', `/api/admin/events/${event.id}`)).body.organizerIds[0];
    const page = `/en/hub/event/${event.slug}`;
    await hub(page);
    expect(cacheState(await hub(page))).toBe('HIT');
    const organizer = (await app.editor.call('GET', `/api/admin/organizers/${organizerId}`)).body;
    expect((await app.editor.call('PATCH', `/api/admin/organizers/${organizerId}`, { version: organizer.version, name: 'Renamed Collective' })).status).toBe(200);
    expect(await (await hub(page)).text()).toContain('Renamed Collective');
  });
});

describe('draft preview', () => {
  it('renders a draft for staff only, never cached, while the public page stays 404', async () => {
    const created = await app.editor.call('POST', '/api/admin/events', draftEvent('Secret Draft Concert'));
    const { slug, previewPath } = created.body;
    expect(previewPath).toBe(`/en/admin/preview/event/${slug}`);
    expect((await hub(`/en/hub/event/${slug}`)).status).toBe(404);

    for (let i = 0; i < 2; i++) {
      const preview = await fetch(`${app.server.origin}/fr/admin/preview/event/${slug}`, { headers: { cookie: app.editor.cookie } });
      expect(preview.status).toBe(200);
      expect(preview.headers.get('cache-control')).toBe('private, no-store');
      expect(cacheState(preview)).not.toBe('HIT');
      const html = await preview.text();
      expect(html).toContain('Secret Draft Concert');
      expect(html).toContain('brouillon');
    }
    const anonymous = await fetch(`${app.server.origin}/en/admin/preview/event/${slug}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(await anonymous.text()).not.toContain('Secret Draft Concert');
    const visitor = await fetch(`${app.server.origin}/en/admin/preview/event/${slug}`, { headers: { cookie: app.visitor.cookie }, redirect: 'manual' });
    expect([302, 403]).toContain(visitor.status);
    expect(await visitor.text()).not.toContain('Secret Draft Concert');
    const unknown = await fetch(`${app.server.origin}/en/admin/preview/event/no-such-event`, { headers: { cookie: app.editor.cookie } });
    expect(unknown.status).toBe(404);
  });
});
