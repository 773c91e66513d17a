import { expect, test } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import type { Locale } from '../../src/i18n/config.ts';

// The browser's own locale setting is what produces its Accept-Language header.
const cases: { locale: Locale; browserLocale: string }[] = [
  { locale: 'en', browserLocale: 'en-GB' },
  { locale: 'fr', browserLocale: 'fr-FR' },
  { locale: 'de', browserLocale: 'de-AT' },
];

for (const { locale, browserLocale } of cases) {
  test(`a ${locale} visitor goes from / to the hub and sees demo events`, async ({ browser }) => {
    const t = getTranslator(locale);
    const context = await browser.newContext({ locale: browserLocale });
    const page = await context.newPage();

    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);

    await page
      .getByRole('navigation', { name: t('nav.main') })
      .getByRole('link', { name: t('nav.hub') })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/hub`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const eventLinks = page.locator(`main a[href^="/${locale}/hub/event/"]`);
    expect(await eventLinks.count()).toBeGreaterThanOrEqual(5);
    await context.close();
  });
}
