/**
 * "Next year's edition from this year's", in Chromium: an editor opens an edition, clones it from
 * the "Clone edition…" dialog by keyboard (same weekday next year, a new English title) and lands
 * on the new draft edition, whose event came along; then duplicates that edition.
 */
import { axeOn } from './axe.ts';
import { expect, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');

async function createViaApi(page: Page, collection: string, body: unknown): Promise<{ id: number }> {
  const response = await page.request.post(`/api/admin/${collection}`, { data: body, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

test('an editor clones an edition with its event from the edit page and lands on the new edition', async ({ page }) => {
  const token = uniqueToken();
  await signInAsEditor(page);
  const edition = await createViaApi(page, 'editions', {
    startsAt: '2032-05-01T00:00:00+02:00',
    endsAt: '2032-05-31T00:00:00+02:00',
    timeZone: 'Europe/Paris',
    translations: { en: { title: `Spring ${token}` }, fr: { title: `Printemps ${token}` } },
  });
  await createViaApi(page, 'events', {
    editionId: edition.id,
    startsAt: '2032-05-12T19:00:00+02:00',
    endsAt: '2032-05-12T21:00:00+02:00',
    timeZone: 'Europe/Paris',
    venueAddress: 'Hall 2',
    translations: { en: { title: `Opening ${token}` } },
  });

  await page.goto(`/en/admin/editions/${edition.id}`);
  await waitForIslands(page);
  const open = page.getByRole('button', { name: t('admin.clone.button') });
  // By keyboard: Enter on the focused button opens the dialog, focus goes to its first field.
  // The form's fieldset stays disabled until the island has hydrated (use-hydrated.ts).
  await expect(open).toBeEnabled();
  await open.press('Enter');
  const dialog = page.getByRole('dialog', { name: t('admin.clone.title') });
  await expect(dialog).toBeVisible();
  const shift = dialog.getByLabel(t('admin.clone.shiftDays'));
  await expect(shift).toBeFocused();
  await shift.fill('7');
  await dialog.getByRole('button', { name: t('admin.clone.nextYear') }).click();
  await expect(shift).toHaveValue('364');
  const { violations } = await axeOn(page).include('dialog[open]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // On a 320 px phone the dialog's fields wrap instead of scrolling sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const title = dialog.getByLabel(t('admin.clone.titleIn', { language: 'English' }));
  await title.fill(`Spring next ${token}`);
  // Enter in a field clones (it must not save the edition behind the dialog).
  await title.press('Enter');

  await page.waitForURL((url) => /\/en\/admin\/editions\/\d+$/.test(url.pathname) && url.pathname !== `/en/admin/editions/${edition.id}`);
  await waitForIslands(page);
  await expect(page.locator('.admin-toasts').getByText(t('admin.clone.done', { count: 1 }))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Spring next ${token}` })).toBeVisible();
  const cloneId = Number(new URL(page.url()).pathname.split('/').at(-1));
  const events = await page.request.get(`/api/admin/events?edition=${cloneId}`);
  const listed = (await events.json()) as { items: { title: string; status: string; startsAt: string }[] };
  // 19:00 in Paris on Wednesday 12 May 2032 → Wednesday 11 May 2033, still 19:00.
  expect(listed.items).toMatchObject([{ title: `Opening ${token}`, status: 'draft', startsAt: '2033-05-11T17:00:00.000Z' }]);

  // Duplicate, from the same page (still 320 px wide: behind "More actions"): the copy opens, marked "(copy)".
  await page.getByRole('button', { name: t('admin.form.moreActions') }).click();
  await page.getByRole('button', { name: t('admin.duplicate.button') }).click();
  await page.waitForURL((url) => /\/en\/admin\/editions\/\d+$/.test(url.pathname) && url.pathname !== `/en/admin/editions/${cloneId}`);
  await waitForIslands(page);
  await expect(page.locator('.admin-toasts').getByText(t('admin.duplicate.done'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Spring next ${token} (copy)` })).toBeVisible();
});
