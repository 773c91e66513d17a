/**
 * The activity log through the built server: an edit records old → new values, relation and
 * translation changes with titles; the activity screen filters by person, collection, action and
 * dates and pages through results; each edit page shows its item's history; the dashboard's
 * latest changes name items by title and link to them.
 */
import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEvent, createTag, uniqueName } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

interface Row {
  id: number;
  action: string;
  title: string | null;
  changes: string | null;
}

async function latestAudit(entity: string, id: number): Promise<Row & { parsed: unknown[] }> {
  const [row] = await running.app.server.query<Row>(
    'SELECT id, action, title, changes FROM audit_log WHERE entity = ? AND entity_id = ? ORDER BY id DESC LIMIT 1',
    [entity, String(id)],
  );
  return { ...row!, parsed: row?.changes ? JSON.parse(row.changes) : [] };
}

async function page(path: string, client = running.app.admin): Promise<{ status: number; html: string }> {
  const response = await client.request('GET', path);
  return { status: response.status, html: await response.text() };
}

describe('what an audit entry records', () => {
  it('an edit records the title and old → new values, per-locale texts and added/removed relations', async () => {
    const kept = await createTag(running.app.admin);
    const dropped = await createTag(running.app.admin);
    const added = await createTag(running.app.admin);
    const title = uniqueName('Opening night');
    const event = await createEvent(running.app.admin, { tagIds: [kept.id, dropped.id], translations: { en: { title } } });
    const created = await latestAudit('event', event.id);
    expect(created).toMatchObject({ action: 'create', title });

    const { status, body } = await running.app.admin.call('PATCH', `/api/admin/events/${event.id}`, {
      version: event.version,
      venueAddress: '2 rue Neuve, Lyon',
      tagIds: [kept.id, added.id],
      translations: { en: { title: `${title} (moved)` }, fr: { title: 'Soirée d’ouverture' } },
    });
    expect(status).toBe(200);
    expect(body.version).toBe(event.version + 1);
    const row = await latestAudit('event', event.id);
    expect(row.action).toBe('update');
    expect(row.title).toBe(`${title} (moved)`);
    expect(row.parsed).toEqual(
      expect.arrayContaining([
        { kind: 'value', field: 'venueAddress', from: '1 rue de la Paix, Paris', to: '2 rue Neuve, Lyon' },
        { kind: 'text', locale: 'en', field: 'title', from: title, to: `${title} (moved)` },
        { kind: 'locale', locale: 'fr', change: 'added' },
        { kind: 'text', locale: 'fr', field: 'title', from: null, to: 'Soirée d’ouverture' },
        { kind: 'link', field: 'tagIds', added: [added.id], removed: [dropped.id] },
      ]),
    );

    // The activity screen renders it with the related tags' titles.
    const { html } = await page(`/en/admin/activity?collection=events&item=${event.id}`);
    expect(html).toContain(`href="/en/admin/events/${event.id}"`);
    expect(html).toContain('1 rue de la Paix, Paris');
    expect(html).toContain('2 rue Neuve, Lyon');
    expect(html).toMatch(new RegExp(`added <a href="/en/admin/tags/${added.id}"[^>]*>`));
    expect(html).toMatch(new RegExp(`removed <a href="/en/admin/tags/${dropped.id}"[^>]*>`));
    expect(html).toContain(`href="/en/admin/tags/${added.id}"`);
    expect(html).toContain(`href="/en/admin/tags/${dropped.id}"`);
    expect(html).toContain('French translation added');
    expect(html).toContain('Title (French)');
  });

  it('a delete keeps the title; the entry reads as plain text once the item is gone', async () => {
    const tag = await createTag(running.app.admin, { translations: { en: { label: 'Short-lived tag' } } });
    expect((await running.app.admin.call('DELETE', `/api/admin/tags/${tag.id}`)).status).toBe(204);
    const row = await latestAudit('tag', tag.id);
    expect(row).toMatchObject({ action: 'delete', title: 'Short-lived tag' });
    const { html } = await page(`/en/admin/activity?collection=tags&item=${tag.id}`);
    expect(html).toContain('Short-lived tag');
    expect(html).not.toContain(`href="/en/admin/tags/${tag.id}"`);
  });

  it('a publication change records the status old → new', async () => {
    const event = await createEvent(running.app.admin);
    expect((await running.app.admin.call('POST', '/api/admin/events/bulk', { action: 'publish', ids: [event.id] })).status).toBe(200);
    const row = await latestAudit('event', event.id);
    expect(row.action).toBe('publish');
    expect(row.parsed).toEqual([{ kind: 'value', field: 'status', from: 'draft', to: 'published' }]);
  });

  it('older entries without recorded values still read: title from today, the changed fields listed', async () => {
    const tag = await createTag(running.app.admin, { translations: { en: { label: 'Legacy tag' } } });
    const db = running.db;
    await db.$client.execute({
      sql: "INSERT INTO audit_log (actor_id, actor_label, action, entity, entity_id, changed_fields, at) VALUES ('old', 'old@example.test', 'update', 'tag', ?, '[\"translations.en.label\"]', 1000)",
      args: [String(tag.id)],
    });
    const { html } = await page(`/en/admin/activity?collection=tags&item=${tag.id}&page=2`);
    expect(html).toContain('old@example.test');
    expect(html).toContain('Changed: Label');
    expect(html).toContain(`href="/en/admin/tags/${tag.id}"`);
  });
});

describe('the activity screen', () => {
  it('filters by person, collection, action and date range', async () => {
    const tag = await createTag(running.app.editor, { translations: { en: { label: uniqueName('Editor tag') } } });
    const editorId = (await running.app.server.query<{ id: string }>("SELECT id FROM auth_users WHERE email = 'editor@admin-tests.example'"))[0]!.id;

    const byEditor = await page(`/en/admin/activity?person=${encodeURIComponent(editorId)}`, running.app.editor);
    expect(byEditor.status).toBe(200);
    expect(byEditor.html).toContain(`href="/en/admin/tags/${tag.id}"`);
    expect(byEditor.html).not.toContain('by admin@admin-tests.example');

    const events = await page('/en/admin/activity?collection=events&action=create');
    expect(events.html).not.toContain(`href="/en/admin/tags/${tag.id}"`);
    expect(events.html).toContain('data-entity="event"');
    expect(events.html).not.toMatch(/data-action="(?!create)/);

    const today = new Date().toISOString().slice(0, 10);
    const inRange = await page(`/en/admin/activity?collection=tags&from=${today}&to=${today}`);
    expect(inRange.html).toContain(`href="/en/admin/tags/${tag.id}"`);
    const past = await page('/en/admin/activity?collection=tags&from=2001-01-01&to=2001-01-31');
    expect(past.html).toContain('No changes match these filters.');

    // Selected filters stay selected in the form (a plain GET form, no script needed).
    expect(events.html).toMatch(/<option value="events" selected/);
    expect(events.html).toMatch(/<form method="get" action="\/en\/admin\/activity"/);
  });

  it('answers 400 with a message for filters it does not understand, and pages through many entries', async () => {
    const bad = await page('/en/admin/activity?from=yesterday&action=explode');
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Some filters were not understood');

    for (let i = 0; i < 26; i++) await createTag(running.app.admin, { translations: { en: { label: uniqueName('Paging tag') } } });
    const first = await page('/en/admin/activity?collection=tags&action=create');
    const total = Number(/data-testid="activity-total"[^>]*>(\d+)/.exec(first.html)?.[1]);
    expect(total).toBeGreaterThanOrEqual(26);
    expect(first.html.match(/class="activity-entry"/g)).toHaveLength(25);
    expect(first.html).toContain('href="/en/admin/activity?collection=tags&amp;action=create&amp;page=2"');
    const second = await page('/en/admin/activity?collection=tags&action=create&page=2');
    expect(second.html.match(/class="activity-entry"/g)?.length).toBe(Math.min(25, total - 25));
    expect(second.html).toContain('rel="prev"');
  });

  it('is open to editors and closed to accounts without a role', async () => {
    expect((await page('/en/admin/activity', running.app.editor)).status).toBe(200);
    expect((await page('/en/admin/activity', running.app.visitor)).status).toBe(403);
  });
});

describe('history on the edit page and the dashboard', () => {
  it("the edit page shows the item's own latest changes and links to the filtered activity", async () => {
    const tag = await createTag(running.app.admin, { translations: { en: { label: 'Before' } } });
    const other = await createTag(running.app.admin, { translations: { en: { label: 'Unrelated tag' } } });
    await running.app.admin.call('PATCH', `/api/admin/tags/${tag.id}`, { version: tag.version, translations: { en: { label: 'After' } } });
    const { html } = await page(`/en/admin/tags/${tag.id}`);
    const history = html.slice(html.indexOf('data-testid="item-history"'));
    expect(history).toContain('History');
    expect(history).toMatch(/Before<\/span>[\s\S]*After<\/span>/);
    expect(history).not.toContain('Unrelated tag');
    expect(history).toContain(`href="/en/admin/activity?collection=tags&amp;item=${tag.id}"`);
    void other;
  });

  it("the dashboard's latest changes name the item and link to it", async () => {
    const event = await createEvent(running.app.admin, { translations: { en: { title: 'Dashboard headline' } } });
    const { html } = await page('/en/admin');
    expect(html).toMatch(new RegExp(`<a href="/en/admin/events/${event.id}"[^>]*>Dashboard headline</a>`));
    expect(html).not.toMatch(/create<\/code> event #/);
    expect(html).toContain('Created');
  });
});
