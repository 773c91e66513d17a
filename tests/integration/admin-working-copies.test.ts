/**
 * Working copies of published items against the built server (decision 035): a draft of a
 * published event changes nothing a visitor, a cache, a search, a feed, a calendar or a webhook
 * receiver can see; publishing it is one save that shows everywhere; discarding it drops it; a
 * copy the live item outgrew is a 409; it is checked like a save; only staff ever see it (the
 * preview, the list's badge, the item's `draft`).
 */
import { describe, expect, it } from 'vitest';
import { EDITOR_EMAIL, useAdminServer } from '../helpers/admin-client.ts';
import { cacheState } from '../helpers/cache-state.ts';
import { createEdition, createEvent, createTag, uniqueName, type Created } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0', HUB_WEBHOOK_ALLOW_PRIVATE: '1' });

function get(path: string): Promise<Response> {
  return fetch(`${running.app.server.origin}${path}`, { redirect: 'manual' });
}

async function page(path: string): Promise<{ status: number; state: string | null; body: string }> {
  const response = await get(path);
  return { status: response.status, state: cacheState(response), body: await response.text() };
}

async function count(sql: string, args: (string | number)[] = []): Promise<number> {
  const [row] = await running.app.server.query<{ n: number }>(sql, args);
  return row?.n ?? 0;
}

function saveDraft(id: number, body: Record<string, unknown>) {
  return running.app.editor.call('PUT', `/api/admin/events/${id}/draft`, body);
}

function publishDraft(id: number, version: unknown) {
  return running.app.editor.call('POST', `/api/admin/events/${id}/draft/publish`, { version });
}

/** A published event with a tag and a word only it uses, so search and tag feeds find it alone. */
async function publishedEvent(): Promise<{ event: Created; tag: Created; word: string; title: string }> {
  const tag = await createTag(running.app.editor);
  const word = `quillwort${Math.random().toString(36).slice(2, 8)}`;
  const title = uniqueName(`Harbour concert ${word}`);
  const event = await createEvent(running.app.editor, { status: 'published', tagIds: [tag.id], translations: { en: { title } } });
  return { event, tag, word, title };
}

/** What the page cache says of a view once warmed: typed searches are never kept. */
const warmState = (view: string) => (view.includes('/search?q=') ? null : 'HIT');

/** Every public view of the event, warmed so the next request is a cache HIT (searches aside). */
async function warmPublicViews(event: Created, tag: Created, word: string): Promise<string[]> {
  const views = [
    `/en/hub/event/${event.slug}`,
    `/fr/hub/event/${event.slug}`,
    `/en/hub/search?q=${word}`,
    `/en/hub/feed.xml?tag=${tag.slug}&when=all`,
    `/en/hub/calendar.ics?tag=${tag.slug}&when=all`,
    `/en/hub/event/${event.slug}/calendar.ics`,
  ];
  for (const view of views) {
    expect((await page(view)).status, view).toBe(200);
    expect((await page(view)).state, view).toBe(warmState(view));
  }
  return views;
}

// One server for the file: the webhook endpoint the first test adds listens to the later ones too.
describe('saving a draft of a published event', () => {
  it('leaves the hub page, search, feeds, calendars, the page cache and webhooks as they were', async () => {
    const hook = await running.app.admin.call('POST', '/api/admin/webhooks', {
      url: 'http://127.0.0.1:9/working-copies',
      events: ['event.updated', 'event.published', 'event.unpublished'],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const { event, tag, word, title } = await publishedEvent();
    const views = await warmPublicViews(event, tag, word);
    const before = await Promise.all(views.map(async (view) => (await page(view)).body));
    const counts = async () => ({
      purges: await count('SELECT count(*) AS n FROM cache_purges'),
      deliveries: await count('SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?', [hook.body.id]),
      revisions: await count("SELECT count(*) AS n FROM revisions WHERE entity = 'event' AND entity_id = ?", [event.id]),
    });
    const countsBefore = await counts();

    const newTitle = `Lighthouse evening ${word}x`;
    const saved = await saveDraft(event.id, { version: event.version, translations: { en: { title: newTitle } }, venueAddress: '9 quai du Port' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The live item as it was, with the copy beside it.
    expect(saved.body).toMatchObject({ version: event.version, status: 'published', venueAddress: '1 rue de la Paix, Paris', translations: { en: { title } } });
    expect(saved.body.draft).toMatchObject({
      baseVersion: event.version,
      stale: false,
      updatedBy: { label: EDITOR_EMAIL },
      item: { venueAddress: '9 quai du Port', translations: { en: { title: newTitle } }, tagIds: [tag.id] },
    });
    expect((await running.app.editor.call('GET', `/api/admin/events/${event.id}`)).body.draft.item.translations.en.title).toBe(newTitle);

    for (const [index, view] of views.entries()) {
      const after = await page(view);
      expect(after.state, view).toBe(warmState(view));
      expect(after.body, view).toBe(before[index]);
      expect(after.body, view).not.toContain('Lighthouse');
    }
    // The new word is in no index a visitor can search.
    expect((await page(`/en/hub/search?q=${word}x`)).body).not.toContain(event.slug);
    expect(await counts()).toEqual(countsBefore);
    const [row] = await running.app.server.query<{ title: string }>("SELECT title FROM event_translations WHERE event_id = ? AND locale = 'en'", [event.id]);
    expect(row?.title).toBe(title);

    // Saving it again replaces the copy; a draft that equals the live item is none.
    const again = await saveDraft(event.id, { version: event.version, translations: { en: { title: `${newTitle} again` } } });
    expect(again.body.draft.item).toMatchObject({ venueAddress: '1 rue de la Paix, Paris', translations: { en: { title: `${newTitle} again` } } });
    expect(await count("SELECT count(*) AS n FROM working_copies WHERE entity = 'event' AND entity_id = ?", [event.id])).toBe(1);
    const same = await saveDraft(event.id, { version: event.version });
    expect(same.status).toBe(200);
    expect(same.body.draft).toBeNull();
  });

  it('is never shown to anonymous visitors, and staff see it in the preview and the list', async () => {
    const { event, word } = await publishedEvent();
    const newTitle = `Secret rehearsal ${word}`;
    expect((await saveDraft(event.id, { version: event.version, translations: { en: { title: newTitle } } })).status).toBe(200);

    const anonymous = running.app.anonymous;
    expect((await anonymous.request('GET', `/api/admin/events/${event.id}`)).status).toBe(401);
    expect((await anonymous.request('PUT', `/api/admin/events/${event.id}/draft`, { version: event.version })).status).toBe(401);
    expect((await anonymous.request('POST', `/api/admin/events/${event.id}/draft/publish`, { version: event.version })).status).toBe(401);
    const preview = await anonymous.request('GET', `/en/admin/preview/event/${event.slug}`);
    expect(preview.status).not.toBe(200);
    expect(await preview.text()).not.toContain('Secret rehearsal');
    expect((await page(`/en/hub/event/${event.slug}`)).body).not.toContain('Secret rehearsal');
    expect((await page('/en/hub')).body).not.toContain('Secret rehearsal');

    const staff = await running.app.editor.request('GET', `/en/admin/preview/event/${event.slug}`);
    expect(staff.status).toBe(200);
    expect(staff.headers.get('cache-control')).toBe('private, no-store');
    const html = await staff.text();
    expect(html).toContain('Secret rehearsal');
    expect(html).toContain('data-working-copy');
    // The preview's trial write is rolled back: the live row, the search index and the revisions are as they were.
    expect((await page(`/en/hub/event/${event.slug}`)).body).not.toContain('Secret rehearsal');
    expect((await page(`/en/hub/search?q=${word}`)).body).toContain(event.slug);
    expect(await count("SELECT count(*) AS n FROM revisions WHERE entity = 'event' AND entity_id = ?", [event.id])).toBe(1);

    const list = await running.app.editor.call('GET', `/api/admin/events?q=${word}`);
    expect(list.body.items).toEqual([expect.objectContaining({ id: event.id, unpublishedChanges: true })]);
    const other = await publishedEvent();
    const otherList = await running.app.editor.call('GET', `/api/admin/events?q=${other.word}`);
    expect(otherList.body.items).toEqual([expect.objectContaining({ id: other.event.id, unpublishedChanges: false })]);
    // Collections without publication have no copies and no badge.
    const tags = await running.app.editor.call('GET', '/api/admin/tags');
    expect(tags.body.items[0]).not.toHaveProperty('unpublishedChanges');
  });
});

describe('publishing and discarding a draft', () => {
  it('publishes the copy as one save: the hub shows it, the copy is gone, a revision and a purge are recorded', async () => {
    const { event, tag, word } = await publishedEvent();
    const views = await warmPublicViews(event, tag, word);
    const newTitle = `Lighthouse evening ${word}`;
    expect((await saveDraft(event.id, { version: event.version, translations: { en: { title: newTitle } } })).status).toBe(200);
    const purges = await count('SELECT count(*) AS n FROM cache_purges');
    const updates = () => count("SELECT count(*) AS n FROM webhook_deliveries WHERE event_type = 'event.updated'");
    const updatesBefore = await updates();

    const published = await publishDraft(event.id, event.version);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({
      dropped: [],
      item: { version: event.version + 1, status: 'published', draft: null, translations: { en: { title: newTitle } } },
    });
    expect(await count("SELECT count(*) AS n FROM working_copies WHERE entity = 'event' AND entity_id = ?", [event.id])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM cache_purges')).toBeGreaterThan(purges);
    // The endpoint the first test added hears of the change, as of any save of a public item.
    expect(await updates()).toBe(updatesBefore + 1);
    const [revision] = await running.app.server.query<{ action: string; item_version: number }>(
      "SELECT action, item_version FROM revisions WHERE entity = 'event' AND entity_id = ? ORDER BY number DESC LIMIT 1",
      [event.id],
    );
    expect(revision).toEqual({ action: 'update', item_version: event.version + 1 });

    const hub = await page(views[0]!);
    expect(hub.state).toBe('MISS');
    expect(hub.body).toContain(newTitle);
    expect((await page(`/en/hub/feed.xml?tag=${tag.slug}&when=all`)).body).toContain(newTitle);
    expect((await page(`/en/hub/event/${event.slug}/calendar.ics`)).body).toContain('Lighthouse evening');
    expect((await page(`/en/hub/search?q=lighthouse ${word}`)).body).toContain(event.slug);

    // Nothing left to publish.
    const again = await publishDraft(event.id, event.version + 1);
    expect(again).toMatchObject({ status: 404, body: { code: 'NO_WORKING_COPY' } });
  });

  it('discards the copy, leaving the live item and the hub cache alone', async () => {
    const { event, tag, word, title } = await publishedEvent();
    const [hubView] = await warmPublicViews(event, tag, word);
    expect((await saveDraft(event.id, { version: event.version, translations: { en: { title: 'Thrown away' } } })).status).toBe(200);
    const discarded = await running.app.editor.request('DELETE', `/api/admin/events/${event.id}/draft`);
    expect(discarded.status).toBe(204);
    const item = await running.app.editor.call('GET', `/api/admin/events/${event.id}`);
    expect(item.body).toMatchObject({ draft: null, version: event.version, translations: { en: { title } } });
    expect((await page(hubView!)).state).toBe('HIT');
    // Discarding again is fine; an unknown item is not.
    expect((await running.app.editor.request('DELETE', `/api/admin/events/${event.id}/draft`)).status).toBe(204);
    expect((await running.app.editor.request('DELETE', '/api/admin/events/999999/draft')).status).toBe(404);
  });

  it('answers 409 when the live item changed since the copy was made, and keeps the copy', async () => {
    const { event } = await publishedEvent();
    expect((await saveDraft(event.id, { version: event.version, translations: { en: { title: 'My draft title' } } })).status).toBe(200);
    const live = await running.app.admin.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, venueAddress: '3 place du Marché' });
    expect(live.status).toBe(200);
    expect(live.body.draft).toMatchObject({ baseVersion: event.version, stale: true });

    const conflict = await publishDraft(event.id, event.version);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ code: 'VERSION_CONFLICT', current: { version: event.version + 1, venueAddress: '3 place du Marché' } });
    expect(conflict.headers.get('content-type')).toContain('application/problem+json');
    const stale = await saveDraft(event.id, { version: event.version, translations: { en: { title: 'Still mine' } } });
    expect(stale).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
    expect(await count("SELECT count(*) AS n FROM working_copies WHERE entity = 'event' AND entity_id = ?", [event.id])).toBe(1);
    // A caller publishing a copy other than the one stored is refused too.
    expect(await publishDraft(event.id, event.version + 7)).toMatchObject({ status: 409, body: { code: 'WORKING_COPY_CHANGED' } });

    // Rebased on the current version, the copy publishes and keeps the other editor's change.
    expect((await saveDraft(event.id, { version: event.version + 1, translations: { en: { title: 'My draft title' } } })).status).toBe(200);
    const published = await publishDraft(event.id, event.version + 1);
    expect(published.status).toBe(200);
    expect(published.body.item).toMatchObject({ venueAddress: '3 place du Marché', translations: { en: { title: 'My draft title' } } });
  });

  it('answers 409 when another person saved a draft since, instead of replacing theirs', async () => {
    const { event } = await publishedEvent();
    // Both open the published event: neither has seen a draft.
    const first = await saveDraft(event.id, { version: event.version, copyVersion: null, translations: { en: { title: 'Editor draft' } } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.draft).toMatchObject({ version: 1 });

    const second = await running.app.admin.call('PUT', `/api/admin/events/${event.id}/draft`, {
      version: event.version,
      copyVersion: null,
      venueAddress: '9 quai des Arts',
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'VERSION_CONFLICT',
      conflictWith: 'working-copy',
      current: { version: event.version, draft: { version: 1, item: { translations: { en: { title: 'Editor draft' } } } } },
    });
    const kept = await running.app.editor.call('GET', `/api/admin/events/${event.id}`);
    expect(kept.body.draft.item).toMatchObject({ translations: { en: { title: 'Editor draft' } } });
    expect(kept.body.draft.item.venueAddress).not.toBe('9 quai des Arts');

    // Merged onto the first draft, the second save goes through and the copy's version moves on.
    const merged = await running.app.admin.call('PUT', `/api/admin/events/${event.id}/draft`, {
      version: event.version,
      copyVersion: 1,
      venueAddress: '9 quai des Arts',
      translations: { en: { title: 'Editor draft' } },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.draft).toMatchObject({ version: 2, item: { venueAddress: '9 quai des Arts', translations: { en: { title: 'Editor draft' } } } });
    // The first person, still on copy 1, can neither overwrite nor publish what they have not seen.
    expect(await saveDraft(event.id, { version: event.version, copyVersion: 1, translations: { en: { title: 'Stale' } } })).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT', conflictWith: 'working-copy' },
    });
    expect(await running.app.editor.call('POST', `/api/admin/events/${event.id}/draft/publish`, { version: event.version, copyVersion: 1 })).toMatchObject({
      status: 409,
      body: { code: 'WORKING_COPY_CHANGED' },
    });
    const published = await running.app.editor.call('POST', `/api/admin/events/${event.id}/draft/publish`, { version: event.version, copyVersion: 2 });
    expect(published.status).toBe(200);
    expect(published.body.item).toMatchObject({ venueAddress: '9 quai des Arts', draft: null });
  });

  it('outlives an unpublish: still saved, then published into the unpublished item', async () => {
    const { event } = await publishedEvent();
    expect((await saveDraft(event.id, { version: event.version, translations: { en: { title: 'Kept through an unpublish' } } })).status).toBe(200);
    const unpublished = await running.app.editor.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, status: 'draft' });
    expect(unpublished.body).toMatchObject({ status: 'draft', draft: { stale: true } });
    const resaved = await saveDraft(event.id, { version: event.version + 1, translations: { en: { title: 'Kept and edited' } } });
    expect(resaved.status, JSON.stringify(resaved.body)).toBe(200);
    const published = await publishDraft(event.id, event.version + 1);
    expect(published.body.item).toMatchObject({ status: 'draft', draft: null, translations: { en: { title: 'Kept and edited' } } });
  });

  it('goes when its item is deleted', async () => {
    const { event } = await publishedEvent();
    expect((await saveDraft(event.id, { version: event.version, translations: { en: { title: 'Soon gone' } } })).status).toBe(200);
    expect((await running.app.admin.request('DELETE', `/api/admin/events/${event.id}`)).status).toBe(204);
    expect(await count("SELECT count(*) AS n FROM working_copies WHERE entity = 'event' AND entity_id = ?", [event.id])).toBe(0);
  });
});

describe('drafts of other publishable collections', () => {
  it('work the same for an edition: its page waits, the preview shows the draft, publishing shows it', async () => {
    const title = uniqueName('Autumn season');
    const edition = await createEdition(running.app.editor, { status: 'published', translations: { en: { title } } });
    const path = `/en/hub/edition/${edition.slug}`;
    await page(path);
    const before = await page(path);
    expect(before.state).toBe('HIT');
    const saved = await running.app.editor.call('PUT', `/api/admin/editions/${edition.id}/draft`, {
      version: edition.version,
      translations: { en: { title: `${title} revised` } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await page(path)).toEqual(before);
    expect(await (await running.app.editor.request('GET', `/en/admin/preview/edition/${edition.slug}`)).text()).toContain(`${title} revised`);
    const published = await running.app.editor.call('POST', `/api/admin/editions/${edition.id}/draft/publish`, { version: edition.version });
    expect(published.status).toBe(200);
    expect((await page(path)).body).toContain(`${title} revised`);
  });
});

describe('what a draft accepts', () => {
  it('is checked like a save, and only for published items of publishable collections', async () => {
    const { event } = await publishedEvent();
    // The same answers as a PATCH of the same body, field errors included.
    for (const body of [{ translations: { en: { title: '' } } }, { endsAt: '2031-03-04T10:00:00+01:00' }, { tagIds: [999_999] }, { nonsense: 1 }]) {
      const asDraft = await saveDraft(event.id, { version: event.version, ...body });
      const asSave = await running.app.editor.call('PATCH', `/api/admin/events/${event.id}`, { version: event.version, ...body });
      expect(asDraft.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(asDraft.status, JSON.stringify(body)).toBeLessThan(500);
      expect({ status: asDraft.status, code: asDraft.body.code, errors: asDraft.body.errors }).toEqual({
        status: asSave.status,
        code: asSave.body.code,
        errors: asSave.body.errors,
      });
    }
    expect(await saveDraft(event.id, { version: event.version, translations: { en: { title: '' } } })).toMatchObject({
      body: { errors: { 'translations.en.title': [expect.any(String)] } },
    });
    expect(await saveDraft(event.id, { version: event.version, status: 'draft' })).toMatchObject({
      status: 422,
      body: { errors: { status: ['NOT_IN_WORKING_COPY'] } },
    });
    expect(await count("SELECT count(*) AS n FROM working_copies WHERE entity = 'event' AND entity_id = ?", [event.id])).toBe(0);

    const unpublished = await createEvent(running.app.editor);
    expect(await saveDraft(unpublished.id, { version: unpublished.version, translations: { en: { title: 'Not here' } } })).toMatchObject({
      status: 409,
      body: { code: 'NOT_PUBLISHED' },
    });
    // The unpublished item has no copy member to show, and saves as it always did.
    expect((await running.app.editor.call('GET', `/api/admin/events/${unpublished.id}`)).body.draft).toBeNull();

    const tag = await createTag(running.app.editor);
    expect((await running.app.editor.call('PUT', `/api/admin/tags/${tag.id}/draft`, { version: tag.version })).status).toBe(404);
    expect((await saveDraft(999_999, { version: 1 })).status).toBe(404);
    expect(await publishDraft(event.id, 'one')).toMatchObject({ status: 400 });
    expect((await running.app.visitor.call('PUT', `/api/admin/events/${event.id}/draft`, { version: event.version })).status).toBe(403);
  });
});
