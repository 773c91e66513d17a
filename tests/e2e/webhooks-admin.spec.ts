/**
 * The webhook screens in Chromium, as an admin on the shared e2e server: an endpoint created
 * from the keyboard through the plain form (events ticked with the space bar), its secret shown
 * once created, a test ping listed among its deliveries; the list, the form (with its errors)
 * and the endpoint page axe-clean without horizontal scrolling at 320, 360 and 1280 px.
 */
import { expect } from '@playwright/test';
import { getTranslator } from '../../src/i18n/index.ts';
import { expectAccessible, signInAsAdmin, test, uniqueToken } from './admin-support.ts';

const fr = getTranslator('fr');
const widths = [320, 360, 1280];

test.describe('Webhooks', () => {
  test('creates an endpoint from the keyboard, pings it, and every screen fits and passes axe', async ({ page, consoleErrors }) => {
    // Nine axe runs on a shared machine.
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    await page.goto('/fr/admin/webhooks/new');
    // Submitted empty: the form comes back with its errors, announced.
    await page.getByRole('button', { name: fr('webhooks.create') }).press('Enter');
    await expect(page.locator('#webhook-form-summary')).toContainText(fr('webhooks.field.error.URL_REQUIRED'));
    // The 422 this provoked is logged by Chromium as a failed load: expected, not an error.
    const provoked = consoleErrors.filter((line) => line.includes('/fr/admin/webhooks/new: Failed to load resource') && line.includes('status of 422'));
    expect(provoked).toHaveLength(1);
    consoleErrors.splice(consoleErrors.indexOf(provoked[0]!), 1);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await expectAccessible(page, `form with errors at ${width}px`);
    }

    // Port 9 (discard) refuses connections here: the ping fails fast and waits for its retry.
    const url = `http://127.0.0.1:9/hooks/${uniqueToken()}/a-rather-long-path-for-small-screens`;
    await page.getByLabel(fr('webhooks.field.url')).fill(url);
    await page.getByLabel(fr('webhooks.field.description')).fill('Site partenaire');
    const published = page.locator('#event-event\\.published');
    await published.focus();
    await page.keyboard.press('Space');
    await expect(published).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(page.locator('#event-event\\.updated')).toBeChecked();
    await page.getByRole('button', { name: fr('webhooks.create') }).press('Enter');

    await expect(page).toHaveURL(/\/fr\/admin\/webhooks\/\d+\?notice=created$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(url);
    await expect(page.getByTestId('webhook-secret')).toBeVisible();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);

    await page.getByRole('button', { name: fr('webhooks.ping') }).press('Enter');
    await expect(page.getByTestId('webhooks-notice')).toHaveText(fr('webhooks.notice.pinged'));
    await expect(page.getByTestId('webhook-deliveries')).toContainText('webhook.ping');
    const endpointPath = new URL(page.url()).pathname;
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(endpointPath);
      await expectAccessible(page, `endpoint at ${width}px`);
      await page.goto('/fr/admin/webhooks');
      await expect(page.getByTestId('webhooks-list')).toContainText(url);
      await expectAccessible(page, `list at ${width}px`);
    }
  });
});
