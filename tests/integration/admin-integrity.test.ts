/**
 * What keeps the content consistent around admin writes, against the built server: deleting
 * what is in use (409 listing the usages, or detach), bulk actions (all or nothing), exports that
 * respect the list filters, hub cache invalidation seen on the next request, and the draft
 * preview that only staff can open and nothing caches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminServer, type AdminServer } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createCurator, createEvent, createImage, createOrganizer, createTag } from '../helpers/factories.ts';

let app: AdminServer;

beforeAll(async () => {
  // No demo content: each test creates what it needs.
  app = await startAdminServer({ HUB_DEMO: '0' });
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
    const tagId = (await createTag(app.editor)).id;
    const event = await createEvent(app.editor, { tagIds: [tagId], translations: { en: { title: 'Tagged Evening' } } });
    const tag = (await app.editor.call('GET', `/api/admin/tags/${tagId}`)).body;
    expect(tag.usedBy.total).toBe(1);
    const refused = await app.editor.call('DELETE', `/api/admin/tags/${tagId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('IN_USE');
    expect(refused.body.usageCount).toBe(1);
    expect(refused.body.usages).toEqual([expect.objectContaining({ usedId: tagId, field: 'tagIds', entity: 'event', id: event.id, title: 'Tagged Evening' })]);

    const editorDetach = await app.editor.call('DELETE', `/api/admin/tags/${tagId}?detach=true`);
    expect(editorDetach.status).toBe(403);
    expect(editorDetach.body.permission).toBe('content.deletePublished');

    const detached = await app.admin.request('DELETE', `/api/admin/tags/${tagId}?detach=true`);
    expect(detached.status).toBe(204);
    const after = (await app.editor.call('GET', `/api/admin/events/${event.id}`)).body;
    expect(after.tagIds).toEqual([]);
    expect(after.version).toBe(event.version + 1);
    expect((await app.editor.call('GET', `/api/admin/tags/${tagId}`)).status).toBe(404);
  });

  it('lists the events of an organizer and the pages using a media as cover', async () => {
    const cover = await createImage(app.editor);
    const withCover = await createEvent(app.editor, { coverMediaId: cover.id });
    const media = await app.editor.call('DELETE', `/api/admin/medias/${cover.id}`);
    expect(media.status).toBe(409);
    expect(media.body.usages).toContainEqual(expect.objectContaining({ entity: 'event', id: withCover.id, field: 'coverMediaId' }));

    const organizer = await createOrganizer(app.editor);
    const runs = await Promise.all([1, 2].map(() => createEvent(app.editor, { organizerIds: [organizer.id] })));
    const refused = await app.editor.call('DELETE', `/api/admin/organizers/${organizer.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.usages.map((u: { field: string; entity: string; id: number }) => [u.entity, u.field, u.id]).sort()).toEqual(
      runs.map((event) => ['event', 'organizerIds', event.id]).sort(),
    );
  });

  it('deletes an unused item at once', async () => {
    const tag = await app.editor.call('POST', '/api/admin/tags', { translations: { en: { label: 'Unused tag' } } });
    expect((await app.editor.request('DELETE', `/api/admin/tags/${tag.body.id}`)).status).toBe(204);
  });
});

describe('bulk actions', () => {
  it('publishes, archives and deletes many items; publishing skips the items that cannot be, other actions are all or nothing', async () => {
    const ids = await Promise.all(
      ['Bulk one', 'Bulk two', 'Bulk three'].map(async (title) => (await app.editor.call('POST', '/api/admin/events', draftEvent(title))).body.id),
    );
    const published = await app.editor.call('POST', '/api/admin/events/bulk', { action: 'publish', ids });
    expect(published.status).toBe(200);
    expect(published.body.changed.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await app.editor.call('GET', `/api/admin/events/${id}`)).body.status).toBe('published');

    const bulk = (action: string, selected: number[], client = app.editor) => client.call('POST', '/api/admin/events/bulk', { action, ids: selected });
    expect((await bulk('archive', [ids[0], ids[1]])).status).toBe(200);
    expect((await bulk('unpublish', [ids[2]])).status).toBe(200);
    // Archived → published is not a transition: that item is skipped, the draft beside it is published.
    const partial = await bulk('publish', [ids[0], ids[2]]);
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ changed: [ids[2]], skipped: [{ id: ids[0], errors: { status: ['INVALID_TRANSITION'] } }] });
    expect((await app.editor.call('GET', `/api/admin/events/${ids[0]}`)).body.status).toBe('archived');
    // With nothing publishable the batch is refused as a whole.
    const refused = await bulk('publish', [ids[0]]);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'BULK_REJECTED', errors: { [`items.${ids[0]}.status`]: ['INVALID_TRANSITION'] } });
    // Archived → draft (restore), then published again; an invalid archive stays all or nothing.
    expect((await bulk('unpublish', [ids[0]])).body.changed).toEqual([ids[0]]);
    expect((await bulk('archive', [ids[0], ids[1]])).status).toBe(422);
    expect((await bulk('publish', [ids[0]])).status).toBe(200);

    // Every one of them was published once: unpublishing first does not let an editor delete it.
    expect((await bulk('unpublish', [ids[2]])).status).toBe(200);
    expect((await bulk('delete', [ids[2]])).status).toBe(403);
    const protectedDelete = await bulk('delete', [ids[0], ids[1]]);
    expect(protectedDelete.status).toBe(403);
    expect(protectedDelete.body.permission).toBe('content.deletePublished');
    expect((await app.editor.call('GET', `/api/admin/events/${ids[1]}`)).status).toBe(200);
    expect((await bulk('delete', [ids[0], ids[1], ids[2]], app.admin)).status).toBe(200);
    for (const id of ids) expect((await app.editor.call('GET', `/api/admin/events/${id}`)).status).toBe(404);
  });

  it('leaves unpublished an item a public page could not show, naming the missing fields', async () => {
    const ready = (await app.editor.call('POST', '/api/admin/events', draftEvent('Ready to go'))).body.id;
    const bare = (
      await app.editor.call('POST', '/api/admin/events', draftEvent('x', { venueAddress: null, translations: { fr: { title: 'Seulement en français' } } }))
    ).body.id;
    const result = await app.editor.call('POST', '/api/admin/events/bulk', { action: 'publish', ids: [ready, bare] });
    expect(result.status).toBe(200);
    expect(result.body.changed).toEqual([ready]);
    expect(result.body.skipped).toEqual([
      { id: bare, errors: { 'translations.en.title': ['REQUIRED_TO_PUBLISH'], venueAddress: ['VENUE_OR_ONLINE_REQUIRED'] } },
    ]);
    expect((await app.editor.call('GET', `/api/admin/events/${ready}`)).body.status).toBe('published');
    expect((await app.editor.call('GET', `/api/admin/events/${bare}`)).body.status).toBe('draft');
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

  it('exports full-width formula starts as text, and curator links as readable text in CSV while JSON keeps them', async () => {
    await createTag(app.editor, { slug: 'full-width-formula', translations: { en: { label: '＝HYPERLINK("http://evil.example")' } } });
    const tags = parseCsv(await (await app.editor.request('GET', '/api/admin/tags/export?format=csv&q=evil')).text());
    const fullWidth = tags.find((row) => row[tags[0]!.indexOf('slug')] === 'full-width-formula');
    expect(fullWidth?.[tags[0]!.indexOf('label_en')]).toBe(`'＝HYPERLINK("http://evil.example")`);

    const links = [
      { label: 'Website', url: 'https://ines.example/' },
      { label: '＠ines', url: 'https://social.example/@ines' },
    ];
    const curator = await createCurator(app.editor, { name: 'Inès Linked', links });
    const [header, ...rows] = parseCsv(await (await app.editor.request('GET', '/api/admin/curators/export?format=csv&q=linked')).text());
    expect(rows).toHaveLength(1);
    const cell = rows[0]![header!.indexOf('links')]!;
    expect(cell).toBe('Website <https://ines.example/>; ＠ines <https://social.example/@ines>');
    expect(rows.flat().join('\n')).not.toContain('[object Object]');

    const json = await app.editor.call('GET', '/api/admin/curators/export?format=json&q=linked');
    expect(json.body).toEqual([expect.objectContaining({ id: curator.id, links })]);
  });

  it('exports the same items as the filtered list, as CSV and as JSON', async () => {
    await Promise.all([createEvent(app.editor), createEvent(app.editor, { status: 'published' })]);
    const list = await app.editor.call('GET', '/api/admin/events?status=draft&limit=100');
    expect(list.body.total).toBeGreaterThan(0);
    const csv = parseCsv(await (await app.editor.request('GET', '/api/admin/events/export?status=draft')).text());
    const statusColumn = csv[0]!.indexOf('status');
    expect(csv.slice(1).map((row) => row[statusColumn])).toEqual(Array(list.body.total).fill('draft'));

    const tag = await createTag(app.editor);
    const tagged = await Promise.all([1, 2].map(() => createEvent(app.editor, { tagIds: [tag.id] })));
    await createEvent(app.editor);
    const listed = await app.editor.call('GET', `/api/admin/events?tag=${tag.id}&limit=100`);
    expect(listed.body.items.map((e: { id: number }) => e.id).sort()).toEqual(tagged.map((e) => e.id).sort());
    const json = await app.editor.call('GET', `/api/admin/events/export?format=json&tag=${tag.id}`);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((json.body as { id: number }[]).map((e) => e.id).sort()).toEqual(tagged.map((e) => e.id).sort());
  });
});

describe('hub cache invalidation', () => {
  it('shows an edited title on the next hub request, though the page was cached', async () => {
    const { id, slug } = await createEvent(app.editor, { status: 'published' });
    const page = `/en/hub/event/${slug}`;
    await hub(page);
    expect(cacheState(await hub(page))).toBe('HIT');
    const current = await app.editor.call('GET', `/api/admin/events/${id}`);
    const patched = await app.editor.call('PATCH', `/api/admin/events/${id}`, {
      version: current.body.version,
      translations: { en: { title: 'Freshly Renamed Event' } },
    });
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
    const organizerId = (await createOrganizer(app.editor)).id;
    const event = await createEvent(app.editor, { status: 'published', organizerIds: [organizerId] });
    const page = `/en/hub/event/${event.slug}`;
    await hub(page);
    expect(cacheState(await hub(page))).toBe('HIT');
    const organizer = (await app.editor.call('GET', `/api/admin/organizers/${organizerId}`)).body;
    expect((await app.editor.call('PATCH', `/api/admin/organizers/${organizerId}`, { version: organizer.version, name: 'Renamed Collective' })).status).toBe(
      200,
    );
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
