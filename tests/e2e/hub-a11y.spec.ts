/**
 * axe on one page of each type in each locale: no serious or critical violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { locales } from '../../src/i18n/config.ts';

async function firstHref(page: Page, selector: string): Promise<string> {
  const href = await page.locator(selector).first().getAttribute('href');
  if (!href) throw new Error(`no link matching ${selector}`);
  return href;
}

async function expectAccessible(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(serious, path).toEqual([]);
}

for (const locale of locales) {
  test(`hub pages in ${locale} have no serious accessibility violations`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`/${locale}/hub`);
    const eventPath = await firstHref(page, `main .event-card a[href^="/${locale}/hub/event/"]`);
    const editionPath = await firstHref(page, `main a[href^="/${locale}/hub/edition/"]`);
    for (const path of [
      `/${locale}`,
      `/${locale}/hub`,
      `/${locale}/hub?tag=music&when=all`,
      eventPath,
      editionPath,
      `/${locale}/hub/search?q=concert`,
      `/${locale}/hub/search?q=xyzzy`,
      `/${locale}/hub/about`,
      `/${locale}/hub/privacy-policy`,
      `/${locale}/hub/terms-and-conditions`,
      `/${locale}/hub/contact`,
      `/${locale}/hub/event/no-such-event`,
    ]) {
      await expectAccessible(page, path);
    }
  });

  test(`the contact form with errors in ${locale} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(`/${locale}/hub/contact`);
    await page.locator('form.contact-form button[type="submit"]').click();
    await expect(page.locator('.field-error').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
}
