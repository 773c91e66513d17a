/**
 * Restoring an old revision, in Chromium: an editor saves a published event twice, opens the
 * history panel, compares the first revision with the current event, restores it after the
 * confirmation (focus on Cancel) by keyboard, and sees the form and the public page change.
 * The panel is checked with axe and for sideways scroll at 1280 and 360 px.
 */
import { expect, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');

async function saveTitle(page: Page, title: string): Promise<void> {
  await page.getByLabel(t('admin.field.title')).fill(title);
  // The event is published: an edit goes live with "Publish changes" (decision 035).
  await page.getByRole('button', { name: t('workingCopy.publish') }).click();
  await expect(page.locator('.admin-toasts').getByText(t('workingCopy.toast.published')).last()).toBeVisible();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
}

test('an editor restores an old revision of an event; the form and the public page change', async ({ page }) => {
  const token = uniqueToken();
  await signInAsEditor(page);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/admin/events', {
    headers: { origin },
    data: {
      status: 'published',
      startsAt: '2032-06-12T19:00:00+02:00',
      endsAt: '2032-06-12T21:00:00+02:00',
      timeZone: 'Europe/Paris',
      venueAddress: 'Hall 3',
      translations: { en: { title: `First light ${token}` } },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: number; slug: string };

  await page.goto(`/en/admin/events/${event.id}`);
  await waitForIslands(page);
  await saveTitle(page, `Second light ${token}`);
  await saveTitle(page, `Third light ${token}`);
  expect(await (await page.request.get(`/en/hub/event/${event.slug}`)).text()).toContain(`Third light ${token}`);

  // The history panel lists the three revisions; the first is compared with the current event.
  await page.getByText(t('admin.activity.history'), { exact: true }).click();
  const compare = page.getByRole('link', { name: t('revisions.compare', { number: '1' }) });
  await compare.focus();
  await page.keyboard.press('Enter');
  const diff = page.getByTestId('revision-diff');
  await expect(diff).toBeVisible();
  await waitForIslands(page);
  await expect(diff.locator('[data-path="translations.en.title"]')).toContainText(`First light ${token}`);
  await expect(diff.locator('[data-path="translations.en.title"]')).toContainText(`Third light ${token}`);
  await expectAccessible(page, 'history panel at 1280 px');

  // The confirmation focuses Cancel; Cancel changes nothing.
  const restore = page.getByRole('button', { name: t('revisions.restore', { number: '1' }) });
  await restore.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: t('revisions.confirmTitle', { number: '1' }) });
  await expect(dialog).toBeVisible();
  // The event is published: the dialog says the restore goes live at once.
  await expect(dialog.getByTestId('restore-goes-live')).toHaveText(t('revisions.goesLive'));
  await expect(dialog.getByRole('button', { name: t('admin.common.cancel') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(restore).toBeFocused();

  // At 360 px the panel fits without sideways scroll.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAccessible(page, 'history panel at 360 px');

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: t('revisions.confirm') })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('revision-restored')).toContainText(t('revisions.restored', { number: '1' }));
  await waitForIslands(page);
  await expect(page.getByLabel(t('admin.field.title'))).toHaveValue(`First light ${token}`);
  // The public page was purged with the restore.
  await page.goto(`/en/hub/event/${event.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`First light ${token}`);
});
