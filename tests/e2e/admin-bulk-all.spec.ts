/**
 * "Select all N matching" on a list filtered to an edition of the spec's own, with more events
 * than one page shows, at 360 and 1280 px and by keyboard: the whole page is selected, the bar
 * offers every matching event, the confirmation names how many, and all of them are published.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { getTranslator, type UiKey } from '../../src/i18n/index.ts';
import { expectAccessible, signInAsEditor, test, uniqueToken, waitForIslands } from './admin-support.ts';

const t = getTranslator('en');
const tr = (key: string, vars: Record<string, unknown>) => t(key as UiKey, vars);
/** The page size the spec sets in the list's URL, and how many events its edition holds. */
const LIMIT = 10;
const EVENTS = 12;

async function post(page: Page, collection: string, body: Record<string, unknown>): Promise<number> {
  const response = await page.request.post(`/api/admin/${collection}`, { data: body, headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Shift+Tab until `target` has the focus (it comes before the focused control). */
async function shiftTabTo(page: Page, target: Locator, limit = 15): Promise<void> {
  for (let i = 0; i < limit && !(await target.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
  await expect(target).toBeFocused();
}

for (const width of [360, 1280]) {
  test(`at ${width} px, selecting all events matching the filters publishes every one of them`, async ({ page }) => {
    await signInAsEditor(page);
    await page.setViewportSize({ width, height: 800 });
    const token = uniqueToken();
    const edition = await post(page, 'editions', {
      startsAt: '2032-05-01T00:00:00Z',
      endsAt: '2032-05-31T00:00:00Z',
      timeZone: 'UTC',
      translations: { en: { title: `Select all ${token}` } },
    });
    for (let i = 0; i < EVENTS; i++) {
      await post(page, 'events', {
        editionId: edition,
        startsAt: '2032-05-02T18:00:00Z',
        endsAt: '2032-05-02T20:00:00Z',
        timeZone: 'UTC',
        venueAddress: 'Hall 3',
        translations: { en: { title: `All ${token} ${i}` } },
      });
    }

    await page.goto(`/en/admin/events?edition=${edition}&limit=${LIMIT}`);
    await waitForIslands(page);
    await expect(page.locator('table.admin-list tbody tr')).toHaveCount(LIMIT);
    const pageBox = page.getByRole('checkbox', { name: t('admin.list.selectAll') });
    await pageBox.focus();
    await page.keyboard.press('Space');
    await expect(pageBox).toBeChecked();

    const bar = page.getByRole('region', { name: t('admin.bulk.label') });
    const offer = bar.getByRole('button', { name: tr('admin.bulk.selectAllMatching', { formatted: String(EVENTS) }) });
    await shiftTabTo(page, offer);
    await page.keyboard.press('Enter');
    const what = tr('admin.bulk.matching.events', { count: EVENTS, formatted: String(EVENTS) });
    await expect(bar.locator('[aria-live="polite"]')).toHaveText(tr('admin.bulk.allMatchingSelected', { what }));
    await expect(offer).toBeHidden();
    await expect(bar.getByRole('button', { name: t('admin.bulk.clear') })).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectAccessible(page, `all matching selected at ${width} px`);

    await shiftTabTo(page, bar.getByRole('button', { name: t('admin.bulk.publish'), exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: tr('admin.bulk.confirmAll.publish', { what }) });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(t('admin.bulk.confirmAllBody'));
    await expectAccessible(page, `confirm all matching at ${width} px`);
    await dialog.getByRole('button', { name: t('admin.bulk.publish'), exact: true }).press('Enter');

    await expect(page.getByText(tr('admin.bulk.done.publish', { count: EVENTS }))).toBeVisible();
    await expect(dialog).toBeHidden();
    const drafts = await page.request.get(`/api/admin/events?edition=${edition}&status=draft`);
    expect(((await drafts.json()) as { total: number }).total).toBe(0);
    const published = await page.request.get(`/api/admin/events?edition=${edition}&status=published`);
    expect(((await published.json()) as { total: number }).total).toBe(EVENTS);
  });
}
