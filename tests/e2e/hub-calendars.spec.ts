/**
 * Calendar links on a phone, in every locale: each calendar offers a download and an absolute
 * webcal:// subscription, both inside a 360 px viewport, and the download is a calendar in the
 * event's own zone.
 */
import { expect } from '@playwright/test';
import { locales } from '../../src/i18n/config.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { test } from './admin-support.ts';

const WIDTH = 360;

for (const locale of locales) {
  test(`calendar links fit a ${WIDTH} px phone in ${locale}`, async ({ page }) => {
    const t = getTranslator(locale);
    await page.setViewportSize({ width: WIDTH, height: 800 });
    await page.goto(`/${locale}/hub`);
    const eventPath = await page.locator(`main .event-card a[href^="/${locale}/hub/event/"]`).first().getAttribute('href');
    const editionPath = await page.locator(`main a[href^="/${locale}/hub/edition/"]`).first().getAttribute('href');
    for (const path of [`/${locale}/hub`, eventPath!, editionPath!]) {
      await page.goto(path);
      const downloads = page.locator('main a[href*="/calendar.ics"][download]');
      const subscriptions = page.getByRole('link', { name: t('hub.calendar.subscribe'), exact: true });
      await expect(downloads, path).toHaveCount(1);
      await expect(subscriptions, path).toHaveCount(1);
      const download = (await downloads.getAttribute('href'))!;
      expect(await subscriptions.getAttribute('href'), path).toBe(`webcal://${new URL(page.url()).host}${download}`);
      for (const link of [downloads, subscriptions]) {
        await link.scrollIntoViewIfNeeded();
        const box = (await link.boundingBox())!;
        expect(box.x, path).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, path).toBeLessThanOrEqual(WIDTH);
      }
    }
    const ics = await (await page.request.get(`${eventPath}/calendar.ics`)).text();
    expect(ics).toMatch(/^DTSTART;TZID=[A-Za-z_]+\/[A-Za-z_]+:\d{8}T\d{6}\r$/m);
    expect(ics).toContain('BEGIN:VTIMEZONE');
  });
}
