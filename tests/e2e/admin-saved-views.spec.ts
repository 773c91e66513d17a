/**
 * Saved views by keyboard at 360 and 1280 px (docs/decisions/063), on tags of the spec's own and
 * a fresh editor (whose views are theirs alone): filter the list, save it as a view, reload,
 * apply the view from the quick-pick, make it the default the list opens with, delete it. Axe
 * finds nothing and nothing scrolls sideways on the way.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { getTranslator, type UiKey } from '../../src/i18n/index.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');
const tr = (key: string, vars: Record<string, unknown> = {}) => t(key as UiKey, vars);

async function createTag(page: Page, labels: Record<string, string>): Promise<void> {
  const translations = Object.fromEntries(Object.entries(labels).map(([locale, label]) => [locale, { label }]));
  const response = await page.request.post('/api/admin/tags', { data: { translations }, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 40): Promise<void> {
  for (let i = 0; i < limit && !(await target.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

for (const width of [360, 1280]) {
  test(`at ${width} px, a filtered list is saved as a view, applied, made the default and deleted by keyboard`, async ({ page }) => {
    await signInAsEditor(page);
    await page.setViewportSize({ width, height: 800 });
    const token = uniqueToken();
    await createTag(page, { en: `Views ${token} both`, fr: `Vues ${token} les deux` });
    await createTag(page, { en: `Views ${token} english` });
    const rows = page.locator('table.admin-list tbody tr');
    const notice = page.locator('.admin-views__notice');
    const viewName = `English only ${token}`;

    // Filter: search for the spec's tags, then those missing French.
    await page.goto('/en/admin/tags');
    await waitForIslands(page);
    const search = page.getByRole('searchbox', { name: t('admin.list.search') });
    await tabTo(page, search);
    await page.keyboard.type(token);
    await expect(rows).toHaveCount(2);
    const missing = page.getByRole('combobox', { name: t('admin.translations.filter.missing'), exact: true });
    await tabTo(page, missing);
    await page.keyboard.press('ArrowDown'); // English
    await page.keyboard.press('ArrowDown'); // French
    await expect(page).toHaveURL(/missing=fr/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Views ${token} english`);

    // Save it as a view.
    const save = page.getByRole('button', { name: t('admin.views.save'), exact: true });
    await tabTo(page, save, 'Shift+Tab');
    await page.keyboard.press('Enter');
    const nameBox = page.getByRole('textbox', { name: t('admin.views.name') });
    await expect(nameBox).toBeFocused();
    await expectAccessible(page, `save form at ${width} px`);
    await page.keyboard.type(viewName);
    await page.keyboard.press('Enter');
    await expect(notice).toHaveText(tr('admin.views.saved', { name: viewName }));
    const views = page.getByRole('combobox', { name: t('admin.views.label'), exact: true });
    await expect(views.locator('option:checked')).toHaveText(viewName);
    await expectAccessible(page, `view saved at ${width} px`);

    // Reload on the search alone, then apply the view from the quick-pick.
    await page.goto(`/en/admin/tags?q=${token}`);
    await waitForIslands(page);
    await expect(rows).toHaveCount(2);
    await tabTo(page, views);
    await page.keyboard.press('ArrowDown');
    await expect(notice).toHaveText(tr('admin.views.applied', { name: viewName }));
    await expect(page).toHaveURL(/missing=fr/);
    await expect(rows).toHaveCount(1);

    // Make it the default: the list opened without a query shows it.
    const group = page.getByRole('group', { name: tr('admin.views.actionsFor', { name: viewName }) });
    await tabTo(page, group.getByRole('button', { name: t('admin.views.setDefault') }));
    await page.keyboard.press('Enter');
    await expect(notice).toHaveText(tr('admin.views.defaultSet', { name: viewName }));
    await page.goto('/en/admin/tags');
    await waitForIslands(page);
    await expect(notice).toHaveText(tr('admin.views.openedDefault', { name: viewName }));
    await expect(page).toHaveURL(/missing=fr/);
    await expect(rows).toHaveCount(1);
    await expect(views.locator('option:checked')).toHaveText(tr('admin.views.defaultName', { name: viewName }));
    await expectAccessible(page, `default view opened at ${width} px`);

    // Delete it, through the confirmation.
    await tabTo(page, group.getByRole('button', { name: t('admin.views.delete') }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: t('admin.views.deleteTitle') });
    await expect(dialog).toContainText(tr('admin.views.deleteQuestion', { name: viewName }));
    await expect(dialog.getByRole('button', { name: t('admin.common.cancel') })).toBeFocused();
    await expectAccessible(page, `delete confirmation at ${width} px`);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: t('admin.views.deleteConfirm'), exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(notice).toHaveText(tr('admin.views.deleted', { name: viewName }));
    await expect(dialog).toBeHidden();
    await expect(views.locator('option')).toHaveText([t('admin.views.noneSaved')]);

    // Without a default, the list opens as it is.
    await page.goto('/en/admin/tags');
    await waitForIslands(page);
    await expect(page).not.toHaveURL(/missing=/);
    await expect(notice).toHaveText('');
  });
}
