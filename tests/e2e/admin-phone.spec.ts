/**
 * The admin on a phone and by keyboard (decision 039), in Chromium as an administrator: the
 * header's "Menu" button, the action bar's "More actions", deleting an item in use, toasts that
 * report the latest outcome above the bar, and list views that Back and Forward return to.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { expectAccessible, signInAsAdmin, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');
/** "Page 2 of", whatever the page count. */
const pageLabel = (page: number) => t('admin.list.pageOf', { page, pages: '§' }).split('§')[0]!;

/** Presses Tab until `target` has focus, failing after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** A demo tag that events use, and how many places use it. */
async function findTagInUse(page: Page): Promise<{ id: number; label: string }> {
  const { items } = (await (await page.request.get('/api/admin/tags?limit=100')).json()) as { items: { id: number }[] };
  for (const { id } of items) {
    const tag = (await (await page.request.get(`/api/admin/tags/${id}`)).json()) as { usedBy?: { total: number }; translations: { en?: { label: string } } };
    if ((tag.usedBy?.total ?? 0) > 0 && tag.translations.en) return { id, label: tag.translations.en.label };
  }
  throw new Error('no demo tag is in use');
}

test.describe('the admin on a 360 px phone', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 360, height: 740 });
  });

  test('the header and sections fold behind a Menu button that the keyboard opens and Escape closes', async ({ page }) => {
    await page.goto('/en/admin/events');
    await waitForIslands(page);
    const nav = page.getByRole('navigation', { name: t('adminShell.nav.label') });
    const menu = page.getByRole('button', { name: t('adminShell.menu') });
    // Closed, the page's own content starts on the first screen.
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: t('adminShell.signOut') })).toBeHidden();
    const headingTop = await page.getByRole('heading', { level: 1 }).evaluate((element) => element.getBoundingClientRect().top);
    expect(headingTop).toBeLessThan(200);

    await tabTo(page, menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await expectAccessible(page, 'open menu at 360 px');
    // The sign-out button, the languages and every section follow the button in Tab order.
    await tabTo(page, page.getByRole('button', { name: t('adminShell.signOut') }), 10);
    await tabTo(page, nav.getByRole('link', { name: t('adminShell.nav.tags') }), 20);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(nav).toBeHidden();

    // A section chosen from the menu opens with the menu closed again.
    await page.keyboard.press('Enter');
    await tabTo(page, nav.getByRole('link', { name: t('adminShell.nav.tags') }), 20);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/admin\/tags$/);
    await expect(page.getByRole('heading', { level: 1, name: t('admin.collection.tags') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('adminShell.menu') })).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
  });

  test('the action bar keeps Save and More actions; deleting a tag in use says so in the first dialog, which starts on Close', async ({ page }) => {
    const tag = await findTagInUse(page);
    await page.goto(`/en/admin/tags/${tag.id}`);
    await waitForIslands(page);
    const bar = page.locator('.admin-form__actions');
    await expect(bar.getByRole('button', { name: t('admin.form.save') })).toBeVisible();
    await expect(bar.getByRole('button', { name: t('admin.form.delete') })).toBeHidden();
    // One row: the bar is no taller than a button and its padding.
    expect((await bar.boundingBox())!.height).toBeLessThan(80);

    const more = bar.getByRole('button', { name: t('admin.form.moreActions') });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    const remove = bar.getByRole('button', { name: t('admin.form.delete') });
    await page.keyboard.press('Tab');
    await tabTo(page, remove, 6);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('alertdialog', { name: t('admin.delete.inUseTitle', { name: tag.label }) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('admin.common.close') })).toBeFocused();
    await expect(dialog.locator('li').first()).toBeVisible();
    await expectAccessible(page, 'delete dialog at 360 px');
    // Enter on the focused button closes: nothing is deleted.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    expect((await page.request.get(`/api/admin/tags/${tag.id}`)).status()).toBe(200);

    await page.keyboard.press('Escape');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();
    await expect(remove).toBeHidden();
  });

  test('deleting a selection that holds a tag in use says so in the first dialog, and deletes nothing', async ({ page }) => {
    const tag = await findTagInUse(page);
    await page.goto(`/en/admin/tags?q=${encodeURIComponent(tag.label)}`);
    await waitForIslands(page);
    const box = page.getByRole('checkbox', { name: t('admin.list.select', { label: tag.label }) });
    await box.focus();
    await page.keyboard.press('Space');
    await page
      .getByRole('region', { name: t('admin.bulk.label') })
      .getByRole('button', { name: t('admin.bulk.delete') })
      .click();
    const dialog = page.getByRole('alertdialog', { name: t('admin.bulk.inUseTitle') });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('li').first()).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('admin.delete.confirm'), exact: true })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: t('admin.common.close') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    expect((await page.request.get(`/api/admin/tags/${tag.id}`)).status()).toBe(200);
  });

  test('a save that succeeds clears the error it fixed, and toasts stay clear of the action bar', async ({ page }) => {
    await page.goto('/en/admin/tags/new');
    await waitForIslands(page);
    const toasts = page.locator('.admin-toasts');
    const create = page.getByRole('button', { name: t('admin.form.create') });
    await create.press('Enter');
    // The server refuses the empty label (422): the error toast says so.
    await expect(toasts.getByText(t('admin.error.INVALID_VALUES'))).toBeVisible();
    // The error toast is above the bar, not over its buttons.
    const bar = (await page.locator('.admin-form__actions').boundingBox())!;
    const toast = (await toasts.locator('[data-toast="error"]').boundingBox())!;
    expect(toast.y + toast.height).toBeLessThanOrEqual(bar.y);

    await page.locator('[id$="-translations-en-label"]').fill(`Phone ${uniqueToken()}`);
    await create.press('Enter');
    await expect(page).toHaveURL(/\/en\/admin\/tags\/\d+$/);
    await expect(toasts.getByText(t('admin.form.created'))).toBeVisible();
    await expect(toasts.getByText(t('admin.error.INVALID_VALUES'))).toHaveCount(0);
    await expect(toasts.locator('[data-toast]')).toHaveCount(1);

    // On a long form the bar is stuck to the bottom of the window: the toasts sit above it there too.
    // A draft event of its own: Save saves it (a published one would offer Save draft instead).
    const origin = new URL(page.url()).origin;
    const created = await page.request.post('/api/admin/events', {
      headers: { origin },
      data: {
        startsAt: '2032-05-02T20:00:00+02:00',
        endsAt: '2032-05-02T22:00:00+02:00',
        timeZone: 'Europe/Paris',
        venueAddress: 'Hall 2',
        translations: { en: { title: `Phone draft ${uniqueToken()}` } },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto(`/en/admin/events/${((await created.json()) as { id: number }).id}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: t('admin.form.save'), exact: true }).press('Enter');
    const info = toasts.getByText(t('admin.form.nothingToSave'));
    await expect(info).toBeVisible();
    const stuck = (await page.locator('.admin-form__actions').boundingBox())!;
    expect(stuck.y + stuck.height).toBeGreaterThan(735);
    const infoBox = (await info.boundingBox())!;
    expect(infoBox.y + infoBox.height).toBeLessThanOrEqual(stuck.y);
  });
});

test('list filters, sort and pages are history entries: Back returns to the previous view and reloads it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/en/admin/events');
  await waitForIslands(page);
  const status = page.locator('.admin-list__status');
  const pageOf = page.locator('.admin-pagination p');
  const sort = page.getByLabel(t('admin.list.sort'));
  await expect(pageOf).toContainText(pageLabel(1));
  const defaultSort = await sort.inputValue();
  const firstRow = page.locator('table.admin-list tbody tr').first();

  const otherSort = await sort
    .locator('option')
    .evaluateAll((options, current) => options.map((option) => (option as HTMLOptionElement).value).find((value) => value !== current)!, defaultSort);
  // The list answers Back and Forward itself: the router never fetches and swaps the page, so
  // a mark on the screen's element survives every step (a swap would bring a fresh element).
  const screen = page.locator('[data-screen="list-events"]');
  await screen.evaluate((element) => element.setAttribute('data-unswapped', ''));
  await sort.selectOption(otherSort);
  await expect(page).toHaveURL(new RegExp(`[?&]sort=${encodeURIComponent(otherSort)}`));
  await expect(status).not.toHaveText(t('admin.common.loading'));
  const sortedFirst = await firstRow.textContent();

  await page.getByRole('button', { name: t('admin.list.next') }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pageOf).toContainText(pageLabel(2));

  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]page=2/);
  await expect(pageOf).toContainText(pageLabel(1));
  await expect(sort).toHaveValue(otherSort);
  await expect(firstRow).toHaveText(sortedFirst ?? '');

  await page.goBack();
  await expect(page).toHaveURL(/\/en\/admin\/events$/);
  await expect(sort).toHaveValue(defaultSort);

  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`[?&]sort=${encodeURIComponent(otherSort)}`));
  await expect(sort).toHaveValue(otherSort);
  await expect(firstRow).toHaveText(sortedFirst ?? '');
  await expect(screen).toHaveAttribute('data-unswapped', '');
});
