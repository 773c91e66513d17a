/**
 * The activity log tells the editorial changes that do not touch a live item, like the others:
 * a draft saved (with what it changes against the live item) or discarded, a draft scheduled and
 * taken off the schedule (scheduled-working-copies.test.ts covers a failed one), and the site's
 * settings and pages saved (decisions 035 and 038). Read through the admin's activity screen.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, EDITOR_EMAIL, useAdminServer, type AdminClient } from '../helpers/admin-client.ts';
import { createEvent, uniqueName } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

interface AuditRow {
  action: string;
  entity: string;
  entity_id: string;
  actor_label: string;
  title: string | null;
  changed_fields: string;
}

async function entries(entity: string, entityId: string | number): Promise<AuditRow[]> {
  return running.app.server.query<AuditRow>(
    'SELECT action, entity, entity_id, actor_label, title, changed_fields FROM audit_log WHERE entity = ? AND entity_id = ? ORDER BY id',
    [entity, String(entityId)],
  );
}

async function activityPage(query = ''): Promise<string> {
  const response = await running.app.admin.request('GET', `/en/admin/activity${query}`);
  expect(response.status).toBe(200);
  return response.text();
}

function form(client: AdminClient, path: string, fields: Record<string, string>): Promise<Response> {
  return client.request('POST', path, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
}

describe('the activity log', () => {
  it('lists a draft saved, scheduled, taken off the schedule and discarded, with what the draft changes', async () => {
    const { editor } = running.app;
    const title = uniqueName('Tidal walk');
    const event = await createEvent(editor, { status: 'published', translations: { en: { title } } });
    const draftTitle = `${title} at dusk`;
    expect(
      (await editor.call('PUT', `/api/admin/events/${event.id}/draft`, { version: event.version, translations: { en: { title: draftTitle } } })).status,
    ).toBe(200);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect((await editor.call('PUT', `/api/admin/events/${event.id}/draft/schedule`, { version: event.version, scheduledAt: at })).status).toBe(200);
    expect((await editor.call('DELETE', `/api/admin/events/${event.id}/draft/schedule`)).status).toBe(200);
    expect((await editor.request('DELETE', `/api/admin/events/${event.id}/draft`)).status).toBe(204);
    // Discarding nothing writes nothing.
    expect((await editor.request('DELETE', `/api/admin/events/${event.id}/draft`)).status).toBe(204);

    const rows = (await entries('event', event.id)).filter((row) => row.action !== 'create');
    expect(rows.map((row) => row.action)).toEqual(['draft-save', 'schedule', 'unschedule', 'draft-discard']);
    expect(rows.every((row) => row.actor_label === EDITOR_EMAIL && row.title === title)).toBe(true);
    expect(JSON.parse(rows[0]!.changed_fields)).toEqual(['translations.en.title']);
    // The live item did not change: it has no update entry.
    expect((await entries('event', event.id)).some((row) => row.action === 'update')).toBe(false);

    const page = await activityPage(`?collection=events&item=${event.id}`);
    for (const label of ['Draft saved', 'Changes scheduled', 'Schedule cancelled', 'Draft discarded']) expect(page).toContain(label);
    expect(page).toContain(draftTitle);
    const drafts = await activityPage('?action=draft-save');
    expect(drafts).toContain(title);
  });

  it('lists a save of the site settings and of a site page, with old and new values', async () => {
    const { admin } = running.app;
    const [settings] = await running.app.server.query<{ version: number }>('SELECT version FROM site_settings WHERE id = 1');
    const siteName = uniqueName('Festival of the Estuary');
    const saved = await form(admin, '/en/admin/site', {
      version: String(settings?.version ?? 1),
      'name.en': siteName,
      'name.fr': '',
      'name.de': '',
      logoMediaId: '',
      primaryColor: '#1D4ED8',
      contactTo: '',
    });
    expect(saved.status).toBe(303);
    const [settingsEntry] = await entries('site_settings', 1);
    expect(settingsEntry).toMatchObject({ action: 'update', actor_label: ADMIN_EMAIL });
    expect(JSON.parse(settingsEntry!.changed_fields)).toEqual(expect.arrayContaining(['primaryColor', 'translations.en.siteName']));

    const [page] = await running.app.server.query<{ id: number; version: number; title: string; description: string; updated: string; body: string }>(
      "SELECT p.id, p.version, t.title, t.description, t.updated, t.body FROM site_pages p JOIN site_page_translations t ON t.page_id = p.id WHERE p.slug = 'about' AND t.locale = 'en'",
    );
    const newTitle = uniqueName('About the Estuary festival');
    const pageSaved = await form(admin, '/en/admin/site/about?lang=en', {
      intent: 'save',
      version: String(page!.version),
      title: newTitle,
      description: page!.description,
      updated: page!.updated,
      body: page!.body,
    });
    expect(pageSaved.status).toBe(303);
    const pageEntries = await entries('site_page', page!.id);
    expect(pageEntries.at(-1)).toMatchObject({ action: 'update', actor_label: ADMIN_EMAIL, title: newTitle });
    expect(JSON.parse(pageEntries.at(-1)!.changed_fields)).toEqual(['translations.en.title']);

    const activity = await activityPage();
    for (const text of ['Site settings', 'Site page', siteName, '#1d4ed8', newTitle, page!.title]) expect(activity).toContain(text);
  });
});
