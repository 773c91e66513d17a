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

/**
 * The pages checked, in three groups of six or seven: 19 axe analyses in one test came within
 * seconds of its two minutes on a loaded machine, and the groups spread over the workers.
 */
const hubPageGroups: Record<string, (locale: string, content: FilledEvent) => [path: string, status: number][]> = {
  'the home, the hub and its searches': (locale, { event, tag }) => [
    [`/${locale}`, 200],
    [`/${locale}/hub`, 200],
    [`/${locale}/hub?tag=${tag.slug}&when=all`, 200],
    [`/${locale}/hub/search?q=${encodeURIComponent(String((event['translations'] as Record<string, { title: string }>)[locale]!.title))}`, 200],
    [`/${locale}/hub/search?q=xyzzy`, 200],
    [`/${locale}/hub/today`, 200],
  ],
  'the event and the pages it links to': (locale, { event, edition, curator, organizer, venue }) => [
    [`/${locale}/hub/event/${event.slug}`, 200],
    [`/${locale}/hub/edition/${edition.slug}`, 200],
    [`/${locale}/hub/curator/${curator.slug}`, 200],
    [`/${locale}/hub/organizer/${organizer.slug}`, 200],
    [`/${locale}/hub/venue/${venue.slug}`, 200],
    [`/${locale}/hub/event/no-such-event`, 404],
  ],
  'the indexes and the site pages': (locale) => [
    [`/${locale}/hub/about`, 200],
    [`/${locale}/hub/privacy-policy`, 200],
    [`/${locale}/hub/terms-and-conditions`, 200],
    [`/${locale}/hub/contact`, 200],
    [`/${locale}/hub/editions`, 200],
    [`/${locale}/hub/venues`, 200],
    [`/${locale}/hub/people`, 200],
  ],
};

for (const locale of locales) {
  for (const [group, pathsOf] of Object.entries(hubPageGroups)) {
    test(`${group} in ${locale} have no serious accessibility violations`, async ({ page }) => {
      for (const [path, status] of pathsOf(locale, filled)) await expectAccessible(page, path, status);
    });
  }

  test(`the contact form with errors in ${locale} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(`/${locale}/hub/contact`);
    await page.locator('form.contact-form button[type="submit"]').click();
    await expect(page.locator('.field-error').first()).toBeVisible();
    const results = await axeOn(page).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
}

for (const width of [320, 360]) {
  for (const locale of locales) {
    test(`the indexes in ${locale} reflow at ${width} px: no sideways scroll, axe clean`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      for (const name of ['today', 'editions', 'venues', 'people']) {
        const path = `/${locale}/hub/${name}`;
        await expectAccessible(page, path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      }
    });
  }
}
