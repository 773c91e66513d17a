/**
 * The team and activity screens in Chromium: axe-clean, no horizontal scroll at 320, 360 and 1280 px,
 * and usable from the keyboard alone (approving a sign-up by its form; filtering the activity log
 * with its GET form).
 */
import { expect, type Page } from '@playwright/test';
import { expectAccessible, signInAsAdmin, test, uniqueToken } from './admin-support.ts';

const PASSWORD = 'a long enough e2e password';

function origin(page: Page): string {
  return new URL(page.url() === 'about:blank' ? (process.env['E2E_BASE_URL'] ?? '') : page.url()).origin;
}

async function expectAccessibleAndReflowing(page: Page, path: string): Promise<void> {
  for (const width of [320, 360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(path);
    await expectAccessible(page, `${path} at ${width} px`);
  }
}

/** Presses Tab until `target` has focus (fails after `limit` presses). */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit = 200): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('could not reach the element with the keyboard');
}

test.describe('team and activity screens', () => {
  test('the team screen passes axe, reflows, and approves a sign-up from the keyboard', async ({ page }) => {
    await page.goto('/en/admin/sign-in');
    // The administrator first (on a fresh database the first account is admin), then a sign-up
    // made outside the browser so the browser stays signed in as the administrator.
    await signInAsAdmin(page);
    const pendingEmail = `pending-${uniqueToken()}@e2e.example`;
    const pending = await fetch(`${origin(page)}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: origin(page) },
      body: JSON.stringify({ name: 'Pending Keyboard', email: pendingEmail, password: PASSWORD }),
    });
    expect(pending.ok, await pending.text()).toBe(true);
    await expectAccessibleAndReflowing(page, '/en/admin/team');

    const card = page.locator(`[data-testid="team-account"][data-email="${pendingEmail}"]`);
    await expect(card).toHaveAttribute('data-pending', 'true');
    await tabTo(page, card.getByRole('button', { name: 'Approve as editor' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Pending Keyboard is approved.' })).toBeVisible();
    await expect(card).toHaveAttribute('data-pending', 'false');
    await expect(card.getByTestId('team-role')).toHaveText('Editor');
  });

  test('the activity screen passes axe, reflows, and filters from the keyboard', async ({ page }) => {
    await page.goto('/en/admin/sign-in');
    await signInAsAdmin(page);
    const label = `Activity tag ${uniqueToken()}`;
    const created = await page.request.post('/api/admin/tags', { headers: { origin: origin(page) }, data: { translations: { en: { label } } } });
    expect(created.status()).toBe(201);
    await expectAccessibleAndReflowing(page, '/en/admin/activity');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/en/admin/activity');
    const collection = page.getByLabel('Collection');
    await tabTo(page, collection);
    await collection.selectOption('tags');
    await tabTo(page, page.getByRole('button', { name: 'Apply filters' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/collection=tags/);
    await expect(page.getByRole('link', { name: label })).toBeVisible();
    await expect(page.locator('.activity-entry[data-entity="event"]')).toHaveCount(0);
  });
});
