/**
 * axe on one page of each type in each locale: no serious or critical violation. The pages are
 * those of an event made for the test with everything a page can show (cover, gallery, tag,
 * curator with a photo, organizer with a logo, download, venue, edition), in the three locales.
 */
import { axeOn } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { locales } from '../../src/i18n/config.ts';
import { createFilledEvent, type FilledEvent } from '../helpers/factories.ts';
import { editorClient } from './content-support.ts';

// The tests share nothing but the event made for them: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

let filled: FilledEvent;
test.beforeAll(async ({ browser }) => {
  filled = await createFilledEvent(await editorClient(browser));
});

async function expectAccessible(page: Page, path: string, status = 200): Promise<void> {
  expect((await page.goto(path))?.status(), path).toBe(status);
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
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
    const { event, edition, tag, curator, organizer, venue } = filled;
    for (const path of [
      `/${locale}`,
      `/${locale}/hub`,
      `/${locale}/hub?tag=${tag.slug}&when=all`,
      `/${locale}/hub/event/${event.slug}`,
      `/${locale}/hub/edition/${edition.slug}`,
      `/${locale}/hub/curator/${curator.slug}`,
      `/${locale}/hub/organizer/${organizer.slug}`,
      `/${locale}/hub/venue/${venue.slug}`,
      `/${locale}/hub/search?q=${encodeURIComponent(String((event['translations'] as Record<string, { title: string }>)[locale]!.title))}`,
      `/${locale}/hub/search?q=xyzzy`,
      `/${locale}/hub/about`,
      `/${locale}/hub/privacy-policy`,
      `/${locale}/hub/terms-and-conditions`,
      `/${locale}/hub/contact`,
      `/${locale}/hub/today`,
      `/${locale}/hub/editions`,
      `/${locale}/hub/venues`,
      `/${locale}/hub/people`,
    ]) {
      await expectAccessible(page, path);
    }
    await expectAccessible(page, `/${locale}/hub/event/no-such-event`, 404);
  });

  test(`the contact form with errors in ${locale} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(`/${locale}/hub/contact`);
    await page.locator('form.contact-form button[type="submit"]').click();
    await expect(page.locator('.field-error').first()).toBeVisible();
    const results = await axeOn(page).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
}

for (const width of [320, 360]) {
  test(`the indexes reflow at ${width} px: no sideways scroll, axe clean`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 740 });
    for (const locale of locales) {
      for (const name of ['today', 'editions', 'venues', 'people']) {
        const path = `/${locale}/hub/${name}`;
        await expectAccessible(page, path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      }
    }
  });
}
