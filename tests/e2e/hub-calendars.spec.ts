/**
 * Calendar links on a phone, in every locale: each calendar offers a download and an absolute
 * webcal:// subscription, both inside a 360 px viewport, and the download is a calendar in the
 * event's own zone.
 */
import { expect } from '@playwright/test';
import { locales } from '../../src/i18n/config.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { createEdition, createEvent, type Created } from '../helpers/factories.ts';
import { test } from './admin-support.ts';
import { editorClient } from './content-support.ts';

const WIDTH = 360;
let edition: Created;
let event: Created;

test.beforeAll(async ({ browser }) => {
  const editor = await editorClient(browser);
  edition = await createEdition(editor, { status: 'published' });
  event = await createEvent(editor, {
    status: 'published',
    editionId: edition.id,
    timeZone: 'America/Toronto',
    startsAt: '2031-03-05T19:30:00-05:00',
    endsAt: '2031-03-05T21:00:00-05:00',
  });
});

for (const locale of locales) {
  test(`calendar links fit a ${WIDTH} px phone in ${locale}`, async ({ page }) => {
    const t = getTranslator(locale);
    await page.setViewportSize({ width: WIDTH, height: 800 });
    const eventPath = `/${locale}/hub/event/${event.slug}`;
    const editionPath = `/${locale}/hub/edition/${edition.slug}`;
    for (const path of [`/${locale}/hub`, eventPath, editionPath]) {
      await page.goto(path);
      // The edition keeps its calendars behind one "Subscribe & export" disclosure: open it first.
      if (path === editionPath)
        await page
          .locator('details', { has: page.locator('summary', { hasText: t('hub.edition.subscribeExport') }) })
          .locator('summary')
          .click();
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
    expect(ics).toMatch(/^DTSTART;TZID=America\/Toronto:20310305T193000\r$/m);
    expect(ics).toContain('BEGIN:VTIMEZONE');
  });
}
