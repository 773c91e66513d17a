/**
 * Saved views of the admin lists against the built server (docs/decisions/063): a person saves
 * a list's query under a name, sees only their own views, renames, deletes and makes one the
 * default the list opens with; a query the list refuses is a 400 when saved, and a stored one the
 * list no longer accepts opens without what it lost; names are unique per person and list.
 */
import { describe, expect, it } from 'vitest';
import { savedViews } from '../../db/schema.ts';
import { useAdminServer } from '../helpers/admin-client.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

const views = (collection: string) => `/api/admin/views/${collection}`;
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

describe('saving and listing views', () => {
  it('saves a list query without its page and lists it back for its owner only', async () => {
    const { admin, editor } = running.app;
    const name = unique('Drafts to translate');
    const created = await admin.call('POST', views('events'), { name, query: { status: 'draft', missing: 'fr', sort: '-updatedAt', page: '4' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/admin/views/events/${created.body.id}`);
    expect(created.body).toMatchObject({
      name,
      collection: 'events',
      isDefault: false,
      query: { status: 'draft', missing: 'fr', sort: '-updatedAt' },
      dropped: [],
    });

    const mine = await admin.call('GET', views('events'));
    expect(mine.status).toBe(200);
    expect(mine.body.views).toContainEqual(expect.objectContaining({ id: created.body.id, name }));
    expect(mine.headers.get('cache-control')).toContain('no-store');

    // Another person, and another list, see none of it.
    expect((await editor.call('GET', views('events'))).body.views).not.toContainEqual(expect.objectContaining({ id: created.body.id }));
    expect((await admin.call('GET', views('editions'))).body.views).toEqual([]);
  });

  it('refuses a name already used for that list by that person, letter case aside, with a localized 409', async () => {
    const { admin, editor } = running.app;
    const name = unique('Published');
    expect((await admin.call('POST', views('events'), { name, query: { status: 'published' } })).status).toBe(201);

    const again = await admin.request('POST', views('events'), { name: name.toUpperCase(), query: {} }, { 'accept-language': 'fr' });
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await again.json()) as { code: string; title: string; errors: Record<string, string[]> };
    expect(problem).toMatchObject({ code: 'VIEW_NAME_TAKEN', errors: { name: ['VIEW_NAME_TAKEN'] } });
    expect(problem.title).toContain('Vous avez déjà une vue de ce nom');

    // The same name on another list, or for another person, is free.
    expect((await admin.call('POST', views('editions'), { name, query: {} })).status).toBe(201);
    expect((await editor.call('POST', views('events'), { name, query: {} })).status).toBe(201);
  });

  it('saves one of several views posted at once under one name, and answers the others 409, never 5xx', async () => {
    const { admin } = running.app;
    const name = unique('Race');
    const answers = await Promise.all(
      [name, name.toUpperCase(), name, name.toLowerCase()].map((each) => admin.call('POST', views('curators'), { name: each, query: {}, isDefault: true })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    const listed = (await admin.call('GET', views('curators'))).body.views as { name: string; isDefault: boolean }[];
    expect(listed.filter((view) => view.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
    expect(listed.filter((view) => view.isDefault)).toHaveLength(1);
  });

  it('refuses a query the list does not accept, naming each parameter, and saves nothing', async () => {
    const { admin } = running.app;
    const name = unique('Broken');
    const refused = await admin.call('POST', views('events'), { name, query: { status: 'lost', venue: '2', sort: 'colour' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { 'query.status': ['INVALID_VALUE'], 'query.venue': ['UNKNOWN_FIELD'], 'query.sort': ['INVALID_SORT'] },
    });
    expect((await admin.call('GET', views('events'))).body.views).not.toContainEqual(expect.objectContaining({ name }));
  });

  it('answers bad bodies and unknown lists with 4xx problems', async () => {
    const { admin } = running.app;
    expect((await admin.call('POST', views('events'), { name: '   ', query: {} })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { name: ['REQUIRED'] },
    });
    expect((await admin.call('POST', views('events'), { name: 'x', query: {}, extra: true })).status).toBe(400);
    expect((await admin.request('POST', views('events'), '{"name":', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await admin.call('GET', views('concerts'))).status).toBe(404);
    expect((await admin.call('PATCH', `${views('events')}/abc`, { name: 'x' })).status).toBe(404);
    expect((await admin.call('PATCH', `${views('events')}/1`, {})).status).toBe(400);
  });

  it('is for signed-in staff, from this site', async () => {
    const { anonymous, visitor, admin } = running.app;
    expect((await anonymous.call('GET', views('events'))).status).toBe(401);
    expect((await visitor.call('GET', views('events'))).status).toBe(403);
    const crossSite = await admin.request('POST', views('events'), { name: unique('x'), query: {} }, { origin: 'https://elsewhere.example' });
    expect(crossSite.status).toBe(403);
  });
});

describe('changing views', () => {
  it('renames, and refuses a name another of the same person’s views has', async () => {
    const { admin } = running.app;
    const first = (await admin.call('POST', views('tags'), { name: unique('First'), query: { sort: '-updatedAt' } })).body;
    const second = (await admin.call('POST', views('tags'), { name: unique('Second'), query: {} })).body;
    const renamed = await admin.call('PATCH', `${views('tags')}/${first.id}`, { name: `${first.name} renamed` });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: first.id, name: `${first.name} renamed`, query: { sort: '-updatedAt' } });
    const clash = await admin.call('PATCH', `${views('tags')}/${second.id}`, { name: `${first.name} renamed` });
    expect(clash).toMatchObject({ status: 409, body: { code: 'VIEW_NAME_TAKEN' } });
    // Keeping one's own name is no clash.
    expect((await admin.call('PATCH', `${views('tags')}/${second.id}`, { name: second.name })).status).toBe(200);
  });

  it('keeps one default per person and list: a new default unmarks the old', async () => {
    const { admin } = running.app;
    const a = (await admin.call('POST', views('venues'), { name: unique('A'), query: { status: 'draft' }, isDefault: true })).body;
    expect(a.isDefault).toBe(true);
    const b = (await admin.call('POST', views('venues'), { name: unique('B'), query: { status: 'archived' } })).body;
    expect((await admin.call('PATCH', `${views('venues')}/${b.id}`, { isDefault: true })).body.isDefault).toBe(true);
    const listed = (await admin.call('GET', views('venues'))).body.views as { id: number; isDefault: boolean }[];
    expect(listed.filter((view) => view.isDefault).map((view) => view.id)).toEqual([b.id]);

    // A new view saved as default takes the mark too.
    const c = (await admin.call('POST', views('venues'), { name: unique('C'), query: {}, isDefault: true })).body;
    const after = (await admin.call('GET', views('venues'))).body.views as { id: number; isDefault: boolean }[];
    expect(after.filter((view) => view.isDefault).map((view) => view.id)).toEqual([c.id]);

    // Unmarked, the list has no default.
    expect((await admin.call('PATCH', `${views('venues')}/${c.id}`, { isDefault: false })).body.isDefault).toBe(false);
    expect(((await admin.call('GET', views('venues'))).body.views as { isDefault: boolean }[]).some((view) => view.isDefault)).toBe(false);
  });

  it('lets nobody but the owner change or delete a view', async () => {
    const { admin, editor } = running.app;
    const view = (await admin.call('POST', views('events'), { name: unique('Mine'), query: { status: 'draft' } })).body;
    expect((await editor.call('PATCH', `${views('events')}/${view.id}`, { name: 'Taken over' })).status).toBe(404);
    expect((await editor.call('PATCH', `${views('events')}/${view.id}`, { isDefault: true })).status).toBe(404);
    expect((await editor.call('DELETE', `${views('events')}/${view.id}`)).status).toBe(404);
    // Nor through another list's path.
    expect((await admin.call('DELETE', `${views('tags')}/${view.id}`)).status).toBe(404);
    expect((await admin.call('GET', views('events'))).body.views).toContainEqual(expect.objectContaining({ id: view.id, name: view.name, isDefault: false }));

    expect((await admin.call('DELETE', `${views('events')}/${view.id}`)).status).toBe(204);
    expect((await admin.call('GET', views('events'))).body.views).not.toContainEqual(expect.objectContaining({ id: view.id }));
    expect((await admin.call('DELETE', `${views('events')}/${view.id}`)).status).toBe(404);
  });
});

describe('opening views', () => {
  it('opens a stored view the list no longer fully accepts without what it lost, and says what', async () => {
    const { admin } = running.app;
    const me = ((await admin.call('GET', '/api/admin/me')).body as { user: { id: string } }).user;
    const now = new Date();
    const name = unique('Old');
    // Saved when events had a `venue` filter and a `colour` sort (neither exists today).
    await running.db
      .insert(savedViews)
      .values({ userId: me.id, collection: 'events', name, query: { status: 'draft', venue: '3', sort: 'colour', page: '2' }, createdAt: now, updatedAt: now });
    const listed = (await admin.call('GET', views('events'))).body.views as { name: string; query: unknown; dropped: string[] }[];
    const old = listed.find((view) => view.name === name);
    expect(old?.query).toEqual({ status: 'draft' });
    expect(old?.dropped.sort()).toEqual(['sort', 'venue']);
    // What it opens with is a query the list answers.
    expect((await admin.call('GET', `/api/admin/events?${new URLSearchParams(old?.query as Record<string, string>)}`)).status).toBe(200);
  });

  it('opens a list without a query with the person’s default view, and only theirs', async () => {
    const { admin, editor } = running.app;
    const name = unique('Archived editions');
    expect((await admin.call('POST', views('editions'), { name, query: { status: 'archived', sort: '-updatedAt' }, isDefault: true })).status).toBe(201);

    const page = await admin.request('GET', '/en/admin/editions');
    expect(page.status).toBe(200);
    const html = await page.text();
    // The island starts from the default's query and is told which view it opened.
    expect(html).toContain('?status=archived&amp;sort=-updatedAt');
    expect(html).toContain(name);

    // With a query in the URL, the URL wins.
    const asked = await (await admin.request('GET', '/en/admin/editions?status=draft')).text();
    expect(asked).not.toContain(name);
    expect(asked).toContain('?status=draft');
    // Someone else opens the list as it is.
    expect(await (await editor.request('GET', '/en/admin/editions')).text()).not.toContain(name);
  });
});

describe('limits', () => {
  it('limits how often one person changes views (429 with Retry-After)', async () => {
    const { editor } = running.app;
    let last: Response | undefined;
    for (let attempt = 0; attempt < 61; attempt += 1) {
      last = await editor.request('POST', views('files'), { name: '', query: {} });
      if (last.status === 429) break;
      expect(last.status).toBe(400);
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await last?.json()) as { code: string }).code).toBe('VIEWS_RATE_LIMITED');
    // Reading stays open.
    expect((await editor.call('GET', views('files'))).status).toBe(200);
  });
});
