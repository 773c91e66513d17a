/**
 * A site page's unsaved text is not dropped by switching language, in Chromium: following another
 * language's tab asks first (the admin's shared unsaved-changes guard); staying keeps the text.
 */
import { expect } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { signInAsAdmin, test, uniqueToken } from './admin-support.ts';

const t = getTranslator('en');

test('switching language on a site page with unsaved edits asks first, and staying keeps them', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/en/admin/site/about?lang=en');
  const title = page.getByLabel(t('admin.site.field.title'));
  const typed = `About us ${uniqueToken()}`;
  await title.fill(typed);

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page
    .getByRole('navigation', { name: t('admin.site.languages') })
    .getByRole('link', { name: 'Français' })
    .click();
  await expect.poll(() => asked).toEqual([t('admin.form.unsavedPrompt')]);
  await expect(page).toHaveURL(/lang=en/);
  await expect(title).toHaveValue(typed);
});
