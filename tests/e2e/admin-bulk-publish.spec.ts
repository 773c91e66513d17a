/**
 * Bulk publish in Chromium, as an editor: the valid events are published, the others are listed
 * in the dialog by title with a link to fix each and their fields by label, not by API path.
 */
import { expect, type Page } from '@playwright/test';
import { getTranslator, type UiKey } from '../../src/i18n/index.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');
const plural = (key: string, count: number) => t(key as UiKey, { count });

async function createEvent(page: Page, body: Record<string, unknown>): Promise<number> {
  const response = await page.request.post('/api/admin/events', { data: body, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test('bulk publish publishes the valid events and lists the others with a link to fix each', async ({ page }) => {
  await signInAsEditor(page);
  const token = uniqueToken();
  const when = { startsAt: '2032-03-01T18:00:00Z', endsAt: '2032-03-01T20:00:00Z', timeZone: 'UTC' };
  await createEvent(page, { ...when, venueAddress: 'Hall 2', translations: { en: { title: `Ready ${token}` } } });
  const bare = await createEvent(page, { ...when, translations: { en: { title: `Nowhere ${token}` } } });

  await page.goto(`/en/admin/events?q=${token}`);
  await waitForIslands(page);
  await expect(page.locator('table.admin-list tbody tr')).toHaveCount(2);
  await page.getByRole('checkbox', { name: t('admin.list.selectAll') }).check();
  await page.getByRole('button', { name: t('admin.bulk.publish'), exact: true }).click();

  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(plural('bulkPublish.partialTitle', 1));
  const fix = dialog.getByRole('link', { name: t('bulkPublish.fix', { title: `Nowhere ${token}` }) });
  await expect(fix).toHaveAttribute('href', `/en/admin/events/${bare}`);
  await expect(dialog).toContainText(`${t('admin.field.venueAddress')}: ${t('admin.error.VENUE_OR_ONLINE_REQUIRED')}`);
  await expect(dialog).not.toContainText('venueAddress');
  await expectAccessible(page, 'bulk publish dialog');

  await dialog.getByRole('button', { name: t('admin.common.close') }).click();
  await expect(dialog).toBeHidden();
  const ready = page.locator('table.admin-list tbody tr', { hasText: `Ready ${token}` });
  await expect(ready).toContainText(t('admin.status.published'));
  await expect(page.locator('table.admin-list tbody tr', { hasText: `Nowhere ${token}` })).toContainText(t('admin.status.draft'));
});
