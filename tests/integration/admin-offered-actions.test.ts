/**
 * What the edit form offers, as the server renders it: an action the person's role cannot take is
 * not offered (an editor may delete a draft, not an item that is or was published).
 */
import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEvent } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

/** Whether the edit page, as rendered for `client`, offers Delete. */
async function offersDelete(client: 'admin' | 'editor', id: number): Promise<boolean> {
  const response = await running.app[client].request('GET', `/en/admin/events/${id}`);
  expect(response.status).toBe(200);
  return (await response.text()).includes('admin-form__delete');
}

describe('Delete on the edit form', () => {
  it('is not offered to an editor on a published event, nor on one published once', async () => {
    const published = await createEvent(running.app.editor, { status: 'published' });
    expect(await offersDelete('editor', published.id)).toBe(false);
    expect(await offersDelete('admin', published.id)).toBe(true);

    const unpublished = await running.app.editor.call('PATCH', `/api/admin/events/${published.id}`, { version: published.version, status: 'draft' });
    expect(unpublished.status).toBe(200);
    expect(await offersDelete('editor', published.id)).toBe(false);
  });

  it('is offered to an editor on a draft, which the role may delete', async () => {
    const draft = await createEvent(running.app.editor);
    expect(await offersDelete('editor', draft.id)).toBe(true);
    expect((await running.app.editor.request('DELETE', `/api/admin/events/${draft.id}`)).status).toBe(204);
  });
});

describe('the status once "Unpublish on" has passed', () => {
  // The list shows the same badge (EffectiveStatusBadge) from rows fetched in the browser; its rule: tests/unit/effective-status.test.ts.
  it('reads "Unpublished on …" in the form, not "Published"', async () => {
    const title = `Gone tide ${Date.now()}`;
    const event = await createEvent(running.app.editor, {
      status: 'published',
      unpublishAt: '2026-05-12T10:00:00Z',
      translations: { en: { title } },
    });
    const expected = /Unpublished on [^<]*12[^<]*2026/;
    const form = await (await running.app.editor.request('GET', `/en/admin/events/${event.id}`)).text();
    expect(form).toContain('data-testid="unpublished-on"');
    expect(form.match(/unpublished-on"[^<]*/)?.[0]).toMatch(expected);
    // The public page is gone, as the badge says.
    expect((await fetch(`${running.app.server.origin}/en/hub/event/${event.slug}`, { redirect: 'manual' })).status).toBe(404);
  });
});
