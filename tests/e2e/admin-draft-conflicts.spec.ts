/**
 * Two people drafting the same published event, in Chromium (decision 035): the second "Save
 * draft" opens the merge dialog instead of replacing the first person's draft, and keeping one's
 * changes saves them on top of the other draft.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');

/** A published event, and a colleague (another editor, in their own browser) who can draft it. */
async function publishedEventAndColleague(page: Page, browser: Browser, token: string) {
  await signInAsEditor(page);
  const created = await page.request.post('/api/admin/events', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      status: 'published',
      startsAt: '2032-08-02T19:00:00+02:00',
      endsAt: '2032-08-02T21:00:00+02:00',
      timeZone: 'Europe/Paris',
      venueAddress: 'Quay 1',
      translations: { en: { title: `Night ferry ${token}` } },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: number; slug: string; version: number };
  const colleague = await (await browser.newContext()).newPage();
  await signInAsEditor(colleague);
  /** The colleague's "Save draft", from the published event they opened (no draft yet). */
  const colleagueDrafts = async (venueAddress: string) => {
    const saved = await colleague.request.put(`/api/admin/events/${event.id}/draft`, {
      headers: { origin: new URL(colleague.url()).origin },
      data: { version: event.version, copyVersion: null, venueAddress },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  return { event, colleague, colleagueDrafts };
}

test('a second Save draft opens the merge dialog, and keeping mine keeps both drafts’ changes', async ({ page, browser }) => {
  const token = uniqueToken();
  const { event, colleague, colleagueDrafts } = await publishedEventAndColleague(page, browser, token);
  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  await colleagueDrafts('Quay 9');

  await page.getByLabel(t('admin.field.title')).fill(`Dawn ferry ${token}`);
  await page.getByRole('button', { name: t('workingCopy.save') }).click();
  const dialog = page.getByRole('dialog', { name: t('admin.conflict.title') });
  await expect(dialog).toContainText(t('admin.conflict.draftIntro'));
  await expect(dialog).toContainText('Quay 9');
  await dialog.getByRole('button', { name: t('admin.conflict.keepMine') }).click();
  await expect(page.locator('.admin-toasts').getByText(t('workingCopy.toast.saved'), { exact: true }).last()).toBeVisible();

  const stored = await colleague.request.get(`/api/admin/events/${event.id}`);
  expect(await stored.json()).toMatchObject({
    draft: { version: 2, item: { venueAddress: 'Quay 9', translations: { en: { title: `Dawn ferry ${token}` } } } },
  });
  await colleague.context().close();
});

test('after a conflict, Publish changes publishes the merged changes, as asked', async ({ page, browser }) => {
  const token = uniqueToken();
  const { event, colleague } = await publishedEventAndColleague(page, browser, token);
  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  // The colleague saves the live event meanwhile.
  const saved = await colleague.request.patch(`/api/admin/events/${event.id}`, {
    headers: { origin: new URL(colleague.url()).origin },
    data: { version: event.version, venueAddress: 'Quay 7' },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.getByLabel(t('admin.field.title')).fill(`Dusk ferry ${token}`);
  await page.getByRole('button', { name: t('workingCopy.publish') }).click();
  const dialog = page.getByRole('dialog', { name: t('admin.conflict.title') });
  await dialog.getByRole('button', { name: t('admin.conflict.keepMineAndPublish') }).click();
  await expect(page.locator('.admin-toasts').getByText(t('workingCopy.toast.published'), { exact: true }).last()).toBeVisible();

  const live = await colleague.request.get(`/api/admin/events/${event.id}`);
  expect(await live.json()).toMatchObject({ draft: null, venueAddress: 'Quay 7', translations: { en: { title: `Dusk ferry ${token}` } } });
  await colleague.context().close();
});
