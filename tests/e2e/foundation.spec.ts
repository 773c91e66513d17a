import { expect, test } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import type { Locale } from '../../src/i18n/config.ts';

const cases: { locale: Locale; acceptLanguage: string }[] = [
  { locale: 'en', acceptLanguage: 'en-GB,en;q=0.9' },
  { locale: 'fr', acceptLanguage: 'fr-FR,fr;q=0.9,en;q=0.5' },
  { locale: 'de', acceptLanguage: 'de-AT,de;q=0.9' },
];

for (const { locale, acceptLanguage } of cases) {
  test(`a ${locale} visitor goes from / to the hub and sees demo events`, async ({ browser }) => {
    const t = getTranslator(locale);
    const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Language': acceptLanguage } });
    const page = await context.newPage();

    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);

    await page.getByRole('navigation', { name: t('nav.main') }).getByRole('link', { name: t('nav.hub') }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/hub`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const eventLinks = page.locator(`main a[href^="/${locale}/hub/event/"]`);
    expect(await eventLinks.count()).toBeGreaterThanOrEqual(5);
    await context.close();
  });
}
